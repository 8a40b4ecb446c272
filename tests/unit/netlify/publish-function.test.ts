/** The Netlify publish function: a signed event calls the build hook of each site concerned, anything else calls none. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedHeaders } from '../../../src/lib/content/webhook.ts';

const secret = 'the-shared-secret-of-production';
const hooks = { fr: 'https://api.netlify.com/build_hooks/fr-site', be: 'https://api.netlify.com/build_hooks/be-site' };
const fetchMock = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => new Response(null, { status: 200 }));
let handler: (request: Request) => Promise<Response>;

beforeAll(async () => {
  vi.stubEnv('NODE_ENV', 'production');
  vi.stubEnv('WEBHOOK_SECRET', secret);
  vi.stubEnv('NETLIFY_BUILD_HOOK_FR', hooks.fr);
  vi.stubEnv('NETLIFY_BUILD_HOOK_BE', hooks.be);
  vi.stubGlobal('fetch', fetchMock);
  handler = (await import('../../../netlify/functions/publish.ts')).default;
});
afterAll(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

async function post(payload: object, key = secret) {
  const body = JSON.stringify(payload);
  const headers = await signedHeaders(key, 'entry.publish', body, new Date());
  return handler(new Request('https://www.maison-gamelle.example/api/publish', { method: 'POST', body, headers }));
}

describe('netlify/functions/publish', () => {
  it('calls the BE build hook alone for a Dutch page, both for a product', async () => {
    const page = {
      event: 'entry.publish',
      createdAt: new Date().toISOString(),
      model: 'b2c-page',
      entry: { documentId: 'about', locale: 'nl' },
    };
    expect((await post(page)).status).toBe(202);
    expect(fetchMock.mock.calls.map(([url]) => String(url).split('?')[0])).toEqual([hooks.be]);
    fetchMock.mockClear();
    expect((await post({ ...page, model: 'b2c-product', entry: { documentId: 'DOG-1', locale: 'nl' } })).status).toBe(202);
    expect(fetchMock.mock.calls.map(([url]) => String(url).split('?')[0]).sort()).toEqual([hooks.be, hooks.fr]);
    expect(fetchMock.mock.calls.every(([, init]) => init?.method === 'POST')).toBe(true);
  });

  it('calls no hook for an event signed with another secret', async () => {
    fetchMock.mockClear();
    const page = {
      event: 'entry.publish',
      createdAt: new Date().toISOString(),
      model: 'b2c-page',
      entry: { documentId: 'x', locale: 'fr' },
    };
    expect((await post(page, 'not-the-secret-of-production')).status).toBe(401);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
