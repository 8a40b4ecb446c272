/**
 * The publish function's minute sweep, a Netlify scheduled function: calls the build hook of each site whose
 * last events came within a build request's window and are covered by no call yet (the end of a burst), and
 * forgets the events too old for the age rule to let them through again (_shared/publish-builds.ts).
 */
import { readWebhookConfig } from '../../src/backend/config/publishing.ts';
import { buildHookCaller, netlifyStore, sweepPublishes } from './_shared/publish-builds.ts';

const settings = readWebhookConfig(process.env);
const coalescer = { store: netlifyStore(), callHook: buildHookCaller(settings.buildHooks) };

export default async (): Promise<Response> => {
  const { built } = await sweepPublishes(coalescer, Date.now());
  if (built.length) console.log(`Build hooks called for the end of a burst: ${built.join(', ')}`);
  return new Response(null, { status: 204 });
};

export const config = { schedule: '* * * * *' };
