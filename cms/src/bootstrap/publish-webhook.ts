/**
 * At each start, when PUBLISH_WEBHOOK_URL is set: Strapi's webhook to the sites' publish receiver (the shop's
 * scripts/webhook.ts, `npm start`'s, or the Netlify function), registered here rather than by hand in the admin panel,
 * so it cannot be forgotten nor drift. It carries `Authorization: Bearer <WEBHOOK_SECRET>`, the static secret the
 * receiver compares in constant time (Strapi signs nothing), on every event that may change a page: an entry created,
 * changed, published, unpublished or deleted, a picture uploaded, changed or deleted. The receiver builds the
 * channels an event concerns and answers 204 to the rest. A webhook of that name is brought back to these settings
 * if an admin changed it; other webhooks are the admins' own and are left alone.
 */
import type { Core } from '@strapi/strapi';

const NAME = 'Sites: publish receiver';
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

export async function registerPublishWebhook(strapi: Core.Strapi): Promise<void> {
  const url = process.env.PUBLISH_WEBHOOK_URL;
  if (!url) return;
  const secret = process.env.WEBHOOK_SECRET;
  // The receiver refuses a production start with a secret under 24 characters; Strapi would only send a weaker one.
  if (!secret || (process.env.NODE_ENV === 'production' && secret.length < 24))
    throw new Error('PUBLISH_WEBHOOK_URL is set without WEBHOOK_SECRET (24 characters at least in production): the receiver would refuse every event.');
  const store = strapi.get('webhookStore') as Store;
  const runner = strapi.get('webhookRunner') as Runner;
  const wanted = { name: NAME, url, headers: { Authorization: `Bearer ${secret}` }, events: EVENTS, isEnabled: true };
  const existing = (await store.findWebhooks()).find((webhook) => webhook.name === NAME);
  if (!existing) {
    runner.add(await store.createWebhook(wanted));
    strapi.log.info(`Webhook "${NAME}" registered: ${url}`);
    return;
  }
  const same =
    existing.url === url &&
    existing.isEnabled &&
    existing.headers.Authorization === wanted.headers.Authorization &&
    existing.events.length === EVENTS.length &&
    EVENTS.every((event) => existing.events.includes(event));
  if (same) return;
  runner.update(await store.updateWebhook(existing.id, wanted));
  strapi.log.info(`Webhook "${NAME}" brought back to ${url}, its secret and its events.`);
}
