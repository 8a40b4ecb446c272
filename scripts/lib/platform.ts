/** Makes sure a content service answers: the one at CONTENT_API_URL, a platform already running, or an embedded one started here. */
import { startPlatform } from '../../src/backend/main.ts';

export const platformPort = () => Number(process.env.PORT_PLATFORM ?? 4400);

async function answers(url: string): Promise<boolean> {
  try { return (await fetch(url, { signal: AbortSignal.timeout(1500) })).ok; } catch { return false; }
}

export async function ensureContentService(): Promise<{ contentUrl: string; stop: () => Promise<void> }> {
  if (process.env.CONTENT_API_URL) return { contentUrl: process.env.CONTENT_API_URL, stop: async () => {} };
  const base = `http://localhost:${platformPort()}`;
  if (await answers(`${base}/health`)) return { contentUrl: `${base}/content`, stop: async () => {} };
  const { server, db } = await startPlatform(platformPort());
  return {
    contentUrl: `${base}/content`,
    stop: async () => { await new Promise((r) => server.close(r)); await db.close(); },
  };
}
