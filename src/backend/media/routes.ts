/**
 * The platform's media service, ImageKit-compatible (DESIGN.md: images): the pets' photos.
 *
 * The signature triples come from the shop API (`GET /api/v2/shop/media-authentication`, signed-in
 * customers only, rate-limited): this service hands none out, so only a customer can upload, delete or
 * rotate. It stands in for ImageKit outside production only (config.ts), with the configured keys.
 *
 * - `POST /media/api/v1/files/upload` (multipart: file, fileName, publicKey, signature, expire, token,
 *   tags, customMetadata…): checks the public key, the signature, its expiry and that it was not used
 *   before, the file's type and size; stores the file in the database (every instance serves it) and
 *   answers like ImageKit (fileId, name, url, width, height, size, fileType).
 * - `GET /media/files/{id}/v{version}/{name}`: the file, cached for a year (a rotation makes a new version).
 * - `DELETE /media/api/v1/files/{id}` and `POST /media/api/v1/files/{id}/rotate` ({degrees}): with a fresh
 *   signature triple in the JSON body, like an upload.
 *
 * Errors are ImageKit's `{ message, help }`, the message in the language of `?locale=`.
 */
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import sharp from 'sharp';
import { z } from 'zod';
import type { Database } from '../db/database.ts';
import { Problem } from '../problem.ts';
import { PHOTO_MAX_MB, PHOTO_TYPES, UPLOAD_MESSAGES, type UploadError } from '../../lib/pets/photo.ts';
import type { Language } from '../../lib/channels.ts';
import type { MediaConfig } from '../config.ts';
import { signatureOf } from './signature.ts';

interface MediaOptions {
  /** The configured keys (IMAGEKIT_PRIVATE_KEY, IMAGEKIT_PUBLIC_KEY): uploads are checked against them. */
  keys: Pick<MediaConfig, 'privateKey' | 'publicKey'>;
  clock: () => Date;
  siteOrigins: string[];
}

const MAX_BYTES = PHOTO_MAX_MB * 1024 * 1024;

const langOf = (c: Context): Language => (/^nl/.test(c.req.query('locale') ?? '') ? 'nl' : 'fr');
const mediaError = (c: Context, status: number, error: UploadError) =>
  new Problem(status, {
    message: UPLOAD_MESSAGES[langOf(c)][error],
    help: 'For support kindly contact us at support@imagekit.io .',
    code: error,
  });

const triple = z.object({
  signature: z.string().regex(/^[0-9a-f]{40}$/),
  expire: z.coerce.number().int(),
  token: z.string().min(1).max(100),
});

interface FileRow {
  id: string;
  name: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  version: number;
  data?: Uint8Array;
}

export function mediaRoutes(db: Database, options: MediaOptions): Hono {
  const { keys } = options;
  const app = new Hono();
  app.use('*', cors({ origin: options.siteOrigins, allowMethods: ['GET', 'POST', 'DELETE'], maxAge: 600 }));
  const now = () => Math.floor(options.clock().getTime() / 1000);
  const urlOf = (c: Context, f: FileRow) => `${new URL(c.req.url).origin}/media/files/${f.id}/v${f.version}/${encodeURIComponent(f.name)}`;
  const fileJson = (c: Context, f: FileRow) => ({
    fileId: f.id,
    name: f.name,
    url: urlOf(c, f),
    thumbnailUrl: urlOf(c, f),
    filePath: `/${f.name}`,
    width: f.width,
    height: f.height,
    size: f.size,
    fileType: 'image',
    mime: f.mime,
  });

  /** A signature triple is good once: right key, not expired, never used. */
  async function checkSignature(c: Context, fields: unknown): Promise<void> {
    const parsed = triple.safeParse(fields);
    if (!parsed.success) throw mediaError(c, 400, 'invalidUploadOptions');
    const { signature, expire, token } = parsed.data;
    const expected = Buffer.from(signatureOf(keys.privateKey, token, expire));
    if (!timingSafeEqual(expected, Buffer.from(signature))) throw mediaError(c, 403, 'signatureInvalid');
    if (expire < now()) throw mediaError(c, 403, 'signatureExpired');
    // Old used signatures can go: an expired one is refused above anyway.
    await db.query('DELETE FROM media.used_signatures WHERE expire_at < to_timestamp($1)', [now()]);
    const used = await db.query(
      `INSERT INTO media.used_signatures (signature, expire_at) VALUES ($1, to_timestamp($2)) ON CONFLICT DO NOTHING RETURNING signature`,
      [signature, expire],
    );
    if (used.length === 0) throw mediaError(c, 403, 'signatureInvalid');
  }

  app.post('/api/v1/files/upload', async (c) => {
    const length = Number(c.req.header('content-length') ?? 0);
    if (length > MAX_BYTES + 64 * 1024) throw mediaError(c, 413, 'tooLarge');
    let form: Record<string, string | File>;
    try {
      form = (await c.req.parseBody()) as Record<string, string | File>;
    } catch {
      throw mediaError(c, 400, 'invalidUploadOptions');
    }
    if (!form.publicKey) throw mediaError(c, 400, 'missingPublicKey');
    if (form.publicKey !== keys.publicKey) throw mediaError(c, 403, 'signatureInvalid');
    if (!(form.file instanceof File)) throw mediaError(c, 400, 'missingFile');
    if (typeof form.fileName !== 'string' || !form.fileName.trim()) throw mediaError(c, 400, 'missingFileName');
    await checkSignature(c, form);
    const file = form.file;
    if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) throw mediaError(c, 400, 'unsupportedType');
    if (file.size > MAX_BYTES) throw mediaError(c, 413, 'tooLarge');
    const data = new Uint8Array(await file.arrayBuffer());
    // The bytes must be the picture they claim to be: sharp reads its size, or it is not one.
    const meta = await sharp(data)
      .metadata()
      .catch(() => null);
    if (!meta?.width) throw mediaError(c, 400, 'unsupportedType');
    const name = form.fileName.replace(/[^\w.-]+/g, '-').slice(0, 100) || 'photo';
    const row: FileRow = {
      id: randomUUID().replaceAll('-', ''),
      name,
      mime: file.type,
      size: data.byteLength,
      width: meta.width,
      height: meta.height ?? null,
      version: 1,
    };
    await db.query(
      `INSERT INTO media.files (id, name, mime, size, width, height, data, tags, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8::text[], $9::timestamptz)`,
      [
        row.id,
        row.name,
        row.mime,
        row.size,
        row.width,
        row.height,
        data,
        typeof form.tags === 'string' ? form.tags.split(',').filter(Boolean) : [],
        options.clock().toISOString(),
      ],
    );
    return c.json(fileJson(c, row));
  });

  app.get('/files/:id/:version/:name', async (c) => {
    const [file] = await db.query<FileRow>('SELECT * FROM media.files WHERE id = $1', [c.req.param('id')]);
    if (!file || c.req.param('version') !== `v${file.version}`) return c.json({ message: 'File not found' }, 404);
    return c.body(new Uint8Array(file.data!), 200, { 'Content-Type': file.mime, 'Cache-Control': 'public, max-age=31536000, immutable' });
  });

  const signedBody = async (c: Context) => {
    const body = await c.req.json().catch(() => null);
    await checkSignature(c, body);
    return body as Record<string, unknown>;
  };
  const findFile = async (c: Context) => {
    const [file] = await db.query<FileRow>('SELECT * FROM media.files WHERE id = $1', [c.req.param('id')]);
    if (!file) throw new Problem(404, { message: 'The requested file does not exist.', help: '' });
    return file;
  };

  app.delete('/api/v1/files/:id', async (c) => {
    await signedBody(c);
    await findFile(c);
    await db.query('DELETE FROM media.files WHERE id = $1', [c.req.param('id')]);
    return c.body(null, 204);
  });

  app.post('/api/v1/files/:id/rotate', async (c) => {
    const body = await signedBody(c);
    const degrees = z.union([z.literal(90), z.literal(180), z.literal(270)]).safeParse(body.degrees);
    if (!degrees.success) throw mediaError(c, 400, 'invalidUploadOptions');
    const file = await findFile(c);
    const { data, info } = await sharp(file.data!).rotate(degrees.data).toBuffer({ resolveWithObject: true });
    const [row] = await db.query<FileRow>(
      'UPDATE media.files SET data = $2, size = $3, width = $4, height = $5, version = version + 1 WHERE id = $1 RETURNING id, name, mime, size, width, height, version',
      [file.id, new Uint8Array(data), info.size, info.width, info.height],
    );
    return c.json(fileJson(c, row!));
  });

  return app;
}
