/**
 * The photo upload helper: the signature triple comes from the authentication the page gives (the shop
 * API's, with the session), never from the media service; a guest has none to ask; the shop's refusals,
 * a network failure and the 60-second time-out each say what happened.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deletePhoto, uploadPhoto, type MediaOptions } from '../../../../src/islands/pets/upload.ts';
import { ShopApiError } from '../../../../src/lib/shop-api/http.ts';
import { UPLOAD_MESSAGES } from '../../../../src/lib/pets/photo.ts';

const triple = { token: 'a-token', expire: 1_900_000_000, signature: 'f'.repeat(40) };
const photo = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'rex.png', { type: 'image/png' });
const options = (patch: Partial<MediaOptions> = {}): MediaOptions => ({
  uploadUrl: 'https://upload.example/api/v1/files/upload',
  serviceUrl: null,
  authenticate: async () => triple,
  publicKey: 'public_key',
  language: 'fr',
  ...patch,
});
const refusal = (status: number, description: string) =>
  new ShopApiError({ status, description, method: 'GET', path: '/api/v2/shop/media-authentication' });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('a photo upload', () => {
  it('sends the file with the public key and the triple the authentication gave', async () => {
    const fetch = vi.fn(async () => Response.json({ fileId: 'f1', url: 'https://ik.example/rex.png' }));
    vi.stubGlobal('fetch', fetch);
    expect(await uploadPhoto(options(), photo(), 'rex.png')).toEqual({ fileId: 'f1', url: 'https://ik.example/rex.png' });
    const [url, init] = fetch.mock.calls[0] as unknown as [URL, RequestInit];
    expect(url.origin + url.pathname).toBe('https://upload.example/api/v1/files/upload');
    const form = init.body as FormData;
    expect(Object.fromEntries(['publicKey', 'token', 'expire', 'signature', 'fileName'].map((k) => [k, form.get(k)]))).toEqual({
      publicKey: 'public_key',
      token: 'a-token',
      expire: '1900000000',
      signature: 'f'.repeat(40),
      fileName: 'rex.png',
    });
  });

  it('is not tried without an authentication to ask (a guest)', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await expect(uploadPhoto(options({ authenticate: null }), photo(), 'rex.png')).rejects.toThrow(
      UPLOAD_MESSAGES.fr.missingAuthenticationEndpoint,
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it("says the shop's own refusal (too many), a network failure, or an invalid answer", async () => {
    const tooMany = 'Trop d’envois de photos. Merci de réessayer dans 9 minutes.';
    await expect(uploadPhoto(options({ authenticate: () => Promise.reject(refusal(429, tooMany)) }), photo(), 'rex.png')).rejects.toThrow(
      tooMany,
    );
    await expect(
      uploadPhoto(
        options({ authenticate: () => Promise.reject(refusal(0, 'Network request failed')), language: 'nl' }),
        photo(),
        'rex.png',
      ),
    ).rejects.toThrow(UPLOAD_MESSAGES.nl.authNetwork);
    await expect(uploadPhoto(options({ authenticate: async () => ({ token: 'x' }) }), photo(), 'rex.png')).rejects.toThrow(
      UPLOAD_MESSAGES.fr.authInvalidResponse,
    );
  });

  it('gives the authentication up after 60 seconds', async () => {
    vi.useFakeTimers();
    const hanging = (signal: AbortSignal) =>
      new Promise<unknown>((_, reject) => signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    const result = uploadPhoto(options({ authenticate: hanging }), photo(), 'rex.png');
    const expectation = expect(result).rejects.toThrow(UPLOAD_MESSAGES.fr.authTimeout);
    await vi.advanceTimersByTimeAsync(59_999);
    await vi.advanceTimersByTimeAsync(1);
    await expectation;
  });

  it('deletes through the embedded service only: with ImageKit the page holds no key that could', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetch);
    await expect(deletePhoto(options(), 'f1')).rejects.toThrow(UPLOAD_MESSAGES.fr.missingUrlEndpoint);
    await deletePhoto(options({ serviceUrl: 'http://localhost:4400/media/' }), 'f1');
    const [url, init] = fetch.mock.calls[0] as unknown as [URL, RequestInit];
    expect(url.pathname).toBe('/media/api/v1/files/f1');
    expect(JSON.parse(init.body as string)).toEqual(triple);
  });
});
