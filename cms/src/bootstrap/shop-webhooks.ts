/**
 * At each start, Strapi's webhooks to the shop, registered here rather than by hand in the admin panel, so they
 * cannot be forgotten nor drift:
 * - to the sites' publish receiver (PUBLISH_WEBHOOK_URL: the shop's scripts/webhook.ts, `npm start`'s, or the Netlify
 *   function), which builds the channels an event concerns and answers 204 to the rest;
 * - to the shop platform's copy of the catalogue (PLATFORM_WEBHOOK_URL: its `/catalogue/events`), which copies the
 *   products, formats and categories the carts, the search and the guides read (src/backend/content/mirror.ts).
 * Each carries `Authorization: Bearer <WEBHOOK_SECRET>`, the static secret both compare in constant time (Strapi
 * signs nothing), on every event that may change a page or a price: an entry created, changed, published,
 * unpublished or deleted, a picture uploaded, changed or deleted. A webhook of one of these names is brought back to
 * these settings if an admin changed it; other webhooks are the admins' own and are left alone.
 */
import type { Core } from '@strapi/strapi';

const WEBHOOKS = [
  { name: 'Sites: publish receiver', variable: 'PUBLISH_WEBHOOK_URL' },
  { name: 'Shop: catalogue copy', variable: 'PLATFORM_WEBHOOK_URL' },
] as const;
const EVENTS = [
  'entry.create',
  'entry.update',
  'entry.delete',
  'entry.publish',
  'entry.unpublish',
  'media.create',
  'media.update',
  'media.delete',
];

interface Webhook {
  id: number;
  name: string;
  url: string;
  headers: Record<string, string>;
  events: string[];
  isEnabled: boolean;
}
/** What is used here of Strapi's webhook store and runner (@strapi/core's services/webhook-store and webhook-runner). */
interface Store {
  findWebhooks(): Promise<Webhook[]>;
  createWebhook(data: Omit<Webhook, 'id'>): Promise<Webhook>;
  updateWebhook(id: number, data: Omit<Webhook, 'id'>): Promise<Webhook>;
}
interface Runner {
  add(webhook: Webhook): void;
  update(webhook: Webhook): void;
}

export async function registerShopWebhooks(strapi: Core.Strapi): Promise<void> {
  const wanted = WEBHOOKS.flatMap(({ name, variable }) => {
    const url = process.env[variable];
    return url ? [{ name, variable, url }] : [];
  });
  if (!wanted.length) return;
  const secret = process.env.WEBHOOK_SECRET;
  // The shop refuses a production start with a secret under 24 characters; Strapi would only send a weaker one.
  if (!secret || (process.env.NODE_ENV === 'production' && secret.length < 24))
    throw new Error(
      `${wanted.map((w) => w.variable).join(' and ')} set without WEBHOOK_SECRET (24 characters at least in production): the shop would refuse every event.`,
    );
  const store = strapi.get('webhookStore') as Store;
  const runner = strapi.get('webhookRunner') as Runner;
  const existing = await store.findWebhooks();
  for (const { name, url } of wanted) {
    const webhook = { name, url, headers: { Authorization: `Bearer ${secret}` }, events: EVENTS, isEnabled: true };
    const found = existing.find((w) => w.name === name);
    if (!found) {
      runner.add(await store.createWebhook(webhook));
      strapi.log.info(`Webhook "${name}" registered: ${url}`);
      continue;
    }
    const same =
      found.url === url &&
      found.isEnabled &&
      found.headers.Authorization === webhook.headers.Authorization &&
      found.events.length === EVENTS.length &&
      EVENTS.every((event) => found.events.includes(event));
    if (same) continue;
    runner.update(await store.updateWebhook(found.id, webhook));
    strapi.log.info(`Webhook "${name}" brought back to ${url}, its secret and its events.`);
  }
}
