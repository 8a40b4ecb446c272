import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { appRequest, shopApi, testClock, testPlatform, type TestPlatform } from './platform.ts';
import { signatureOf } from '../../src/backend/media/signature.ts';
import { createPlatform } from '../../src/backend/app.ts';
import { RATE_LIMITS } from '../../src/backend/shop/limits/policy.ts';
import { mediaAuthentication } from '../../src/lib/shop-api/wire.ts';

const clock = testClock();
let platform: TestPlatform;
let api: ReturnType<typeof shopApi>;
let token: string;
let png: Uint8Array<ArrayBuffer>;

beforeAll(async () => {
  clock.set('2031-06-15T10:00:00Z');
  platform = await testPlatform({ clock: clock.now });
  api = shopApi(platform);
  token = (await api.signUp()).token;
  png = new Uint8Array(
    await sharp({ create: { width: 40, height: 20, channels: 3, background: '#c08040' } })
      .png()
      .toBuffer(),
  );
});
afterAll(async () => {
  await platform.db.close();
});

const authenticate = (as: string | null = token, channel = 'FR&locale=fr_FR') =>
  api.call('GET', '/media-authentication', { query: `channelCode=${channel}&t=0.42`, ...(as ? { token: as } : {}) });
const auth = async () => mediaAuthentication.parse((await authenticate()).body);
const upload = async (fields: Record<string, string | Blob>, locale = 'fr') => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return platform.request(`/media/api/v1/files/upload?locale=${locale}`, { method: 'POST', body: form });
};
const valid = async (patch: Record<string, string | Blob> = {}) => ({
  file: new Blob([png], { type: 'image/png' }),
  fileName: 'rex.png',
  publicKey: 'public_embedded_media_key',
  ...(Object.fromEntries(Object.entries(await auth()).map(([k, v]) => [k, String(v)])) as Record<string, string>),
  ...patch,
});

describe('the upload authentication of the shop API', () => {
  it('gives a signed-in customer a token, an expiry 60 s later and the HMAC-SHA1 of token + expire with the private key', async () => {
    const res = await authenticate();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const a = mediaAuthentication.parse(res.body);
    expect(a.expire).toBe(Date.parse('2031-06-15T10:00:00Z') / 1000 + 60);
    expect(a.signature).toBe(signatureOf('private_embedded_media_key', a.token, a.expire));
    // Each call, a new token.
    expect((await auth()).token).not.toBe(a.token);
  });

  it('gives nothing without a session, nor with a forged token', async () => {
    expect((await authenticate(null)).status).toBe(401);
    expect((await authenticate('not-a-token')).status).toBe(401);
  });

  it('the embedded service no longer hands out signatures itself', async () => {
    expect((await platform.get('/media/auth?t=0.42')).status).toBe(404);
  });

  it(`refuses a customer's ${RATE_LIMITS.mediaAuthenticationCustomer.points + 1}th authentication within the window, in their language`, async () => {
    const { token: own } = await api.signUp();
    const { points } = RATE_LIMITS.mediaAuthenticationCustomer;
    for (let i = 0; i < points; i += 1) expect((await authenticate(own)).status).toBe(200);
    const refused = await authenticate(own);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body['hydra:description']).toMatch(/^Trop d’envois de photos\. Merci de réessayer dans \d+ minutes?\.$/);
    expect((await authenticate(own, 'BE&locale=nl_BE')).body['hydra:description']).toMatch(
      /^Te veel foto-uploads\. Probeer het over \d+ minu/,
    );
    // Another customer is not refused for it.
    expect((await authenticate()).status).toBe(200);
  });
});

describe('the embedded media service', () => {
  it('uploads, serves, rotates and deletes a photo', async () => {
    const res = await upload(await valid());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ name: 'rex.png', width: 40, height: 20, fileType: 'image' });
    const path = new URL(res.body.url).pathname;
    const served = await platform.get(path);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');

    const rotated = await platform.request(`/media/api/v1/files/${res.body.fileId}/rotate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ degrees: 90, ...(await auth()) }),
    });
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    expect(rotated.body).toMatchObject({ width: 20, height: 40 });
    expect(rotated.body.url).not.toBe(res.body.url);
    expect((await platform.get(path)).status).toBe(404);

    const deleted = await platform.request(`/media/api/v1/files/${res.body.fileId}`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(await auth()),
    });
    expect(deleted.status).toBe(204);
    expect((await platform.get(new URL(rotated.body.url).pathname)).status).toBe(404);
  });

  it('refuses to delete or rotate without a signature of the shop', async () => {
    const res = await upload(await valid());
    const forged = { token: 'mine', expire: Date.parse('2031-06-15T10:00:30Z') / 1000 };
    for (const [method, path, body] of [
      ['DELETE', `/media/api/v1/files/${res.body.fileId}`, forged],
      ['POST', `/media/api/v1/files/${res.body.fileId}/rotate`, { ...forged, degrees: 90 }],
    ] as const) {
      const refused = await platform.request(path, {
        method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...body, signature: signatureOf('a-guessed-key', forged.token, forged.expire) }),
      });
      expect(refused.status).toBe(403);
    }
    expect((await platform.get(new URL(res.body.url).pathname)).status).toBe(200);
  });

  it('refuses what ImageKit refuses, with the messages in French and Dutch', async () => {
    const message = async (fields: Record<string, string | Blob>, locale = 'fr') => {
      const res = await upload(fields, locale);
      expect(res.status).toBeGreaterThanOrEqual(400);
      return res.body.message as string;
    };
    expect(await message(await valid({ file: new Blob(['%PDF-1.4'], { type: 'application/pdf' }) }))).toBe('Type de fichier non supporté');
    expect(await message(await valid({ file: new Blob(['not a png'], { type: 'image/png' }) }))).toBe('Type de fichier non supporté');
    expect(await message(await valid({ file: new Blob([new Uint8Array(5 * 1024 * 1024 + 1)], { type: 'image/png' }) }))).toBe(
      'Fichier trop volumineux',
    );
    expect(await message(await valid({ file: new Blob(['x'], { type: 'text/plain' }) }), 'nl')).toBe('Bestandstype niet ondersteund');
    const { file: _file, ...withoutFile } = await valid();
    expect(await message(withoutFile)).toBe('Le fichier est manquant.');
    expect(await message(await valid({ fileName: '' }))).toBe('Le nom du fichier est manquant.');
    expect(await message(await valid({ publicKey: '' }))).toBe('La clé publique est manquante.');
    expect(await message(await valid({ signature: 'f'.repeat(40) }))).toBe('La signature de l’envoi est invalide.');
    // A signature is good once.
    const once = await valid();
    expect((await upload(once)).status).toBe(200);
    expect(await message({ ...once, file: new Blob([png], { type: 'image/png' }) })).toBe('La signature de l’envoi est invalide.');
    // And for 60 seconds.
    const late = await valid();
    clock.advance(61_000);
    expect(await message(late, 'nl')).toBe('De handtekening van de upload is verlopen. Probeer het opnieuw.');
  });
});

describe('in production', () => {
  const production = {
    NODE_ENV: 'production',
    JWT_SECRET: 'api-test-secret',
    TRUST_PROXY: '1',
    IMAGEKIT_PRIVATE_KEY: 'private_live_key_of_the_shop',
    IMAGEKIT_PUBLIC_KEY: 'public_live_key_of_the_shop',
    IMAGEKIT_URL_ENDPOINT: 'https://ik.imagekit.io/maisongamelle',
  };

  it('signs with the configured private key, and the embedded service is not there (photos live at ImageKit)', async () => {
    const app = createPlatform({ db: platform.db, siteOrigins: [], shop: { env: production, clock: clock.now } });
    const request = appRequest(app, platform.clientAddress);
    const live = shopApi({ ...platform, app, request, get: (path: string) => request(path) });
    const { token: own } = await live.signUp();
    const res = await live.call('GET', '/media-authentication', { token: own });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const a = mediaAuthentication.parse(res.body);
    expect(a.signature).toBe(signatureOf('private_live_key_of_the_shop', a.token, a.expire));
    expect((await request('/media/api/v1/files/upload', { method: 'POST' })).status).toBe(404);
  });
});
