/**
 * Production's publish receiver, as a Netlify function at /api/publish (point the content service's
 * webhook there): the same receiver as `npm run webhook` (src/lib/content/publish-receiver.ts), which
 * here calls the build hook of each site concerned (NETLIFY_BUILD_HOOK_FR / _BE). Netlify queues the
 * builds a burst starts and deploys each one atomically; the replay memory lives as long as the
 * function's instance, and the five-minute timestamp bounds what an instance that forgot could accept.
 */
import { publishReceiver } from '../../src/lib/content/publish-receiver.ts';
import { replayMemory, type BuildChannel } from '../../src/lib/content/webhook.ts';
import { readWebhookConfig } from '../../src/backend/config.ts';

const settings = readWebhookConfig(process.env);

async function callBuildHooks(channels: BuildChannel[], model: string): Promise<void> {
  await Promise.all(
    channels.map(async (channel) => {
      const hook = settings.buildHooks[channel];
      if (!hook) {
        console.error(`NETLIFY_BUILD_HOOK_${channel.toUpperCase()} is not set: the ${channel.toUpperCase()} site is not rebuilt.`);
        return;
      }
      try {
        const response = await fetch(`${hook}?trigger_title=${encodeURIComponent(`Content published (${model})`)}`, { method: 'POST' });
        if (!response.ok) console.error(`The ${channel.toUpperCase()} build hook answered HTTP ${response.status}`);
      } catch (error) {
        console.error(`The ${channel.toUpperCase()} build hook could not be called: ${(error as Error).message}`);
      }
    }),
  );
}

export default publishReceiver({ secret: settings.secret, replays: replayMemory(), rebuild: callBuildHooks });

export const config = { path: '/api/publish' };
