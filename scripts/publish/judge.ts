/**
 * How the publish receiver (receiver.ts) judges a delivery of the content service's webhooks (their form:
 * src/lib/content/webhook.ts): who sent it (Strapi's secret header, or the embedded service's signature, each
 * compared in constant time as the platform compares its secrets, src/backend/secrets.ts: when a request
 * carries a signature, the signature decides and any Authorization header is ignored, as it proves more, the
 * body and the time), its body, its age, whether it changes what the sites show, whether it was received
 * before, and the channels it concerns. The local receiver (scripts/webhook.ts) and the Netlify function
 * (netlify/functions/publish.ts) both judge with this.
 */
import { z } from 'zod';
import { languages, type Language } from '../../src/lib/channels.ts';
import { modelOf } from '../../src/lib/content/editor.ts';
import {
  EVENT_HEADER,
  REBUILD_EVENTS,
  type RebuildEvent,
  SECRET_HEADER,
  signWebhook,
  TIMESTAMP_HEADER,
} from '../../src/lib/content/webhook.ts';
import { sameSecret } from '../../src/backend/secrets.ts';
import { createHash } from 'node:crypto';

/**
 * The age rule: an event whose time is more than this before (or after: clocks drift) the receiver's clock is
 * refused. Its time is the signed `X-Webhook-Timestamp` when there is one, else the body's `createdAt`,
 * which Strapi sets when it sends (there is no time header in the static-secret form). Strapi sends an event
 * within seconds of the editor's click, so five minutes leave room for a queue and a clock's drift, while a
 * delivery kept and sent again later triggers nothing. Within the five minutes, the same event sent again
 * (the same body) is recognised by the replay memory and coalesced with the first: it builds nothing more.
 */
export const WEBHOOK_MAX_AGE_MS = 5 * 60 * 1000;

/** Strapi 5 saves a draft with these and leaves the published version alone (document-service/repository.ts). */
const DRAFT_EVENTS: readonly string[] = ['entry.create', 'entry.update', 'entry.delete'];

/** `new Date()` serialised by Strapi: an ISO instant. */
const instant = z
  .string()
  .max(64)
  .refine((text) => Number.isFinite(Date.parse(text)), 'Not a date');
const entryEvent = z.object({
  event: z.string().max(64),
  createdAt: instant,
  model: z.string().min(1).max(128),
  uid: z.string().max(256).optional(),
  entry: z.record(z.string(), z.unknown()),
});
const mediaEvent = z.object({
  event: z.string().max(64),
  createdAt: instant,
  // A picture deleted twice at once is found by neither: Strapi then sends `media: null`.
  media: z.record(z.string(), z.unknown()).nullable(),
});
/** Any other event an admin may tick (Strapi's "Trigger" button sends `trigger-test`): nothing to build. */
const otherEvent = z.object({ event: z.string().max(64), createdAt: instant });
type WebhookPayload = z.infer<typeof entryEvent>;

/** A site build: each channel is its own Netlify site. */
export type BuildChannel = 'fr' | 'be';

/** The model a picture's events name in a verdict (the upload plugin's files have no `model` in the body). */
const MEDIA_MODEL = 'media';

/**
 * The channels an entry of the embedded service concerns: Dutch texts are only shown on the BE site; French
 * texts on both, and a product's prices (shared by its languages) on both whatever the language edited. A
 * locale is read by its language (`nl`, `nl-BE`, `nl_BE`); an entry without one (a type not localized)
 * concerns both.
 *
 * Strapi's entries concern both channels whatever their locale: nearly every content type of cms/ keeps some
 * fields shared by its languages (a format's price, a shop's address, a page's kind), and Strapi copies them
 * to the other locales' versions of the same state without an event of their own (the i18n plugin's
 * syncNonLocalizedAttributes, draft to drafts, published to published): a Dutch publish can change the FR
 * site, and an event cannot say which fields changed.
 */
export function channelsConcerned(payload: Pick<WebhookPayload, 'model' | 'entry'>): BuildChannel[] {
  const locale = payload.entry.locale;
  const code = typeof locale === 'string' ? locale.split(/[-_]/)[0]?.toLowerCase() : undefined;
  const language = (languages as readonly unknown[]).includes(code) ? (code as Language) : undefined;
  return language === 'nl' && payload.model !== modelOf.products ? ['be'] : ['fr', 'be'];
}

/**
 * The models the sites show: the project's own content types (Strapi's `api::` namespace, all of them read by
 * the builds or the platform: an extra build costs less than a list to keep in step with cms/), never a
 * plugin's or the admin's (`plugin::users-permissions.user`, `admin::user`, `plugin::i18n.locale`…). An event
 * without `uid` (a sender older than Strapi 5) is judged by its model: one the embedded service names.
 */
function shownModel(payload: WebhookPayload): boolean {
  if (payload.uid !== undefined) return payload.uid.startsWith('api::');
  return (Object.values(modelOf) as string[]).includes(payload.model);
}

/** The name under which an event is remembered: its body's digest (the body carries its time to the millisecond). */
function eventKey(body: string): string {
  return createHash('sha256').update(body, 'utf8').digest('hex');
}

/**
 * The events accepted within the last WEBHOOK_MAX_AGE_MS (older events are refused by their time anyway, so
 * they are forgotten), and at most `capacity` of them: a flood cannot grow the memory.
 */
export function replayMemory(capacity = 10_000) {
  const seen = new Map<string, number>();
  return {
    /**
     * Records the event (`key`, at `now`; `eventAt` is the event's own time, for a memory shared with
     * other instances); false when it was already seen (a replay).
     */
    remember(key: string, now: number, _eventAt?: number): boolean {
      for (const [known, at] of seen) {
        if (at > now - WEBHOOK_MAX_AGE_MS && seen.size < capacity) break;
        seen.delete(known);
      }
      if (seen.has(key)) return false;
      seen.set(key, now);
      return true;
    },
    get size(): number {
      return seen.size;
    },
  };
}
export type ReplayMemory = Pick<ReturnType<typeof replayMemory>, 'remember' | 'size'>;

/**
 * What a delivery asks for: a rebuild of `channels`, or an answer without one: 200 for an event already
 * received (its build is already asked for), 204 for an event that changes nothing the sites show, 400 for a
 * body that is not a content service webhook, 401 for a missing or wrong secret or signature, or an event
 * outside the age rule.
 */
export type WebhookVerdict =
  | { rebuild: true; model: string; event: RebuildEvent; channels: BuildChannel[] }
  | { rebuild: false; status: 200 | 204 | 400 | 401; reason: string };

export interface WebhookRequest {
  event?: string | null;
  signature?: string | null;
  timestamp?: string | null;
  /** The `Authorization` header, `Bearer <secret>`. */
  authorization?: string | null;
  /** The body exactly as received: the signature covers its bytes, not a re-serialisation. */
  body: string;
}

const refuse = (status: 200 | 204 | 400 | 401, reason: string): WebhookVerdict => ({ rebuild: false, status, reason });

/** Who sent it: the event's time when signed, `null` for the static secret, or the refusal. */
async function authenticate(request: WebhookRequest, secret: string): Promise<{ signedAt: number | null } | WebhookVerdict> {
  if (request.signature) {
    const timestamp = Number(request.timestamp);
    if (!request.timestamp || !Number.isInteger(timestamp)) return refuse(401, `Missing ${TIMESTAMP_HEADER}`);
    if (!sameSecret(request.signature, await signWebhook(secret, timestamp, request.body))) return refuse(401, 'Bad signature');
    return { signedAt: timestamp * 1000 };
  }
  const bearer = /^\s*Bearer\s+(\S+)\s*$/i.exec(request.authorization ?? '');
  if (!request.authorization) return refuse(401, `Missing ${SECRET_HEADER}: Bearer <secret>`);
  if (!bearer || !sameSecret(bearer[1]!, secret)) return refuse(401, 'Bad secret');
  return { signedAt: null };
}

/**
 * Decides what an incoming webhook asks for. In this order: who sent it (401, before the body is read, so a
 * stranger learns nothing), its body (400), its age (401), whether it changes anything shown (204), whether
 * it was received before (200), and else the rebuild of the channels it concerns.
 */
export async function judgeWebhook(
  request: WebhookRequest,
  options: { secret: string; now: Date; replays: ReplayMemory },
): Promise<WebhookVerdict> {
  const sender = await authenticate(request, options.secret);
  if ('rebuild' in sender) return sender;
  let json: unknown = null;
  try {
    json = JSON.parse(request.body);
  } catch {
    /* judged below as not a webhook */
  }
  const event = typeof json === 'object' && json !== null ? (json as { event?: unknown }).event : undefined;
  const kind = typeof event !== 'string' ? 'none' : event.startsWith('entry.') ? 'entry' : event.startsWith('media.') ? 'media' : 'other';
  const parsed = kind === 'entry' ? entryEvent.safeParse(json) : kind === 'media' ? mediaEvent.safeParse(json) : otherEvent.safeParse(json);
  if (!parsed.success) return refuse(400, 'Not a content service webhook');
  if (request.event && request.event !== parsed.data.event) return refuse(400, `${EVENT_HEADER} does not match the body`);
  const eventAt = sender.signedAt ?? Date.parse(parsed.data.createdAt);
  if (Math.abs(options.now.getTime() - eventAt) > WEBHOOK_MAX_AGE_MS) return refuse(401, 'Expired event');

  const rebuildEvent = REBUILD_EVENTS.find((e) => e === parsed.data.event);
  if (!rebuildEvent) return refuse(204, `Ignored event ${parsed.data.event}`);
  let verdict: WebhookVerdict;
  if ('entry' in parsed.data) {
    const payload = parsed.data as WebhookPayload;
    if (!shownModel(payload)) return refuse(204, `Ignored model ${payload.uid ?? payload.model}: the sites do not show it`);
    // A draft saved, created or deleted leaves the published version as it was: the sites read only that.
    // (The embedded service writes live and says so with a published date.)
    if (DRAFT_EVENTS.includes(rebuildEvent) && payload.entry.publishedAt === null)
      return refuse(204, `Ignored draft of ${payload.model}: the sites show only published entries`);
    const channels: BuildChannel[] = sender.signedAt === null ? ['fr', 'be'] : channelsConcerned(payload);
    verdict = { rebuild: true, model: payload.model, event: rebuildEvent, channels };
  } else {
    // A picture may be on any page of either site.
    verdict = { rebuild: true, model: MEDIA_MODEL, event: rebuildEvent, channels: ['fr', 'be'] };
  }
  if (!options.replays.remember(eventKey(request.body), options.now.getTime(), eventAt))
    return refuse(200, 'Already received: its build is already asked for');
  return verdict;
}
