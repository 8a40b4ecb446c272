/**
 * A pet's photo through the media service, the way ImageKit's upload helper does it: a signature from the
 * authentication endpoint (the shop API's, with the session's bearer token: only a signed-in customer
 * gets one; given up after 60 seconds), then the multipart upload with the public key and that signature.
 * Deleting and rotating send a fresh signature too, to the embedded service only (ImageKit's file API
 * takes the private key, which no page holds: there, a photo is turned by its address, see
 * rotatedImageKitUrl, and a removed one is forgotten by the profile). Every failure is an UploadFailure whose message is the
 * shopper's text, in their language (the service's own message when it refused the file or the shop
 * refused a signature).
 */
import '../../lib/zod/jitless.ts';
import { z } from 'zod/mini';
import type { Language } from '../../lib/channels.ts';
import { isShopApiError, NETWORK_ERROR_STATUS } from '../../lib/shop-api/http.ts';
import { PHOTO_MAX_MB, PHOTO_TYPES, UPLOAD_AUTH_TIMEOUT_MS, UPLOAD_MESSAGES, type UploadError } from '../../lib/pets/photo.ts';

export class UploadFailure extends Error {}

export interface MediaOptions {
  /** Where files are sent: ImageKit's upload endpoint, or the embedded service's. */
  uploadUrl: string;
  /** The embedded service's root (`{platform}/media`), which also deletes and rotates; null with ImageKit. */
  serviceUrl: string | null;
  /** Asks the authentication endpoint for a triple; null when there is none to ask (a guest). */
  authenticate: ((signal: AbortSignal) => Promise<unknown>) | null;
  publicKey: string;
  language: Language;
}

const authAnswer = z.object({ signature: z.string().check(z.minLength(1)), token: z.string().check(z.minLength(1)), expire: z.number() });
const uploadAnswer = z.object({ fileId: z.string(), url: z.string() });
const serviceError = z.object({ message: z.string() });

const fail = (language: Language, error: UploadError) => new UploadFailure(UPLOAD_MESSAGES[language][error]);

/** The types and size the service accepts, checked before sending (the service checks them again). */
function checkPhoto(file: File, language: Language): void {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) throw fail(language, 'unsupportedType');
  if (file.size > PHOTO_MAX_MB * 1024 * 1024) throw fail(language, 'tooLarge');
}

/** Why the authentication failed, in the shopper's words: the shop's own refusal (too many) as it said it. */
function authFailure(language: Language, error: unknown, timedOut: boolean): UploadFailure {
  if (timedOut) return fail(language, 'authTimeout');
  if (!isShopApiError(error) || error.status === NETWORK_ERROR_STATUS) return fail(language, 'authNetwork');
  if (error.status === 429) return new UploadFailure(error.description);
  return fail(language, 'authInvalidResponse');
}

async function authenticate(options: MediaOptions) {
  if (!options.authenticate) throw fail(options.language, 'missingAuthenticationEndpoint');
  if (!options.publicKey) throw fail(options.language, 'missingPublicKey');
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), UPLOAD_AUTH_TIMEOUT_MS);
  let answer: unknown;
  try {
    answer = await options.authenticate(abort.signal);
  } catch (error) {
    throw authFailure(options.language, error, abort.signal.aborted);
  } finally {
    clearTimeout(timer);
  }
  const body = authAnswer.safeParse(answer);
  if (!body.success) throw fail(options.language, 'authInvalidResponse');
  return body.data;
}

/** Sends a request to the service at `url`; its refusal becomes its own message. */
async function send(options: MediaOptions, target: string | null, init: RequestInit): Promise<unknown> {
  if (!target) throw fail(options.language, 'missingUrlEndpoint');
  const url = new URL(target);
  url.searchParams.set('locale', options.language);
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch {
    throw fail(options.language, 'uploadNetwork');
  }
  if (response.status === 204) return null;
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const refusal = serviceError.safeParse(body);
    throw refusal.success ? new UploadFailure(refusal.data.message) : fail(options.language, 'uploadNetwork');
  }
  return body;
}

export async function uploadPhoto(options: MediaOptions, file: File | null, fileName: string): Promise<{ fileId: string; url: string }> {
  if (!file) throw fail(options.language, 'missingFile');
  if (!fileName) throw fail(options.language, 'missingFileName');
  checkPhoto(file, options.language);
  const auth = await authenticate(options);
  const form = new FormData();
  form.set('file', file);
  form.set('fileName', fileName);
  form.set('publicKey', options.publicKey);
  form.set('signature', auth.signature);
  form.set('expire', String(auth.expire));
  form.set('token', auth.token);
  form.set('tags', 'animal');
  const answer = uploadAnswer.safeParse(await send(options, options.uploadUrl, { method: 'POST', body: form }));
  if (!answer.success) throw fail(options.language, 'uploadNetwork');
  return answer.data;
}

/** The file id of one of the embedded service's photo URLs (`…/media/files/{id}/v{n}/{name}`): null for ImageKit's. */
export const fileIdOf = (url: string): string | null => /\/media\/files\/([0-9a-f]+)\/v\d+\//.exec(url)?.[1] ?? null;

const filePath = (options: MediaOptions, path: string) => options.serviceUrl && `${options.serviceUrl.replace(/\/+$/, '')}${path}`;

const signedJson = async (options: MediaOptions, extra: Record<string, unknown> = {}): Promise<RequestInit> => ({
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ ...(await authenticate(options)), ...extra }),
});

export async function rotatePhoto(options: MediaOptions, fileId: string): Promise<string> {
  const answer = uploadAnswer.safeParse(
    await send(options, filePath(options, `/api/v1/files/${fileId}/rotate`), {
      method: 'POST',
      ...(await signedJson(options, { degrees: 90 })),
    }),
  );
  if (!answer.success) throw fail(options.language, 'uploadNetwork');
  return answer.data.url;
}

export async function deletePhoto(options: MediaOptions, fileId: string): Promise<void> {
  await send(options, filePath(options, `/api/v1/files/${fileId}`), { method: 'DELETE', ...(await signedJson(options)) });
}
