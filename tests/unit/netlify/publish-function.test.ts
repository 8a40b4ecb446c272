/**
 * The Netlify publish function: Strapi 5's webhook (its body as webhook-runner.ts and document-service/
 * events.ts send it, the secret as the header the admin typed) or the embedded service's signed one calls the
 * build hook of each site concerned; a missing or wrong secret (401), a malformed body (400), a model the
 * sites do not show (204) call none; the same event sent again is coalesced whichever instance it reaches
 * (200), and a burst of events calls each hook once, and once more for the rest of a burst that lasts (issues
 * 43 and 46), the store the instances share being Netlify Blobs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BlobsServer } from '@netlify/blobs/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BUILD_WINDOW_MS,
  COVERED_AFTER_CALL_MS,
  type CallBuildHook,
  memoryStore,
  netlifyStore,
  publishFunction,
  sweepPublishes,
} from '../../../netlify/functions/_shared/publish-builds.ts';
import { type BuildChannel, WEBHOOK_MAX_AGE_MS } from '../../../scripts/publish/judge.ts';
import { signedHeaders, strapiHeaders } from '../../../src/lib/content/webhook.ts';

const secret = 'kV3pZ8qL1mN6rT2wX9yB4cF7hJ0dG5sA';
const hooks = { fr: 'https://api.netlify.com/build_hooks/fr-site', be: 'https://api.netlify.com/build_hooks/be-site' };

let sequence = 0;
/**
 * A publish event of a page (`nl`: the BE site only) or a product (both sites) as Strapi 5 sends it, each with
 * a body of its own: `{ event, createdAt, model, uid, entry }` (webhook-runner.ts, document-service/events.ts).
 */
const event = (kind: 'page-fr' | 'page-nl' | 'product' = 'page-fr', at = new Date()) => {
  const model = kind === 'product' ? 'b2c-product' : 'b2c-page';
  return {
    event: 'entry.publish',
    createdAt: at.toISOString(),
    model,
    uid: `api::${model}.${model}`,
    entry: {
      id: 100 + sequence,
      documentId: `entry${sequence++}qwertyuiopasdfghj`,
      locale: kind === 'page-nl' ? 'nl' : 'fr',
      publishedAt: at.toISOString(),
    },
  };
};
const ADDRESS = 'https://www.maison-gamelle.example/api/publish';

/** A delivery signed by the embedded service. */
async function signed(payload: object, now: Date, key = secret): Promise<Request> {
  const body = JSON.stringify(payload);
  const headers = await signedHeaders(key, 'entry.publish', body, now);
  return new Request(ADDRESS, { method: 'POST', body, headers });
}

/** A delivery as Strapi sends it, the admin having typed `Authorization: Bearer <key>` in its headers. */
const fromStrapi = (payload: object, key = secret, body = JSON.stringify(payload)) =>
  new Request(ADDRESS, { method: 'POST', body, headers: strapiHeaders(key, (payload as { event: string }).event) });

/**
 * A stand-in for the site's Blobs store with the real one's answers (ETags, conditional writes), shared by
 * every fresh import of the function as the real store is by every instance.
 */
function fakeBlobs() {
  const entries = new Map<string, { data: unknown; etag: string }>();
  let version = 0;
  return {
    async getWithMetadata(key: string, options: { type: string }) {
      expect(options.type).toBe('json');
      const entry = entries.get(key);
      return entry ? { data: structuredClone(entry.data), etag: entry.etag, metadata: {} } : null;
    },
    async setJSON(key: string, data: unknown, condition: { onlyIfNew?: boolean; onlyIfMatch?: string }) {
      const current = entries.get(key);
      if ((condition.onlyIfNew && current) || (condition.onlyIfMatch !== undefined && current?.etag !== condition.onlyIfMatch))
        return { modified: false };
      version += 1;
      const etag = `"${version}"`;
      entries.set(key, { data: structuredClone(data), etag });
      return { modified: true, etag };
    },
    async list({ prefix }: { prefix: string }) {
      return {
        blobs: [...entries.entries()].filter(([key]) => key.startsWith(prefix)).map(([key, { etag }]) => ({ key, etag })),
        directories: [],
      };
    },
    async delete(key: string) {
      entries.delete(key);
    },
  };
}

describe('netlify/functions/publish (the deployed module)', () => {
  const fetchMock = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => new Response(null, { status: 200 }));
  const hookCalls = () => fetchMock.mock.calls.map(([url]) => String(url).split('?')[0]);
  const blobs = fakeBlobs();
  const storesOpened: object[] = [];
  /** A fresh import: another instance of the function, with its own memory, on the same store. */
  const load = async () => {
    vi.resetModules();
    vi.doMock('@netlify/blobs', () => ({
      getStore: (options: object) => {
        storesOpened.push(options);
        return blobs;
      },
    }));
    return (await import('../../../netlify/functions/publish.ts')).default;
  };

  beforeAll(() => {
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('WEBHOOK_SECRET', secret);
    vi.stubEnv('NETLIFY_BUILD_HOOK_FR', hooks.fr);
    vi.stubEnv('NETLIFY_BUILD_HOOK_BE', hooks.be);
    vi.stubGlobal('fetch', fetchMock);
  });
  afterAll(() => {
    vi.doUnmock('@netlify/blobs');
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
  });
  beforeEach(() => fetchMock.mockClear());

  it("calls the BE build hook alone for the embedded service's Dutch page, both for Strapi's product, by POST", async () => {
    const handler = await load();
    expect((await handler(await signed(event('page-nl'), new Date()))).status).toBe(202);
    expect(hookCalls()).toEqual([hooks.be]);
    fetchMock.mockClear();
    expect((await handler(fromStrapi(event('product')))).status).toBe(202);
    // BE was called a moment ago, a build that reads the content after this event: FR alone is called.
    expect(hookCalls()).toEqual([hooks.fr]);
    expect(fetchMock.mock.calls.every(([, init]) => init?.method === 'POST')).toBe(true);
    // The site's own store, read with strong consistency: a write is seen at once by every instance.
    expect(storesOpened.at(-1)).toEqual({ name: 'publish-webhooks', consistency: 'strong' });
  });

  it('coalesces an event sent again to another instance of the function: 200, no hook called', async () => {
    const request = fromStrapi(event('page-fr'));
    const replay = request.clone();
    expect((await (await load())(request)).status).toBe(202);
    fetchMock.mockClear();
    const again = await (await load())(replay);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ scheduled: false, reason: 'Already received: its build is already asked for' });
    expect(hookCalls()).toEqual([]);
  });

  it('calls no hook without the secret or with another (401), for a malformed body (400), for a model not shown (204)', async () => {
    const handler = await load();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    try {
      const withoutSecret = new Request(ADDRESS, {
        method: 'POST',
        body: JSON.stringify(event()),
        headers: { 'X-Strapi-Event': 'entry.publish' },
      });
      expect((await handler(withoutSecret)).status).toBe(401);
      expect((await handler(fromStrapi(event(), 'not-the-secret-of-production-at-all'))).status).toBe(401);
      expect((await handler(await signed(event(), new Date(), 'not-the-secret-of-production'))).status).toBe(401);
      expect((await handler(fromStrapi(event(), secret, '{"event":"entry.publish","model":'))).status).toBe(400);
      const user = { ...event(), model: 'user', uid: 'plugin::users-permissions.user' };
      expect((await handler(fromStrapi(user))).status).toBe(204);
    } finally {
      warn.mockRestore();
      info.mockRestore();
    }
    expect(hookCalls()).toEqual([]);
  });

  it('is at /api/publish, and its sweep runs every minute', async () => {
    expect((await import('../../../netlify/functions/publish.ts')).config).toEqual({ path: '/api/publish' });
    expect((await import('../../../netlify/functions/publish-sweep.ts')).config).toEqual({ schedule: '* * * * *' });
  });
});

describe('the Netlify Blobs client, on the local Blobs server', () => {
  let server: BlobsServer;
  let directory: string;
  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'blobs-'));
    server = new BlobsServer({ directory, token: 'blobs-token' });
    const { port } = await server.start();
    const url = `http://127.0.0.1:${port}`;
    vi.stubEnv(
      'NETLIFY_BLOBS_CONTEXT',
      Buffer.from(JSON.stringify({ edgeURL: url, uncachedEdgeURL: url, siteID: 'site-fr', token: 'blobs-token' })).toString('base64'),
    );
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await server.stop();
    rmSync(directory, { recursive: true, force: true });
  });

  // The local server sends no ETag with a read (Netlify's does), so the reads' ETags are not tried here.
  it('writes only what is new, or what still has the ETag given', async () => {
    const store = netlifyStore();
    expect(await store.set('probe/a', { n: 1 }, { onlyIfNew: true })).toBe(true);
    expect(await store.set('probe/a', { n: 2 }, { onlyIfNew: true })).toBe(false);
    expect(await store.set('probe/a', { n: 3 }, { onlyIfMatch: '"not-its-etag"' })).toBe(false);
    expect((await store.get('probe/a'))?.data).toEqual({ n: 1 });
    expect(await store.list('probe/')).toEqual(['probe/a']);
    await store.delete('probe/a');
    expect(await store.get('probe/a')).toBeNull();
  });
});

describe('the publish function on a store its instances share', () => {
  let now: number;
  let calls: BuildChannel[];
  let store: ReturnType<typeof memoryStore>;
  let hookAnswers: boolean;
  const callHook: CallBuildHook = async (channel) => {
    calls.push(channel);
    return hookAnswers;
  };
  const instance = () => publishFunction({ secret, store, callHook, clock: () => new Date(now) });
  const sweep = () => sweepPublishes({ store, callHook }, now);

  beforeEach(() => {
    now = Date.parse('2026-12-08T10:00:00Z');
    calls = [];
    store = memoryStore();
    hookAnswers = true;
  });

  it('builds a burst of 200 events arriving together, spread over three instances, with one call a site', async () => {
    const instances = [instance(), instance(), instance()];
    const answers = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => (await instances[i % 3]!(fromStrapi(event('product', new Date(now))))).status),
    );
    expect(answers.every((status) => status === 202)).toBe(true);
    expect(calls.sort()).toEqual(['be', 'fr']);
    now += BUILD_WINDOW_MS;
    expect((await sweep()).built).toEqual([]);
    expect(calls.sort()).toEqual(['be', 'fr']);
  });

  it("builds one click on Strapi's Publish in both languages with one call a site", async () => {
    const handler = instance();
    const fr = event('product', new Date(now));
    const nl = { ...fr, createdAt: new Date(now + 15).toISOString(), entry: { ...fr.entry, id: fr.entry.id + 1, locale: 'nl' } };
    expect((await handler(fromStrapi(fr))).status).toBe(202);
    now += 40;
    expect((await handler(fromStrapi(nl))).status).toBe(202);
    now += BUILD_WINDOW_MS;
    expect((await sweep()).built).toEqual([]);
    expect(calls.sort()).toEqual(['be', 'fr']);
  });

  it('builds a burst that lasts with two calls a site: one at once, one after the window for the rest', async () => {
    const handler = instance();
    for (let i = 0; i < 20; i += 1) {
      expect((await handler(fromStrapi(event('product', new Date(now))))).status).toBe(202);
      now += 1_000;
    }
    expect(calls.sort()).toEqual(['be', 'fr']);
    // Within the window the sweep waits; after it, it calls once for everything since the first call's build began.
    now += BUILD_WINDOW_MS - 20_000 - 1;
    expect((await sweep()).built).toEqual([]);
    now += 1;
    expect((await sweep()).built).toEqual(['fr', 'be']);
    expect((await sweep()).built).toEqual([]);
    expect(calls.sort()).toEqual(['be', 'be', 'fr', 'fr']);
  });

  it("calls both sites' hooks for a picture (Strapi's media.update: `media`, no model)", async () => {
    const media = {
      event: 'media.update',
      createdAt: new Date(now).toISOString(),
      media: { id: 9, name: 'banner.jpg', alternativeText: 'Un chat', url: '/uploads/banner_1a2b3c.jpg', formats: { thumbnail: {} } },
    };
    expect((await instance()(fromStrapi(media))).status).toBe(202);
    expect(calls.sort()).toEqual(['be', 'fr']);
  });

  it('builds a lone edit at once, and the sweep adds nothing', async () => {
    expect((await instance()(await signed(event('page-nl'), new Date(now)))).status).toBe(202);
    expect(calls).toEqual(['be']);
    now += BUILD_WINDOW_MS;
    expect((await sweep()).built).toEqual([]);
  });

  it('calls at once for an event after the window, covering the ones pending before it', async () => {
    const handler = instance();
    await handler(await signed(event('page-fr'), new Date(now)));
    now += COVERED_AFTER_CALL_MS;
    await handler(await signed(event('page-fr', new Date(now)), new Date(now)));
    expect(calls).toEqual(['fr', 'be']);
    now += BUILD_WINDOW_MS;
    await handler(await signed(event('page-nl', new Date(now)), new Date(now)));
    // BE called again (its window is over); FR's pending events wait for the sweep.
    expect(calls).toEqual(['fr', 'be', 'be']);
    expect((await sweep()).built).toEqual(['fr']);
  });

  it('calls again, from the sweep, a hook that did not take the request', async () => {
    hookAnswers = false;
    await instance()(await signed(event('page-fr'), new Date(now)));
    expect(calls).toEqual(['fr', 'be']);
    hookAnswers = true;
    now += BUILD_WINDOW_MS;
    expect((await sweep()).built).toEqual(['fr', 'be']);
  });

  it('coalesces an event sent again, to the same instance or another, and calls no hook for it', async () => {
    for (const request of [await signed(event('product', new Date(now)), new Date(now)), fromStrapi(event('product', new Date(now)))]) {
      const replays = [request.clone(), request.clone()];
      const first = instance();
      expect((await first(request)).status).toBe(202);
      now += BUILD_WINDOW_MS; // no coalescing of builds in the way: a call would show
      calls = [];
      for (const handler of [first, instance()]) {
        const again = await handler(replays.shift()!);
        expect(again.status).toBe(200);
        expect(await again.json()).toEqual({ scheduled: false, reason: 'Already received: its build is already asked for' });
      }
      expect(calls).toEqual([]);
    }
  });

  it('stores nothing for an event it refuses before (a bad signature or secret, an old event, a draft)', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      expect((await instance()(await signed(event(), new Date(now), 'another-secret-entirely-12345678'))).status).toBe(401);
      expect((await instance()(await signed(event(), new Date(now - WEBHOOK_MAX_AGE_MS - 1_000)))).status).toBe(401);
      expect((await instance()(fromStrapi(event('page-fr', new Date(now - WEBHOOK_MAX_AGE_MS - 1_000))))).status).toBe(401);
      const draft = event('page-fr', new Date(now));
      expect((await instance()(fromStrapi({ ...draft, event: 'entry.update', entry: { ...draft.entry, publishedAt: null } }))).status).toBe(
        204,
      );
    } finally {
      info.mockRestore();
      warn.mockRestore();
    }
    expect([...store.entries.keys()]).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('forgets, at the sweep, the events the age rule refuses anyway', async () => {
    await instance()(fromStrapi(event('page-fr', new Date(now))));
    expect(await store.list('replays/')).toHaveLength(1);
    now += WEBHOOK_MAX_AGE_MS;
    expect((await sweep()).forgotten).toBe(0);
    now += WEBHOOK_MAX_AGE_MS + 1_000;
    expect((await sweep()).forgotten).toBe(1);
    expect(await store.list('replays/')).toEqual([]);
  });

  it('calls the hook when the store cannot be used: an extra build rather than a missed edit', async () => {
    const broken = {
      ...memoryStore(),
      get: () => Promise.reject(new Error('store down')),
      set: () => Promise.reject(new Error('store down')),
    };
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const handler = publishFunction({ secret, store: broken, callHook, clock: () => new Date(now) });
      expect((await handler(fromStrapi(event('product', new Date(now))))).status).toBe(202);
      expect(calls.sort()).toEqual(['be', 'fr']);
    } finally {
      errors.mockRestore();
    }
  });
});
