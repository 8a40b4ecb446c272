/**
 * The publish webhooks of the content service, as both ends read them: Strapi 5's own, and the embedded
 * service's imitation of them, which sends them (src/backend/content/editor/webhooks.ts) as the publish
 * receiver takes them (scripts/publish/). Both POST the body Strapi 5's webhook runner sends (packages/core/
 * core/src/services/webhook-runner.ts: `{ event, createdAt, ...info }` with an `X-Strapi-Event` header): for an
 * entry `{ event, createdAt, model, uid, entry }` (document-service/events.ts: `model` is the content type's
 * singular name, `uid` e.g. `api::b2c-product.b2c-product`), for a picture `{ event, createdAt, media }`
 * (upload/server/src/services/upload.ts). They prove they come from the content service in one of two ways:
 *
 * - Strapi cannot sign a body: it sends the headers an admin typed in its webhook settings. Ours is
 *   `Authorization: Bearer <WEBHOOK_SECRET>`.
 * - The embedded service signs: `X-Webhook-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">` and
 *   `X-Webhook-Timestamp: <Unix seconds>` under the same secret, which binds the body and its time.
 *
 * How the receiver judges a delivery is scripts/publish/judge.ts. Web Crypto only: the platform signs with it.
 */
export const SIGNATURE_HEADER = 'X-Webhook-Signature';
export const TIMESTAMP_HEADER = 'X-Webhook-Timestamp';
export const EVENT_HEADER = 'X-Strapi-Event';
/** The header an admin adds to Strapi's webhook, its value `Bearer <WEBHOOK_SECRET>`. */
export const SECRET_HEADER = 'Authorization';

/** The events that can change what the sites show: each rebuilds the channels concerned. */
export const REBUILD_EVENTS = [
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
