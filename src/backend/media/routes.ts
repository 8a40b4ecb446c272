/**
 * The platform's media service, ImageKit-compatible (DESIGN.md: images): the pets' photos.
 *
 * The signature triples come from the shop API (`GET /api/v2/shop/media-authentication`, signed-in
 * customers only, rate-limited): this service hands none out, so only a customer can upload, delete or
 * rotate. It stands in for ImageKit outside production only (config.ts), with the configured keys.
 *
 * - `POST /media/api/v1/files/upload` (multipart: file, fileName, publicKey, signature, expire, token,
 *   tags, customMetadata…): checks the public key, the signature, its expiry and that it was not used
 *   before, the file's size, then its bytes (picture.ts: a JPEG, PNG, WebP or GIF by its content, whatever
 *   type was declared; at most MAX_PIXELS); stores the picture made again without its metadata, with the
 *   customer the signature names as its owner, in the database (every instance serves it), and answers
 *   like ImageKit (fileId, name, url, width, height, size, fileType).
 * - `GET /media/files/{id}/v{version}/{name}`: the file, with its real type, cached for a year (a rotation
 *   makes a new version).
 * - `DELETE /media/api/v1/files/{id}` and `POST /media/api/v1/files/{id}/rotate` ({degrees}): with a fresh
 *   signature triple in the JSON body, like an upload, of the customer who uploaded the file: another
 *   customer's is answered 404, as for a file that does not exist, so ids cannot be probed.
 *
 * Every answer says `X-Content-Type-Options: nosniff`: a browser takes a file for what its type says.
 *
 * Errors are ImageKit's `{ message, help }`, the message in the language of `?locale=`.
 */
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import { z } from 'zod';
import type { Database } from '../db/database.ts';
import { Problem } from '../problem.ts';
import { PHOTO_MAX_MB, UPLOAD_MESSAGES, type UploadError } from '../../lib/pets/photo.ts';
import type { Language } from '../../lib/channels.ts';
import type { MediaConfig } from '../config/media.ts';
import { cleanPicture, PictureRefused, type Picture } from './picture.ts';
import { ownerOfToken, signatureOf } from './signature.ts';

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
const fileParams = z.object({
  id: z.string().regex(/^[0-9a-f]{32}$/),
  version: z
    .string()
    .regex(/^v\d{1,9}$/)
    .optional(),
});
const rotation = z.object({ degrees: z.union([z.literal(90), z.literal(180), z.literal(270)]) });

interface FileRow {
  id: string;
  name: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  version: number;
  data?: Uint8Array;
  /** The customer whose signature uploaded it (the shop's customer id); null for a file nobody can claim. */
  owner?: string | null;
  /** Made again without metadata (picture.ts); false for a file stored before that, cleaned when next read. */
  clean?: boolean;
}

export function mediaRoutes(db: Database, options: MediaOptions): Hono {
  const { keys } = options;
  const app = new Hono();
  app.use('*', cors({ origin: options.siteOrigins, allowMethods: ['GET', 'POST', 'DELETE'], maxAge: 600 }));
  app.use('*', async (c, next) => {
    await next();
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
  });
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

  /**
   * A signature triple is good once: right key, not expired, never used, and handed to a customer (its
   * token names them, signature.ts). Answers that customer, the owner of what it uploads.
   */
  async function checkSignature(c: Context, fields: unknown): Promise<string> {
    const parsed = triple.safeParse(fields);
    if (!parsed.success) throw mediaError(c, 400, 'invalidUploadOptions');
    const { signature, expire, token } = parsed.data;
    const expected = Buffer.from(signatureOf(keys.privateKey, token, expire));
    if (!timingSafeEqual(expected, Buffer.from(signature))) throw mediaError(c, 403, 'signatureInvalid');
    if (expire < now()) throw mediaError(c, 403, 'signatureExpired');
    const owner = ownerOfToken(token);
    if (!owner) throw mediaError(c, 403, 'signatureInvalid');
    // Old used signatures can go: an expired one is refused above anyway.
    await db.query('DELETE FROM media.used_signatures WHERE expire_at < to_timestamp($1)', [now()]);
    const used = await db.query(
      `INSERT INTO media.used_signatures (signature, expire_at) VALUES ($1, to_timestamp($2)) ON CONFLICT DO NOTHING RETURNING signature`,
      [signature, expire],
    );
    if (used.length === 0) throw mediaError(c, 403, 'signatureInvalid');
    return owner;
  }

  /** The picture cleaned (picture.ts), or the upload's error for it. */
  const clean = async (c: Context, data: Uint8Array, turn: 0 | 90 | 180 | 270 = 0): Promise<Picture> => {
    try {
      return await cleanPicture(data, turn);
    } catch (error) {
      if (!(error instanceof PictureRefused)) throw error;
      throw error.reason === 'tooLarge' ? mediaError(c, 413, 'tooLarge') : mediaError(c, 400, 'unsupportedType');
    }
  };

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
    const owner = await checkSignature(c, form);
    const file = form.file;
    // The declared type (file.type) is not looked at: it is the browser's guess from the name, or the
    // sender's word. The bytes say what the file is.
    if (file.size > MAX_BYTES) throw mediaError(c, 413, 'tooLarge');
    const picture = await clean(c, new Uint8Array(await file.arrayBuffer()));
    const name = form.fileName.replace(/[^\w.-]+/g, '-').slice(0, 100) || 'photo';
    const row: FileRow = {
      id: randomUUID().replaceAll('-', ''),
      name,
      mime: picture.mime,
      size: picture.size,
      width: picture.width,
      height: picture.height,
      version: 1,
    };
    await db.query(
      `INSERT INTO media.files (id, name, mime, size, width, height, data, tags, created_at, owner, clean)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::text[], $9::timestamptz, $10, true)`,
      [
        row.id,
        row.name,
        row.mime,
        row.size,
        row.width,
        row.height,
        picture.data,
        typeof form.tags === 'string' ? form.tags.split(',').filter(Boolean) : [],
        options.clock().toISOString(),
        owner,
      ],
    );
    return c.json(fileJson(c, row));
  });

  const fileNotFound = (c: Context) => c.json({ message: 'File not found' }, 404);

  app.get('/files/:id/:version/:name', async (c) => {
    const params = fileParams.safeParse(c.req.param());
    if (!params.success) return fileNotFound(c);
    let [file] = await db.query<FileRow>('SELECT * FROM media.files WHERE id = $1', [params.data.id]);
    if (!file || params.data.version !== `v${file.version}`) return fileNotFound(c);
    if (!file.clean) {
      // Stored before pictures were cleaned (migration 030): cleaned once, at its first reading since, as
      // an upload is; a file no upload would take now (not a picture, too big) is not served.
      const picture = await cleanPicture(file.data!).catch((error: unknown) => {
        if (error instanceof PictureRefused) return null;
        throw error;
      });
      if (!picture) return fileNotFound(c);
      [file] = await db.query<FileRow>(
        'UPDATE media.files SET data = $2, mime = $3, size = $4, width = $5, height = $6, clean = true WHERE id = $1 RETURNING *',
        [file.id, picture.data, picture.mime, picture.size, picture.width, picture.height],
      );
      if (!file) return fileNotFound(c);
    }
    return c.body(new Uint8Array(file.data!), 200, {
      'Content-Type': file.mime,
      'Cache-Control': 'public, max-age=31536000, immutable',
      // Opened on its own, the file is a picture and nothing else: no script, no request out.
      'Content-Security-Policy': "default-src 'none'; img-src 'self'; sandbox",
    });
  });

  /** The customer whose signature triple is in the JSON body (checked and used up), and the body. */
  const signedBody = async (c: Context) => {
    const body: unknown = await c.req.json().catch(() => null);
    return { owner: await checkSignature(c, body), body };
  };
  /** The same answer whether the file does not exist or is another customer's: ids cannot be probed. */
  const noSuchFile = () => new Problem(404, { message: 'The requested file does not exist.', help: '' });
  const fileIdOf = (c: Context) => {
    const params = fileParams.safeParse(c.req.param());
    if (!params.success) throw noSuchFile();
    return params.data.id;
  };

  app.delete('/api/v1/files/:id', async (c) => {
    const { owner } = await signedBody(c);
    const deleted = await db.query('DELETE FROM media.files WHERE id = $1 AND owner = $2 RETURNING id', [fileIdOf(c), owner]);
    if (deleted.length === 0) throw noSuchFile();
    return c.body(null, 204);
  });

  app.post('/api/v1/files/:id/rotate', async (c) => {
    const { owner, body } = await signedBody(c);
    const degrees = rotation.safeParse(body);
    if (!degrees.success) throw mediaError(c, 400, 'invalidUploadOptions');
    const [file] = await db.query<FileRow>('SELECT * FROM media.files WHERE id = $1 AND owner = $2', [fileIdOf(c), owner]);
    if (!file) throw noSuchFile();
    const picture = await clean(c, file.data!, degrees.data.degrees);
    const [row] = await db.query<FileRow>(
      `UPDATE media.files SET data = $2, mime = $3, size = $4, width = $5, height = $6, clean = true, version = version + 1
       WHERE id = $1 RETURNING id, name, mime, size, width, height, version`,
      [file.id, picture.data, picture.mime, picture.size, picture.width, picture.height],
    );
    // Deleted by another of the customer's calls meanwhile.
    if (!row) throw noSuchFile();
    return c.json(fileJson(c, row));
  });

  return app;
}
