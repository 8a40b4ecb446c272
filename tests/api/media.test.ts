import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { testClock, testPlatform, type TestPlatform } from './platform.ts';
import { signatureOf } from '../../src/backend/media/routes.ts';

const clock = testClock();
let platform: TestPlatform;
let png: Uint8Array<ArrayBuffer>;

beforeAll(async () => {
  clock.set('2031-06-15T10:00:00Z');
  platform = await testPlatform({ clock: clock.now });
  png = new Uint8Array(
    await sharp({ create: { width: 40, height: 20, channels: 3, background: '#c08040' } })
      .png()
      .toBuffer(),
  );
});
afterAll(async () => {
  await platform.db.close();
});

const auth = async () => (await platform.get('/media/auth?t=0.42')).body as { signature: string; expire: number; token: string };
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

describe('the media service', () => {
  it('authentication: a token, an expiry 60 s later and the HMAC-SHA1 of token + expire with the private key', async () => {
    const a = await auth();
    expect(a.expire).toBe(Date.parse('2031-06-15T10:00:00Z') / 1000 + 60);
    expect(a.signature).toBe(signatureOf('private_embedded_media_key', a.token, a.expire));
  });

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
