/**
 * Editors' publish events from the content service: Strapi 5's own webhooks, and the embedded service's
 * imitation of them. Both POST the body Strapi 5's webhook runner sends (packages/core/core/src/services/
 * webhook-runner.ts: `{ event, createdAt, ...info }` with an `X-Strapi-Event` header): for an entry
 * `{ event, createdAt, model, uid, entry }` (document-service/events.ts: `model` is the content type's
 * singular name, `uid` e.g. `api::b2c-product.b2c-product`), for a picture `{ event, createdAt, media }`
 * (upload/server/src/services/upload.ts). They prove they come from the content service in one of two ways:
 *
 * - Strapi cannot sign a body: it sends the headers an admin typed in its webhook settings. Ours is
 *   `Authorization: Bearer <WEBHOOK_SECRET>`, compared in constant time.
 * - The embedded service signs: `X-Webhook-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">` and
 *   `X-Webhook-Timestamp: <Unix seconds>` under the same secret, which binds the body and its time.
 *   When a request carries a signature, the signature decides and any Authorization header is ignored:
 *   it proves more (the body and the time, not only the secret).
 *
 * Web Crypto only: the same code runs in the local receiver and in the Netlify function.
 */
import { z } from 'zod';
import { languages, type Language } from '../channels.ts';
import { modelOf } from './editor.ts';

export const SIGNATURE_HEADER = 'X-Webhook-Signature';
export const TIMESTAMP_HEADER = 'X-Webhook-Timestamp';
export const EVENT_HEADER = 'X-Strapi-Event';
/** The header an admin adds to Strapi's webhook, its value `Bearer <WEBHOOK_SECRET>`. */
export const SECRET_HEADER = 'Authorization';
/**
 * The age rule: an event whose time is more than this before (or after: clocks drift) the receiver's clock is
 * refused. Its time is the signed `X-Webhook-Timestamp` when there is one, else the body's `createdAt`,
 * which Strapi sets when it sends (there is no time header in the static-secret form). Strapi sends an event
 * within seconds of the editor's click, so five minutes leave room for a queue and a clock's drift, while a
 * delivery kept and sent again later triggers nothing. Within the five minutes, the same event sent again
 * (the same body) is recognised by the replay memory and coalesced with the first: it builds nothing more.
 */
export const WEBHOOK_MAX_AGE_MS = 5 * 60 * 1000;

/** The events that can change what the sites show: each rebuilds the channels concerned. */
const REBUILD_EVENTS = [
  'entry.create',
  'entry.update',
  'entry.publish',
  'entry.unpublish',
  'entry.delete',
  'media.create',
  'media.update',
  'media.delete',
] as const;
export type RebuildEvent = (typeof REBUILD_EVENTS)[number];
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
export type WebhookPayload = z.infer<typeof entryEvent>;

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

const toHex = (buffer: ArrayBuffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');
const encode = (text: string) => new TextEncoder().encode(text);

/** `sha256=<hex>`: the HMAC-SHA256 of `<timestamp>.<body>` under the shared secret. */
export async function signWebhook(secret: string, timestamp: number, body: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return `sha256=${toHex(await crypto.subtle.sign('HMAC', key, encode(`${timestamp}.${body}`)))}`;
}

/** The headers of one signed delivery (the embedded service's form). */
export async function signedHeaders(secret: string, event: string, body: string, now: Date): Promise<Record<string, string>> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    'Content-Type': 'application/json',
    [EVENT_HEADER]: event,
    [TIMESTAMP_HEADER]: String(timestamp),
    [SIGNATURE_HEADER]: await signWebhook(secret, timestamp, body),
  };
}

/** The headers Strapi sends with our webhook: its own two, and the one the admin configured. */
export function strapiHeaders(secret: string, event: string): Record<string, string> {
  return { 'Content-Type': 'application/json', [EVENT_HEADER]: event, [SECRET_HEADER]: `Bearer ${secret}` };
}

/**
 * Whether two texts are equal, in a time that depends neither on where they differ nor on their lengths:
 * both are hashed first and the fixed-size digests compared byte by byte without an early exit, so a
 * secret or a signature cannot be guessed a character at a time (what Node's timingSafeEqual gives, with
 * Web Crypto only).
 */
export async function sameSecret(given: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([crypto.subtle.digest('SHA-256', encode(given)), crypto.subtle.digest('SHA-256', encode(expected))]);
  const x = new Uint8Array(a);
  const y = new Uint8Array(b);
  let diff = 0;
  for (let i = 0; i < x.length; i += 1) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}

/** The name under which an event is remembered: its body's digest (the body carries its time to the millisecond). */
async function eventKey(body: string): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', encode(body)));
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
    if (!(await sameSecret(request.signature, await signWebhook(secret, timestamp, request.body)))) return refuse(401, 'Bad signature');
    return { signedAt: timestamp * 1000 };
  }
  const bearer = /^\s*Bearer\s+(\S+)\s*$/i.exec(request.authorization ?? '');
  if (!request.authorization) return refuse(401, `Missing ${SECRET_HEADER}: Bearer <secret>`);
  if (!bearer || !(await sameSecret(bearer[1]!, secret))) return refuse(401, 'Bad secret');
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
  if (!options.replays.remember(await eventKey(request.body), options.now.getTime(), eventAt))
    return refuse(200, 'Already received: its build is already asked for');
  return verdict;
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
