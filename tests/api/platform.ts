/**
 * Starts the platform for API tests on a fresh in-memory PGlite, or on DATABASE_URL (a real
 * PostgreSQL server) when it is set, and gives a `get` that calls it through its HTTP app.
 */
import { preparePlatform } from '../../src/backend/platform.ts';

export async function testPlatform() {
  const { app, db } = await preparePlatform({ dataDir: 'memory://', reset: true, env: { DATABASE_URL: process.env.DATABASE_URL } });
  const request = async (path: string, init?: RequestInit) => {
    const response = await app.request(`http://platform.test${path}`, init);
    const text = await response.text();
    let body: unknown = text;
    try { body = JSON.parse(text); } catch { /* not JSON */ }
    return { status: response.status, body: body as any, headers: response.headers };
  };
  return { app, db, get: (path: string) => request(path), request };
}
