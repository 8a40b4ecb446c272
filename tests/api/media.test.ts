import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { appRequest, productionEnv, shopApi, testClock, testPlatform, type TestPlatform } from './platform.ts';
import { signatureOf } from '../../src/backend/media/signature.ts';
import { createPlatform } from '../../src/backend/app.ts';
import { RATE_LIMITS } from '../../src/backend/shop/limits/policy.ts';
import { mediaAuthentication } from '../../src/lib/shop-api/media.ts';

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
    // The token names the customer, under the signature: the media service knows whose the upload is.
    expect(a.token).toMatch(/^[0-9a-f-]{36}\.[1-9]\d*$/);
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

describe('the embedded media service keeps only clean pictures, and each customer’s to themselves (issue 43)', () => {
  const json = (method: 'POST' | 'DELETE', path: string, body: object) =>
    platform.request(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  /** A served file's bytes (platform.request reads answers as text). */
  const served = async (path: string) => {
    const res = await platform.app.request(`http://platform.test${path}`, { headers: { 'x-forwarded-for': platform.clientAddress } });
    return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
  };
  /** A phone's JPEG, 40 × 20 as stored, to be shown turned a quarter (EXIF orientation 6), with where it was taken. */
  const phoneJpeg = async () =>
    new Uint8Array(
      await sharp({ create: { width: 40, height: 20, channels: 3, background: '#4080c0' } })
        .jpeg()
        .withMetadata({ orientation: 6 })
        .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Phone 15' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100' } })
        .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>')
        .toBuffer(),
    );

  it('lets only the customer who uploaded a photo rotate or delete it: another’s signature gets the answer for no file', async () => {
    const own = await upload(await valid());
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const { token: otherCustomer } = await api.signUp();
    const theirs = async () => mediaAuthentication.parse((await authenticate(otherCustomer)).body);
    const path = `/media/api/v1/files/${own.body.fileId}`;

    const rotated = await json('POST', `${path}/rotate`, { degrees: 90, ...(await theirs()) });
    const deleted = await json('DELETE', path, await theirs());
    const missing = await json('DELETE', `/media/api/v1/files/${'0'.repeat(32)}`, await theirs());
    expect(rotated.status).toBe(404);
    expect(deleted.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(rotated.body).toEqual(missing.body);
    expect(deleted.body).toEqual(missing.body);
    // Untouched: same version, same size.
    expect((await platform.get(new URL(own.body.url).pathname)).status).toBe(200);

    // The owner still can.
    expect((await json('POST', `${path}/rotate`, { degrees: 90, ...(await auth()) })).status).toBe(200);
    expect((await json('DELETE', path, await auth())).status).toBe(204);
  });

  it('refuses a signature whose token names no customer, even with the right key', async () => {
    const token = '2f1c5a4e-0d7b-4c1e-9a53-6b0e8f7d2c11';
    const expire = Math.floor(clock.now().getTime() / 1000) + 60;
    const res = await upload(
      await valid({ token, expire: String(expire), signature: signatureOf('private_embedded_media_key', token, expire) }),
    );
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('La signature de l’envoi est invalide.');
  });

  // The pixel limit is the image library's work, the same on either database: the PGlite pass alone runs it
  // (its two big pictures cost seconds of CPU).
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'refuses a picture of more than 50 megapixels from its header, at once; a 48-megapixel phone photo passes',
    async () => {
      // 446 KB on disk, 144 megapixels decoded.
      const bomb = new Uint8Array(
        await sharp({ create: { width: 12_000, height: 12_000, channels: 3, background: '#c08040' } })
          .png({ compressionLevel: 9 })
          .toBuffer(),
      );
      expect(bomb.byteLength).toBeLessThan(1024 * 1024);
      const fields = await valid({ file: new Blob([bomb], { type: 'image/png' }), fileName: 'bomb.png' });
      const started = performance.now();
      const refused = await upload(fields);
      const took = performance.now() - started;
      expect(refused.status).toBe(413);
      expect(refused.body.message).toBe('Fichier trop volumineux');
      // Decoding it took seconds; reading its header, milliseconds (generous for a loaded machine).
      expect(took).toBeLessThan(2_000);

      const phone = new Uint8Array(
        await sharp({ create: { width: 8064, height: 6048, channels: 3, background: '#806040' } })
          .jpeg()
          .toBuffer(),
      );
      const accepted = await upload(await valid({ file: new Blob([phone], { type: 'image/jpeg' }), fileName: 'phone.jpg' }));
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
      expect(accepted.body).toMatchObject({ width: 8064, height: 6048, mime: 'image/jpeg' });
    },
  );

  it('keeps no metadata (EXIF with the GPS position, XMP) and turns the photo by its EXIF orientation first', async () => {
    const original = await sharp(await phoneJpeg()).metadata();
    expect(original).toMatchObject({ orientation: 6, width: 40, height: 20 });
    expect(original.exif).toBeDefined();

    const res = await upload(await valid({ file: new Blob([await phoneJpeg()], { type: 'image/jpeg' }), fileName: 'rex.jpg' }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ width: 20, height: 40, mime: 'image/jpeg' });
    const file = await served(new URL(res.body.url).pathname);
    expect(file.status).toBe(200);
    const kept = await sharp(file.bytes).metadata();
    expect(kept).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect(kept.exif).toBeUndefined();
    expect(kept.xmp).toBeUndefined();
    expect(kept.orientation).toBeUndefined();
    expect(file.bytes.byteLength).toBe(res.body.size);
  });

  it('goes by the bytes, not the declared type: SVG declared PNG is refused, a JPEG declared PNG is a JPEG; every answer says nosniff', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><script>alert(document.cookie)</script></svg>';
    const refused = await upload(await valid({ file: new Blob([svg], { type: 'image/png' }), fileName: 'rex.png' }));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Type de fichier non supporté');
    expect(refused.headers.get('x-content-type-options')).toBe('nosniff');

    // Good header, pixels cut off: refused, not a 500.
    const whole = await phoneJpeg();
    const cut = await upload(await valid({ file: new Blob([whole.slice(0, whole.byteLength - 200)], { type: 'image/jpeg' }) }));
    expect(cut.status).toBe(400);
    expect(cut.body.message).toBe('Type de fichier non supporté');

    const jpeg = await upload(await valid({ file: new Blob([whole], { type: 'image/png' }), fileName: 'rex.png' }));
    expect(jpeg.status, JSON.stringify(jpeg.body)).toBe(200);
    expect(jpeg.body.mime).toBe('image/jpeg');
    const file = await served(new URL(jpeg.body.url).pathname);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-security-policy')).toContain('sandbox');
    // A picture without a declared type is taken too.
    const untyped = await upload(await valid({ file: new Blob([png]), fileName: 'rex' }));
    expect(untyped.status, JSON.stringify(untyped.body)).toBe(200);
    expect(untyped.body.mime).toBe('image/png');
    expect((await served('/media/files/not-an-id/v1/rex.png')).headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('cleans a file stored before pictures were cleaned when it is next read, and serves no SVG stored as PNG', async () => {
    const stored = async (id: string, bytes: Uint8Array) =>
      platform.db.query(
        `INSERT INTO media.files (id, name, mime, size, width, height, data, created_at) VALUES ($1, 'old.png', 'image/png', $2, 40, 20, $3, now())`,
        [id, bytes.byteLength, bytes],
      );
    const photo = 'a'.repeat(32);
    await stored(photo, await phoneJpeg());
    const file = await served(`/media/files/${photo}/v1/old.png`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    const kept = await sharp(file.bytes).metadata();
    expect(kept).toMatchObject({ width: 20, height: 40 });
    expect(kept.exif).toBeUndefined();
    // Nobody's: no signature rotates it.
    expect((await json('POST', `/media/api/v1/files/${photo}/rotate`, { degrees: 90, ...(await auth()) })).status).toBe(404);

    const svg = 'b'.repeat(32);
    await stored(svg, new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
    expect((await served(`/media/files/${svg}/v1/old.png`)).status).toBe(404);
  });
});

describe('in production', () => {
  // A whole production configuration (config.ts refuses less): the platform reads it all at its start.
  const production = {
    ...productionEnv,
    TRUST_PROXY: '1',
    IMAGEKIT_PRIVATE_KEY: 'private_live_key_of_the_shop',
    IMAGEKIT_PUBLIC_KEY: 'public_live_key_of_the_shop',
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
