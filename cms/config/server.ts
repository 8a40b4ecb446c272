/**
 * Where Strapi listens, and the keys of its session cookies (APP_KEYS, comma-separated): required in production.
 * PUBLIC_URL is the address editors and webhooks reach it at behind a proxy (https in production).
 */
import type { Core } from '@strapi/strapi';
import { secretsOf } from '../src/environment';

export default ({ env }: Core.Config.Shared.ConfigParams) => ({
  host: env('HOST', '127.0.0.1'),
  port: env.int('PORT', 1337),
  url: env('PUBLIC_URL', ''),
  proxy: env.bool('IS_PROXIED', false),
  app: { keys: secretsOf(env, 'APP_KEYS') },
  // A webhook names the entry and its own fields; the receiver reads which pages to build from the model alone.
  webhooks: { populateRelations: false },
  // The version is pinned (package.json, all of Strapi's packages at one version): no check for a newer one at
  // each start (Strapi still writes the check's empty cache, .strapi-updater.json, gitignored).
  logger: { updates: { enabled: false } },
});
