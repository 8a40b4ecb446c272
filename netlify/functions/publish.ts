/**
 * Production's publish receiver, as a Netlify function at /api/publish (point the content service's
 * webhook there): the same receiver as `npm run webhook` (src/lib/content/publish-receiver.ts), which
 * here calls the build hook of each site concerned (NETLIFY_BUILD_HOOK_FR / _BE). Its memory lives in the
 * site's Netlify Blobs store, which every instance of the function shares (_shared/publish-builds.ts): an
 * event replayed to any instance is refused, and a burst of events calls each hook once at its start and
 * once for the rest, through this function or the minute sweep (publish-sweep.ts). Netlify queues the
 * builds and deploys each one atomically.
 */
import { readWebhookConfig } from '../../src/backend/config.ts';
import { buildHookCaller, netlifyStore, publishFunction } from './_shared/publish-builds.ts';

const settings = readWebhookConfig(process.env);

export default publishFunction({ secret: settings.secret, store: netlifyStore(), callHook: buildHookCaller(settings.buildHooks) });

export const config = { path: '/api/publish' };
