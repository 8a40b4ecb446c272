/** Makes sure a content service answers: the one at CONTENT_API_URL, a platform already running, or an embedded one started here. */
import { DatabaseInUseError } from '../../src/backend/db/database.ts';
import { platformPort } from './ports.ts';

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(1500) })).ok;
  } catch {
    return false;
  }
}

export async function ensureContentService(
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ contentUrl: string; stop: () => Promise<void> }> {
  if (env.CONTENT_API_URL) return { contentUrl: env.CONTENT_API_URL, stop: async () => {} };
  const base = `http://localhost:${platformPort()}`;
  if (await answers(`${base}/health`)) return { contentUrl: `${base}/content`, stop: async () => {} };
  // Imported only here (half a second): a build against a service already running does without it.
  const { startPlatform } = await import('../../src/backend/main.ts');
  const { server, close } = await startPlatform(platformPort()).catch((error: unknown) => {
    // The folder's owner is not the platform answering on this port (a seed, or a platform on another port).
    if (error instanceof DatabaseInUseError)
      error.message += ` Nothing answers on ${base}/health: if that process is a platform on another port, set PORT_PLATFORM to it.`;
    throw error;
  });
  return {
    contentUrl: `${base}/content`,
    stop: async () => {
      await new Promise((r) => server.close(r));
      // Its scheduler and the sandbox's webhook deliveries first, then the database they query.
      await close();
    },
  };
}
