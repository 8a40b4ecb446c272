/**
 * Production's publish receiver, as a Netlify function at /api/publish: Strapi's webhook points there, with
 * the header `Authorization: Bearer <WEBHOOK_SECRET>` (the embedded service's signed events are taken too).
 * The same receiver as `npm run webhook` (scripts/publish/receiver.ts), which here calls the build
 * hook of each site concerned (NETLIFY_BUILD_HOOK_FR / _BE). Its memory lives in the site's Netlify Blobs
 * store, which every instance of the function shares (_shared/publish-builds.ts): an event sent again to any
 * instance builds nothing more, and a burst of events calls each hook once at its start and, when it lasts,
 * once for the rest, through this function or the minute sweep (publish-sweep.ts). Netlify queues the
 * builds and deploys each one atomically.
 */
import { readWebhookConfig } from '../../src/backend/config/publishing.ts';
import { buildHookCaller, netlifyStore, publishFunction } from './_shared/publish-builds.ts';

const settings = readWebhookConfig(process.env);

export default publishFunction({ secret: settings.secret, store: netlifyStore(), callHook: buildHookCaller(settings.buildHooks) });

export const config = { path: '/api/publish' };
