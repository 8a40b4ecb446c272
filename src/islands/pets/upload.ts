/**
 * A pet's photo through the media service, the way ImageKit's upload helper does it: a signature from the
 * authentication endpoint (GET with a random `t`, given up after 60 seconds), then the multipart upload
 * with the public key and that signature. Deleting and rotating send a fresh signature too. Every failure
 * is an UploadFailure whose message is the shopper's text, in their language (the service's own message
 * when it refused the file).
 */
import { z } from 'zod';
import type { Language } from '../../lib/channels.ts';
import { PHOTO_MAX_MB, PHOTO_TYPES, UPLOAD_AUTH_TIMEOUT_MS, UPLOAD_MESSAGES, type UploadError } from '../../lib/pets/photo.ts';

export class UploadFailure extends Error {}

export interface MediaOptions {
  /** The media service's root (ImageKit's urlEndpoint): `{platform}/media`. */
  urlEndpoint: string;
  authenticationEndpoint: string;
  publicKey: string;
  language: Language;
}

const authAnswer = z.object({ signature: z.string().min(1), token: z.string().min(1), expire: z.number() });
const uploadAnswer = z.object({ fileId: z.string(), url: z.string() });
const serviceError = z.object({ message: z.string() });

const fail = (language: Language, error: UploadError) => new UploadFailure(UPLOAD_MESSAGES[language][error]);

/** The types and size the service accepts, checked before sending (the service checks them again). */
function checkPhoto(file: File, language: Language): void {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) throw fail(language, 'unsupportedType');
  if (file.size > PHOTO_MAX_MB * 1024 * 1024) throw fail(language, 'tooLarge');
}

async function authenticate(options: MediaOptions) {
  if (!options.authenticationEndpoint) throw fail(options.language, 'missingAuthenticationEndpoint');
  if (!options.publicKey) throw fail(options.language, 'missingPublicKey');
  const url = new URL(options.authenticationEndpoint);
  url.searchParams.set('t', Math.random().toString(36).slice(2));
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), UPLOAD_AUTH_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, { signal: abort.signal, cache: 'no-store' });
  } catch {
    throw fail(options.language, abort.signal.aborted ? 'authTimeout' : 'authNetwork');
  } finally {
    clearTimeout(timer);
  }
  const body = authAnswer.safeParse(await response.json().catch(() => null));
  if (!response.ok || !body.success) throw fail(options.language, 'authInvalidResponse');
  return body.data;
}

/** Sends a request to the service; its refusal becomes its own message. */
async function send(options: MediaOptions, path: string, init: RequestInit): Promise<unknown> {
  if (!options.urlEndpoint) throw fail(options.language, 'missingUrlEndpoint');
  const url = new URL(`${options.urlEndpoint.replace(/\/+$/, '')}${path}`);
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
  const answer = uploadAnswer.safeParse(await send(options, '/api/v1/files/upload', { method: 'POST', body: form }));
  if (!answer.success) throw fail(options.language, 'uploadNetwork');
  return answer.data;
}

/** The file id of one of the service's photo URLs (`…/media/files/{id}/v{n}/{name}`). */
export const fileIdOf = (url: string): string | null => /\/media\/files\/([0-9a-f]+)\/v\d+\//.exec(url)?.[1] ?? null;

const signedJson = async (options: MediaOptions, extra: Record<string, unknown> = {}): Promise<RequestInit> => ({
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ ...(await authenticate(options)), ...extra }),
});

export async function rotatePhoto(options: MediaOptions, fileId: string): Promise<string> {
  const answer = uploadAnswer.safeParse(
    await send(options, `/api/v1/files/${fileId}/rotate`, { method: 'POST', ...(await signedJson(options, { degrees: 90 })) }),
  );
  if (!answer.success) throw fail(options.language, 'uploadNetwork');
  return answer.data.url;
}

export async function deletePhoto(options: MediaOptions, fileId: string): Promise<void> {
  await send(options, `/api/v1/files/${fileId}`, { method: 'DELETE', ...(await signedJson(options)) });
}
