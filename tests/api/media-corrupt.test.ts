/**
 * A pet's photo that is no picture (issue 44): refused on upload with the service's message in the shopper's
 * language, whatever its name and declared type say; and a corrupt file stored before uploads were decoded
 * (older data) is refused a rotation with a clear 4xx, never a 500 (which the form shows as a network error),
 * and stays as it was stored.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaAuthentication } from '../../src/lib/shop-api/media.ts';
import { UPLOAD_MESSAGES } from '../../src/lib/pets/photo.ts';
import { shopApi, testClock, testPlatform, type TestPlatform } from './platform.ts';

const clock = testClock();
let platform: TestPlatform;
let api: ReturnType<typeof shopApi>;
let token: string;
let jpeg: Uint8Array;

beforeAll(async () => {
  platform = await testPlatform({ clock: clock.now });
  api = shopApi(platform);
  token = (await api.signUp()).token;
  // Noise compresses badly: the pixel data is most of the file, so a cut lands in it, behind a good header.
  jpeg = new Uint8Array(
    await sharp(randomBytes(120 * 80 * 3), { raw: { width: 120, height: 80, channels: 3 } })
      .jpeg()
      .toBuffer(),
  );
});
afterAll(async () => {
  await platform.db.close();
});

const auth = async () =>
  mediaAuthentication.parse((await api.call('GET', '/media-authentication', { query: 'channelCode=FR&locale=fr_FR', token })).body);
const upload = async (bytes: Uint8Array, locale: string) => {
  const form = new FormData();
  const signed = await auth();
  const fields = { fileName: 'rex.jpg', publicKey: 'public_embedded_media_key', ...signed };
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'rex.jpg');
  return platform.request(`/media/api/v1/files/upload?locale=${locale}`, { method: 'POST', body: form });
};
const rotate = async (fileId: string, locale: string) =>
  platform.request(`/media/api/v1/files/${fileId}/rotate?locale=${locale}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ degrees: 90, ...(await auth()) }),
  });

const truncated = () => jpeg.slice(0, Math.floor(jpeg.byteLength / 2));
/** Random bytes, and random bytes behind a JPEG's first bytes (so that only decoding can tell). */
const randomJpeg = () => new Uint8Array(randomBytes(4000));
const disguised = () => new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...randomBytes(4000)]);

describe('a photo that is no picture', () => {
  it.each([
    ['a truncated JPEG', truncated],
    ['random bytes named .jpg, declared image/jpeg', randomJpeg],
    ['random bytes behind a JPEG’s first bytes', disguised],
  ])('is refused on upload (%s), in French and in Dutch, and nothing is stored', async (_label, bytes) => {
    const before = await platform.db.query('SELECT id FROM media.files');
    for (const lang of ['fr', 'nl'] as const) {
      const refused = await upload(bytes(), lang);
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.body.message).toBe(UPLOAD_MESSAGES[lang].unsupportedType);
    }
    expect(await platform.db.query('SELECT id FROM media.files')).toEqual(before);
  });

  it('stored before uploads were decoded, is refused a rotation with a 4xx in the shopper’s language, and kept as it was', async () => {
    const owner = (await auth()).token.split('.')[1]!;
    const stored = truncated();
    const id = 'c'.repeat(32);
    await platform.db.query(
      `INSERT INTO media.files (id, name, mime, size, width, height, data, created_at, owner, clean)
       VALUES ($1, 'old.jpg', 'image/jpeg', $2, 120, 80, $3, now(), $4, $5)`,
      [id, stored.byteLength, stored, owner, false],
    );
    for (const lang of ['fr', 'nl'] as const) {
      const refused = await rotate(id, lang);
      expect(refused.status, JSON.stringify(refused.body)).toBeGreaterThanOrEqual(400);
      expect(refused.status).toBeLessThan(500);
      expect(refused.body.message).toBe(UPLOAD_MESSAGES[lang].unsupportedType);
    }
    const [kept] = await platform.db.query<{ data: Uint8Array; version: number }>('SELECT data, version FROM media.files WHERE id = $1', [
      id,
    ]);
    expect(kept!.version).toBe(1);
    expect(new Uint8Array(kept!.data)).toEqual(stored);
  });
});
