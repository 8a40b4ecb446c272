/**
 * The publish receiver (scripts/publish/: judge.ts, receiver.ts, rebuild-queue.ts) and the webhooks it takes
 * (src/lib/content/webhook.ts): Strapi 5's own, with the secret an admin typed as a header, and the embedded
 * service's signed ones.
 *
 * The bodies below are shaped as Strapi 5 sends them, read in its source (github.com/strapi/strapi):
 * - packages/core/core/src/services/webhook-runner.ts, `run()`: body `{ event, createdAt: new Date(), ...info }`
 *   (JSON.stringify), headers `{ ...defaultHeaders, ...webhook.headers, 'X-Strapi-Event': event,
 *   'Content-Type': 'application/json' }`; the admin's "Trigger" button runs it with `trigger-test` and no info.
 * - packages/core/core/src/services/document-service/events.ts: info `{ model: model.modelName (the singular
 *   name), uid: model.uid, entry: <the sanitized entry> }`; repository.ts emits entry.create and entry.update
 *   with the draft (publishedAt null), entry.publish with each published version, entry.unpublish with each
 *   published version removed, entry.delete with every version, entry.draft-discard with the restored draft.
 * - packages/core/upload/server/src/services/upload.ts, `emitEvent()`: info `{ media: <the sanitized file> }`
 *   for media.create, media.update and media.delete.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedHeaders, signWebhook, strapiHeaders } from '../../../../src/lib/content/webhook.ts';
import {
  channelsConcerned,
  judgeWebhook,
  replayMemory,
  WEBHOOK_MAX_AGE_MS,
  type BuildChannel,
  type WebhookRequest,
} from '../../../../scripts/publish/judge.ts';
import { publishReceiver } from '../../../../scripts/publish/receiver.ts';
import { rebuildQueue } from '../../../../scripts/publish/rebuild-queue.ts';
import { webhookSender } from '../../../../src/backend/content/editor/webhooks.ts';

const secret = 'Zt7qP2vK9mW4xR8nB3cL6hJ1sD5fG0aY';
const now = new Date('2026-11-21T10:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

/** A product's French version as Strapi 5 publishes it (entry.publish: the new published version, populated). */
const productEntry = {
  id: 58,
  documentId: 'h5x0bq3ihnzr1l3vqg6l8m4j',
  sku: 'DOG-DRY',
  name: 'Croquettes chien adulte',
  slug: 'croquettes-chien-adulte',
  createdAt: '2026-11-02T08:12:40.118Z',
  updatedAt: ago(400),
  publishedAt: ago(350),
  locale: 'fr',
  variants: [{ id: 201, code: '10000001', name: '3 kg', base_price: 2490, in_stock: true }],
  packshot: { id: 7, documentId: 'q1w2e3r4t5y6u7i8o9p0a1s2', name: 'dog-dry.jpg', url: '/uploads/dog_dry_3f2a1b9c0d.jpg' },
  localizations: [{ id: 57, documentId: 'h5x0bq3ihnzr1l3vqg6l8m4j', locale: 'nl' }],
};
const strapiEvent = (
  event: string,
  model: string,
  entry: Record<string, unknown>,
  uid = `api::${model}.${model}`,
  createdAt = ago(40),
) => ({
  event,
  createdAt,
  model,
  uid,
  entry,
});
const publishFr = strapiEvent('entry.publish', 'b2c-product', productEntry);
const publishNl = strapiEvent(
  'entry.publish',
  'b2c-product',
  { ...productEntry, id: 59, locale: 'nl', slug: 'hondenbrokken' },
  undefined,
  ago(39),
);
/** A Dutch page's text published. */
const pageNl = strapiEvent('entry.publish', 'b2c-page', {
  id: 12,
  documentId: 'k9j8h7g6f5d4s3a2q1w0e9r8',
  key: 'delivery',
  slug: 'levering',
  title: 'Levering',
  locale: 'nl',
  publishedAt: ago(50),
});
/** A picture uploaded in the media library (upload.ts `add()`). */
const mediaCreate = {
  event: 'media.create',
  createdAt: ago(10),
  media: {
    id: 31,
    documentId: 'x7c6v5b4n3m2l1k0j9h8g7f6',
    name: 'banner-noel.jpg',
    alternativeText: 'Un chien sous le sapin',
    caption: null,
    width: 1600,
    height: 600,
    formats: {
      thumbnail: { name: 'thumbnail_banner-noel.jpg', hash: 'thumbnail_banner_noel_a1b2c3d4e5', ext: '.jpg', width: 245, height: 92 },
    },
    hash: 'banner_noel_a1b2c3d4e5',
    ext: '.jpg',
    mime: 'image/jpeg',
    size: 142.37,
    url: '/uploads/banner_noel_a1b2c3d4e5.jpg',
    previewUrl: null,
    provider: 'local',
    provider_metadata: null,
    folderPath: '/',
    createdAt: ago(11),
    updatedAt: ago(11),
    publishedAt: ago(11),
    locale: null,
  },
};

/** A delivery as Strapi sends it, the admin having typed `Authorization: Bearer <key>` in the webhook's headers. */
function fromStrapi(payload: object, key = secret): WebhookRequest {
  const body = JSON.stringify(payload);
  const headers = strapiHeaders(key, (payload as { event: string }).event);
  return { event: headers['X-Strapi-Event'], authorization: headers.Authorization, body };
}

/** A delivery as the embedded service signs it, at `at`. */
async function signedDelivery(payload: object = publishFr, at = now): Promise<WebhookRequest> {
  const body = JSON.stringify(payload);
  const headers = await signedHeaders(secret, (payload as { event: string }).event, body, at);
  return { event: headers['X-Strapi-Event'], signature: headers['X-Webhook-Signature'], timestamp: headers['X-Webhook-Timestamp'], body };
}

const judge = (request: WebhookRequest, replays = replayMemory(), at = now) => judgeWebhook(request, { secret, now: at, replays });

describe("Strapi 5's webhooks", () => {
  it('rebuild both channels on each entry event, a Dutch one included (Strapi copies shared fields to French)', async () => {
    expect(await judge(fromStrapi(publishFr))).toEqual({
      rebuild: true,
      model: 'b2c-product',
      event: 'entry.publish',
      channels: ['fr', 'be'],
    });
    expect(await judge(fromStrapi(publishNl))).toMatchObject({ rebuild: true, channels: ['fr', 'be'] });
    expect(await judge(fromStrapi(pageNl))).toMatchObject({ rebuild: true, model: 'b2c-page', channels: ['fr', 'be'] });
    for (const event of ['entry.create', 'entry.update', 'entry.unpublish', 'entry.delete'])
      expect(await judge(fromStrapi({ ...publishFr, event }))).toMatchObject({ rebuild: true, event, channels: ['fr', 'be'] });
  });

  it('rebuild both channels on a picture created, replaced or deleted: it may be on any page', async () => {
    for (const event of ['media.create', 'media.update', 'media.delete'])
      expect(await judge(fromStrapi({ ...mediaCreate, event }))).toEqual({ rebuild: true, model: 'media', event, channels: ['fr', 'be'] });
    // A picture deleted twice at once: Strapi finds it no more and sends `media: null`.
    expect(await judge(fromStrapi({ ...mediaCreate, event: 'media.delete', media: null }))).toMatchObject({ rebuild: true });
  });

  it('refuse a missing secret, a wrong one, one of another length, or another scheme: 401, before the body is read', async () => {
    const good = fromStrapi(publishFr);
    expect(await judge({ ...good, authorization: null })).toMatchObject({
      rebuild: false,
      status: 401,
      reason: 'Missing Authorization: Bearer <secret>',
    });
    expect(await judge(fromStrapi(publishFr, 'Zt7qP2vK9mW4xR8nB3cL6hJ1sD5fG0aZ'))).toMatchObject({
      rebuild: false,
      status: 401,
      reason: 'Bad secret',
    });
    expect(await judge(fromStrapi(publishFr, secret.slice(0, -1)))).toMatchObject({ rebuild: false, status: 401 });
    expect(await judge(fromStrapi(publishFr, `${secret}x`))).toMatchObject({ rebuild: false, status: 401 });
    expect(await judge({ ...good, authorization: `Basic ${secret}` })).toMatchObject({ rebuild: false, status: 401 });
    expect(await judge({ ...good, authorization: secret })).toMatchObject({ rebuild: false, status: 401 });
    // A stranger's malformed body is refused as a stranger's, not as a malformed body.
    expect(await judge({ ...fromStrapi(publishFr, 'not-the-secret'), body: '{' })).toMatchObject({ rebuild: false, status: 401 });
    // The scheme's case and the spaces around it are as HTTP allows.
    expect(await judge({ ...good, authorization: `bearer   ${secret} ` })).toMatchObject({ rebuild: true });
  });

  it('refuse an event older or later than five minutes by its createdAt; take one within them', async () => {
    const old = { ...publishFr, createdAt: ago(WEBHOOK_MAX_AGE_MS + 1000) };
    expect(await judge(fromStrapi(old))).toMatchObject({ rebuild: false, status: 401, reason: 'Expired event' });
    const future = { ...publishFr, createdAt: ago(-WEBHOOK_MAX_AGE_MS - 1000) };
    expect(await judge(fromStrapi(future))).toMatchObject({ rebuild: false, status: 401 });
    expect(await judge(fromStrapi({ ...publishFr, createdAt: ago(WEBHOOK_MAX_AGE_MS - 1000) }))).toMatchObject({ rebuild: true });
  });

  it('coalesce the same event sent again within the window (200, no build), but take the next event', async () => {
    const replays = replayMemory();
    expect(await judge(fromStrapi(publishFr), replays)).toMatchObject({ rebuild: true });
    expect(await judge(fromStrapi(publishFr), replays, new Date(now.getTime() + 60_000))).toEqual({
      rebuild: false,
      status: 200,
      reason: 'Already received: its build is already asked for',
    });
    // The next click on "Publish": another createdAt, another event.
    expect(await judge(fromStrapi({ ...publishFr, createdAt: ago(5) }), replays)).toMatchObject({ rebuild: true });
  });

  it('refuse a malformed body with 400: not JSON, no entry, no date, a header that contradicts it', async () => {
    const bad = (body: string) => judge({ ...fromStrapi(publishFr), body });
    expect(await bad('{"event":"entry.publish"')).toMatchObject({ rebuild: false, status: 400 });
    expect(await bad('[]')).toMatchObject({ rebuild: false, status: 400 });
    expect(await bad(JSON.stringify({ ...publishFr, entry: undefined }))).toMatchObject({ rebuild: false, status: 400 });
    expect(await bad(JSON.stringify({ ...publishFr, entry: 'DOG-DRY' }))).toMatchObject({ rebuild: false, status: 400 });
    expect(await bad(JSON.stringify({ ...publishFr, createdAt: 'yesterday' }))).toMatchObject({ rebuild: false, status: 400 });
    expect(await bad(JSON.stringify({ ...publishFr, model: undefined }))).toMatchObject({ rebuild: false, status: 400 });
    expect(await bad(JSON.stringify({ ...mediaCreate, media: 'banner.jpg' }))).toMatchObject({ rebuild: false, status: 400 });
    expect(await bad(JSON.stringify({ createdAt: now.toISOString() }))).toMatchObject({ rebuild: false, status: 400 });
    expect(await judge({ ...fromStrapi(publishFr), event: 'entry.delete' })).toMatchObject({ rebuild: false, status: 400 });
  });

  it('build nothing (204) for a model the sites do not show, a draft, or an event that changes nothing shown', async () => {
    const user = strapiEvent(
      'entry.update',
      'user',
      {
        id: 3,
        documentId: 'u1u2u3u4u5u6u7u8u9u0u1u2',
        username: 'claire',
        email: 'claire@example.test',
        confirmed: true,
        blocked: false,
        publishedAt: ago(60),
        locale: null,
      },
      'plugin::users-permissions.user',
    );
    expect(await judge(fromStrapi(user))).toEqual({
      rebuild: false,
      status: 204,
      reason: 'Ignored model plugin::users-permissions.user: the sites do not show it',
    });
    expect(await judge(fromStrapi({ ...user, model: 'user', uid: 'admin::user' }))).toMatchObject({ rebuild: false, status: 204 });
    expect(await judge(fromStrapi({ ...user, event: 'entry.create', model: 'locale', uid: 'plugin::i18n.locale' }))).toMatchObject({
      status: 204,
    });
    // Without uid (not Strapi 5), a model the embedded service does not name.
    expect(await judge(fromStrapi({ ...user, uid: undefined }))).toMatchObject({ rebuild: false, status: 204 });
    // Strapi 5 saves, creates and deletes drafts apart from the published version the sites read.
    const draft = { ...productEntry, publishedAt: null };
    for (const event of ['entry.create', 'entry.update', 'entry.delete'])
      expect(await judge(fromStrapi(strapiEvent(event, 'b2c-product', draft)))).toMatchObject({ rebuild: false, status: 204 });
    expect(await judge(fromStrapi(strapiEvent('entry.draft-discard', 'b2c-product', draft)))).toMatchObject({ status: 204 });
    // Strapi's "Trigger" button in the webhook's settings: a 2xx tells the admin the secret is right.
    expect(await judge(fromStrapi({ event: 'trigger-test', createdAt: ago(1) }))).toMatchObject({ rebuild: false, status: 204 });
  });

  it('remember only the events that ask for a build', async () => {
    const replays = replayMemory();
    await judge(fromStrapi(strapiEvent('entry.update', 'b2c-product', { ...productEntry, publishedAt: null })), replays);
    await judge(fromStrapi(publishFr, 'wrong-secret-wrong-secret-wrong'), replays);
    expect(replays.size).toBe(0);
    await judge(fromStrapi(publishFr), replays);
    expect(replays.size).toBe(1);
  });

  it('say which channels an entry concerns: Dutch texts the BE site only (whatever the locale code), prices both', () => {
    expect(channelsConcerned({ model: 'b2c-faq', entry: { locale: 'nl' } })).toEqual(['be']);
    expect(channelsConcerned({ model: 'b2c-faq', entry: { locale: 'nl-BE' } })).toEqual(['be']);
    expect(channelsConcerned({ model: 'b2c-faq', entry: { locale: 'fr' } })).toEqual(['fr', 'be']);
    expect(channelsConcerned({ model: 'b2c-faq', entry: {} })).toEqual(['fr', 'be']);
    expect(channelsConcerned({ model: 'b2c-product', entry: { locale: 'nl' } })).toEqual(['fr', 'be']);
  });
});

describe("the embedded service's signed webhooks", () => {
  it('sign the timestamp and the body with HMAC-SHA256 (a known vector)', async () => {
    // printf '1700000000.{}' | openssl dgst -sha256 -hmac key
    expect(await signWebhook('key', 1_700_000_000, '{}')).toBe('sha256=9d713ed406bb7076d4123f0dc2c39d2df5c654ed4b0cd56b52c8b4c940bd63ae');
  });

  it('rebuild on a signed, fresh event; refuse a bad signature, a body changed after signing, an old timestamp', async () => {
    const good = await signedDelivery();
    expect(await judge(good)).toMatchObject({ rebuild: true, channels: ['fr', 'be'] });
    // The embedded service keeps every text of a page per language: its Dutch page concerns BE alone.
    expect(await judge(await signedDelivery(pageNl))).toMatchObject({ rebuild: true, channels: ['be'] });
    expect(await judge({ ...good, signature: `sha256=${'0'.repeat(64)}` })).toMatchObject({
      rebuild: false,
      status: 401,
      reason: 'Bad signature',
    });
    expect(await judge({ ...good, body: good.body.replace('DOG-DRY', 'CAT-DRY') })).toMatchObject({ rebuild: false, status: 401 });
    expect(await judge({ ...good, timestamp: null })).toMatchObject({ rebuild: false, status: 401 });
    const old = await signedDelivery(publishFr, new Date(now.getTime() - WEBHOOK_MAX_AGE_MS - 1000));
    expect(await judge(old)).toMatchObject({ rebuild: false, status: 401, reason: 'Expired event' });
  });

  it('let the signature decide when both forms come: a bad signature is not saved by a good Authorization', async () => {
    const good = await signedDelivery();
    const both = { ...good, authorization: `Bearer ${secret}` };
    expect(await judge(both)).toMatchObject({ rebuild: true });
    expect(await judge({ ...both, signature: `sha256=${'0'.repeat(64)}` })).toMatchObject({
      rebuild: false,
      status: 401,
      reason: 'Bad signature',
    });
  });

  it('coalesce a signed event sent again (200)', async () => {
    const replays = replayMemory();
    const event = await signedDelivery();
    expect(await judge(event, replays)).toMatchObject({ rebuild: true });
    expect(await judge(event, replays)).toMatchObject({ rebuild: false, status: 200 });
  });

  it("are sent in Strapi 5's shape, uid included, and taken by the receiver", async () => {
    const bodies: string[] = [];
    const rebuild = vi.fn();
    const receive = publishReceiver({ secret, replays: replayMemory(), rebuild, clock: () => now });
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      bodies.push(init.body as string);
      return receive(new Request(url, init));
    });
    try {
      const sender = webhookSender({ urls: ['http://receiver.test/'], secret, clock: () => now });
      sender.send('entry.update', 'b2c-page', { documentId: 'delivery', locale: 'nl', publishedAt: now.toISOString(), title: 'Levering' });
      await sender.settled();
    } finally {
      vi.unstubAllGlobals();
    }
    expect(Object.keys(JSON.parse(bodies[0]!))).toEqual(['event', 'createdAt', 'model', 'uid', 'entry']);
    expect(JSON.parse(bodies[0]!)).toMatchObject({ model: 'b2c-page', uid: 'api::b2c-page.b2c-page' });
    expect(rebuild).toHaveBeenCalledWith(['be'], 'b2c-page');
  });

  it('keep a bounded replay memory: forgotten once expired, and never more than its capacity', () => {
    const memory = replayMemory(3);
    const t = now.getTime();
    for (const s of ['a', 'b', 'c', 'd']) expect(memory.remember(s, t)).toBe(true);
    expect(memory.size).toBe(3);
    expect(memory.remember('d', t)).toBe(false);
    expect(memory.remember('e', t + WEBHOOK_MAX_AGE_MS + 1)).toBe(true);
    expect(memory.size).toBe(1);
  });
});

/** The Request Strapi's webhook runner sends. */
const strapiRequest = (payload: object, key = secret) =>
  new Request('http://receiver.test/', {
    method: 'POST',
    body: JSON.stringify(payload),
    headers: strapiHeaders(key, (payload as { event: string }).event),
  });

describe('publish receiver', () => {
  afterEach(() => vi.useRealTimers());

  it('answers 202 and asks a rebuild for a good event, 200 for the same event again, 405 for a GET', async () => {
    const rebuild = vi.fn();
    const receive = publishReceiver({ secret, replays: replayMemory(), rebuild, clock: () => now });
    const response = await receive(strapiRequest(publishFr));
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ scheduled: true, channels: ['fr', 'be'] });
    expect(rebuild).toHaveBeenCalledWith(['fr', 'be'], 'b2c-product');
    const again = await receive(strapiRequest(publishFr));
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ scheduled: false });
    expect((await receive(new Request('http://receiver.test/'))).status).toBe(405);
    expect(rebuild).toHaveBeenCalledTimes(1);
  });

  it('answers 401 without or with a wrong secret, 400 for a malformed body, 204 (no body) for a model not shown: no build', async () => {
    const rebuild = vi.fn();
    const receive = publishReceiver({ secret, replays: replayMemory(), rebuild, clock: () => now });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    try {
      const missing = new Request('http://receiver.test/', {
        method: 'POST',
        body: JSON.stringify(publishFr),
        headers: { 'X-Strapi-Event': 'entry.publish' },
      });
      expect((await receive(missing)).status).toBe(401);
      expect((await receive(strapiRequest(publishFr, 'another-secret-of-the-same-size!'))).status).toBe(401);
      const malformed = new Request('http://receiver.test/', {
        method: 'POST',
        body: 'entry.publish',
        headers: strapiHeaders(secret, 'entry.publish'),
      });
      expect((await receive(malformed)).status).toBe(400);
      const user = strapiEvent(
        'entry.update',
        'user',
        { id: 3, username: 'claire', publishedAt: ago(60) },
        'plugin::users-permissions.user',
      );
      const ignored = await receive(strapiRequest(user));
      expect(ignored.status).toBe(204);
      expect(await ignored.text()).toBe('');
      expect(info).toHaveBeenCalledWith(expect.stringContaining('plugin::users-permissions.user'));
      expect(rebuild).not.toHaveBeenCalled();
      expect((await receive(strapiRequest(mediaCreate))).status).toBe(202);
      expect(rebuild).toHaveBeenCalledWith(['fr', 'be'], 'media');
    } finally {
      warn.mockRestore();
      info.mockRestore();
    }
  });

  it("builds each channel once for one click on Strapi's Publish in both languages, its draft save included", async () => {
    vi.useFakeTimers();
    vi.setSystemTime(now);
    const builds: BuildChannel[][] = [];
    const queue = rebuildQueue(async (channels) => {
      builds.push(channels);
    }, 250);
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const receive = publishReceiver({ secret, replays: replayMemory(), rebuild: (channels) => queue.request(channels) });
    try {
      // The Content Manager saves the draft (entry.update, publishedAt null), then publishes each locale.
      const statuses = [];
      for (const payload of [strapiEvent('entry.update', 'b2c-product', { ...productEntry, publishedAt: null }), publishFr, publishNl]) {
        statuses.push((await receive(strapiRequest(payload))).status);
        await vi.advanceTimersByTimeAsync(20);
      }
      expect(statuses).toEqual([204, 202, 202]);
      await vi.advanceTimersByTimeAsync(5000);
      expect(builds).toEqual([['fr', 'be']]);
    } finally {
      info.mockRestore();
    }
  });

  it('turns a burst of 20 publishes into at most two builds', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(now);
    const builds: BuildChannel[][] = [];
    let release: () => void = () => {};
    const queue = rebuildQueue(
      (channels) =>
        new Promise<void>((resolve) => {
          builds.push(channels);
          release = resolve;
        }),
      1000,
    );
    const receive = publishReceiver({ secret, replays: replayMemory(), rebuild: (channels) => queue.request(channels) });
    for (let i = 0; i < 20; i += 1) {
      const payload = strapiEvent(
        'entry.publish',
        'b2c-product',
        { ...productEntry, documentId: `SKU-${i}`, locale: i % 2 ? 'nl' : 'fr' },
        undefined,
        new Date().toISOString(),
      );
      expect((await receive(strapiRequest(payload))).status).toBe(202);
      // The editor publishes one product every 300 ms, and the first build starts in the middle of the burst.
      await vi.advanceTimersByTimeAsync(i === 9 ? 1000 : 300);
    }
    await vi.advanceTimersByTimeAsync(5000);
    release();
    await vi.advanceTimersByTimeAsync(5000);
    release();
    await vi.advanceTimersByTimeAsync(5000);
    expect(builds).toEqual([
      ['fr', 'be'],
      ['fr', 'be'],
    ]);
  });
});

describe('rebuild queue', () => {
  afterEach(() => vi.useRealTimers());

  it('coalesces a burst into one build and runs one more for events during a build', async () => {
    vi.useFakeTimers();
    let release: () => void = () => {};
    const build = vi.fn(
      (_channels: BuildChannel[]) =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    const queue = rebuildQueue(build, 1000);
    queue.request(['be']);
    queue.request(['be']);
    queue.request(['be']);
    await vi.advanceTimersByTimeAsync(999);
    expect(build).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(build).toHaveBeenCalledTimes(1);
    expect(build).toHaveBeenLastCalledWith(['be']);
    queue.request(['fr']);
    queue.request(['be']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(build).toHaveBeenCalledTimes(1);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(build).toHaveBeenCalledTimes(2);
    expect(build).toHaveBeenLastCalledWith(['fr', 'be']);
    release();
    await vi.advanceTimersByTimeAsync(5000);
    expect(build).toHaveBeenCalledTimes(2);
  });
});
