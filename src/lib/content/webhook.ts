/**
 * Editors' publish events from the content service (Strapi webhooks): `POST {"event":"entry.publish",
 * "createdAt","model","entry":{…}}` with an `X-Strapi-Event` header. Every model is shown on both sites
 * (French and Dutch texts, shared prices), so any accepted event rebuilds both channels.
 */
import { z } from 'zod';

const REBUILD_EVENTS = ['entry.publish', 'entry.unpublish', 'entry.update', 'entry.delete', 'entry.create'] as const;

const webhookPayload = z.object({
  event: z.string().max(64),
  createdAt: z.string().max(64),
  model: z.string().max(128),
  entry: z.record(z.string(), z.unknown()),
});

export type WebhookVerdict = { rebuild: true; model: string } | { rebuild: false; status: 202 | 400 | 401; reason: string };

/** Compares in a time that does not depend on where the texts differ, so the token cannot be guessed a character at a time. */
function sameText(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < b.length; i += 1) diff |= (a.charCodeAt(i) || 0) ^ b.charCodeAt(i);
  return diff === 0;
}

/** Decides what an incoming webhook asks for; `secret` (when set) must be sent as a Bearer token. */
export function judgeWebhook(
  headers: { event?: string | null; authorization?: string | null },
  body: unknown,
  secret?: string,
): WebhookVerdict {
  if (secret && !sameText(headers.authorization ?? '', `Bearer ${secret}`))
    return { rebuild: false, status: 401, reason: 'Bad or missing token' };
  const parsed = webhookPayload.safeParse(body);
  if (!parsed.success) return { rebuild: false, status: 400, reason: 'Not a content service webhook' };
  if (headers.event && headers.event !== parsed.data.event)
    return { rebuild: false, status: 400, reason: 'X-Strapi-Event does not match the body' };
  if (!(REBUILD_EVENTS as readonly string[]).includes(parsed.data.event))
    return { rebuild: false, status: 202, reason: `Ignored event ${parsed.data.event}` };
  return { rebuild: true, model: parsed.data.model };
}

/**
 * Coalesces bursts of publish events (an editor saving ten products) into one rebuild, and never runs
 * two builds at once: events arriving during a build schedule exactly one more.
 */
export function rebuildQueue(
  build: () => Promise<void>,
  quietMs: number,
  timers: { set: typeof setTimeout; clear: typeof clearTimeout } = { set: setTimeout, clear: clearTimeout },
) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  const start = async (): Promise<void> => {
    if (running) {
      again = true;
      return;
    }
    running = build().finally(() => {
      running = undefined;
      if (again) {
        again = false;
        void start();
      }
    });
    await running;
  };
  return {
    request(): void {
      if (timer) timers.clear(timer);
      timer = timers.set(() => {
        timer = undefined;
        void start();
      }, quietMs);
    },
    get busy(): boolean {
      return running !== undefined;
    },
  };
}
