/**
 * Editors' publish events from the content service (Strapi webhooks): `POST {"event":"entry.publish",
 * "createdAt","model","entry":{…}}` with an `X-Strapi-Event` header, signed with the secret the service
 * and the receivers share: `X-Webhook-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">` and
 * `X-Webhook-Timestamp: <Unix seconds>`. The timestamp is inside the signature, so a captured event
 * cannot be replayed later with a fresh one; within its five minutes a replay has the same signature,
 * which the receiver remembers. Web Crypto only: the same code signs on the platform and checks in the
 * local receiver and the Netlify function.
 */
import { z } from 'zod';
import { languages, type Language } from '../channels.ts';

export const SIGNATURE_HEADER = 'X-Webhook-Signature';
export const TIMESTAMP_HEADER = 'X-Webhook-Timestamp';
export const EVENT_HEADER = 'X-Strapi-Event';
/** An event older (or further in the future, clocks drift) than this is refused. */
export const WEBHOOK_MAX_AGE_MS = 5 * 60 * 1000;

/** The events that change what the sites show: each rebuilds the channels concerned. */
const REBUILD_EVENTS = ['entry.create', 'entry.update', 'entry.publish', 'entry.unpublish', 'entry.delete'] as const;
export type RebuildEvent = (typeof REBUILD_EVENTS)[number];

const webhookPayload = z.object({
  event: z.string().max(64),
  createdAt: z.string().max(64),
  model: z.string().max(128),
  entry: z.record(z.string(), z.unknown()),
});
export type WebhookPayload = z.infer<typeof webhookPayload>;

/** A site build: each channel is its own Netlify site. */
export type BuildChannel = 'fr' | 'be';

/**
 * Dutch texts are only shown on the BE site; French texts on both, and a product's prices (shared by its
 * languages) on both whatever the language edited.
 */
export function channelsConcerned(payload: Pick<WebhookPayload, 'model' | 'entry'>): BuildChannel[] {
  const locale = payload.entry.locale;
  const language = (languages as readonly unknown[]).includes(locale) ? (locale as Language) : undefined;
  return language === 'nl' && payload.model !== 'b2c-product' ? ['be'] : ['fr', 'be'];
}

const toHex = (buffer: ArrayBuffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');

/** `sha256=<hex>`: the HMAC-SHA256 of `<timestamp>.<body>` under the shared secret. */
export async function signWebhook(secret: string, timestamp: number, body: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return `sha256=${toHex(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${timestamp}.${body}`)))}`;
}

/** The headers of one signed delivery. */
export async function signedHeaders(secret: string, event: string, body: string, now: Date): Promise<Record<string, string>> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    'Content-Type': 'application/json',
    [EVENT_HEADER]: event,
    [TIMESTAMP_HEADER]: String(timestamp),
    [SIGNATURE_HEADER]: await signWebhook(secret, timestamp, body),
  };
}

/** Compares in a time that does not depend on where the texts differ, so a signature cannot be guessed a character at a time. */
function sameText(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < b.length; i += 1) diff |= (a.charCodeAt(i) || 0) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * The signatures seen within the last WEBHOOK_MAX_AGE_MS (older events are refused by their timestamp
 * anyway, so they are forgotten), and at most `capacity` of them: a flood cannot grow the memory.
 */
export function replayMemory(capacity = 10_000) {
  const seen = new Map<string, number>();
  return {
    /** Records the signature; false when it was already seen (a replay). */
    remember(signature: string, now: number): boolean {
      for (const [key, at] of seen) {
        if (at > now - WEBHOOK_MAX_AGE_MS && seen.size < capacity) break;
        seen.delete(key);
      }
      if (seen.has(signature)) return false;
      seen.set(signature, now);
      return true;
    },
    get size(): number {
      return seen.size;
    },
  };
}
export type ReplayMemory = ReturnType<typeof replayMemory>;

export type WebhookVerdict =
  | { rebuild: true; model: string; event: RebuildEvent; channels: BuildChannel[] }
  | { rebuild: false; status: 202 | 400 | 401; reason: string };

export interface WebhookRequest {
  event?: string | null;
  signature?: string | null;
  timestamp?: string | null;
  /** The body exactly as received: the signature covers its bytes, not a re-serialisation. */
  body: string;
}

/** Decides what an incoming webhook asks for: signed with `secret`, fresh, not seen before, and a rebuild event. */
export async function judgeWebhook(
  request: WebhookRequest,
  options: { secret: string; now: Date; replays: ReplayMemory },
): Promise<WebhookVerdict> {
  const timestamp = Number(request.timestamp);
  if (!request.signature || !request.timestamp || !Number.isInteger(timestamp))
    return { rebuild: false, status: 401, reason: `Missing ${SIGNATURE_HEADER} or ${TIMESTAMP_HEADER}` };
  if (!sameText(request.signature, await signWebhook(options.secret, timestamp, request.body)))
    return { rebuild: false, status: 401, reason: 'Bad signature' };
  if (Math.abs(options.now.getTime() - timestamp * 1000) > WEBHOOK_MAX_AGE_MS)
    return { rebuild: false, status: 401, reason: 'Expired timestamp' };
  if (!options.replays.remember(request.signature, options.now.getTime())) return { rebuild: false, status: 401, reason: 'Replayed event' };
  let json: unknown = null;
  try {
    json = JSON.parse(request.body);
  } catch {
    /* judged below as not a webhook */
  }
  const parsed = webhookPayload.safeParse(json);
  if (!parsed.success) return { rebuild: false, status: 400, reason: 'Not a content service webhook' };
  if (request.event && request.event !== parsed.data.event)
    return { rebuild: false, status: 400, reason: `${EVENT_HEADER} does not match the body` };
  const event = REBUILD_EVENTS.find((e) => e === parsed.data.event);
  if (!event) return { rebuild: false, status: 202, reason: `Ignored event ${parsed.data.event}` };
  return { rebuild: true, model: parsed.data.model, event, channels: channelsConcerned(parsed.data) };
}

/**
 * Coalesces bursts of publish events (an editor saving ten products) into one rebuild of every channel
 * they concern, and never runs two builds at once: events arriving during a build schedule exactly one more.
 */
export function rebuildQueue(
  build: (channels: BuildChannel[]) => Promise<void>,
  quietMs: number,
  timers: { set: typeof setTimeout; clear: typeof clearTimeout } = { set: setTimeout, clear: clearTimeout },
) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  const pending = new Set<BuildChannel>();
  const start = async (): Promise<void> => {
    if (running || pending.size === 0) return;
    const channels = (['fr', 'be'] as const).filter((c) => pending.has(c));
    pending.clear();
    running = build(channels).finally(() => {
      running = undefined;
      void start();
    });
    await running;
  };
  return {
    request(channels: readonly BuildChannel[]): void {
      for (const channel of channels) pending.add(channel);
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
