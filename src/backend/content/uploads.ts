/**
 * The content service's uploads (Strapi's media library): raster files kept in content.uploads and served
 * at `/content/uploads/{name}`. A file's name carries the start of its sha256, so a changed picture is a
 * new address and an address can be cached for ever.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Queryable } from '../db/database.ts';

export interface Upload {
  name: string;
  /** sha256 of `data`, hexadecimal. */
  hash: string;
  mime: 'image/png' | 'image/webp';
  width: number;
  height: number;
  data: Uint8Array;
  /** Its thumbnail's name (Strapi's `formats.thumbnail`), an upload of its own; none for a thumbnail. */
  thumbnail?: string;
}

/** What a file name may be: lowercase words and its extension (the table's own check says the same). */
export const isUploadName = (name: string): boolean => /^[a-z0-9][a-z0-9-]{0,127}\.(png|jpg|webp)$/.test(name);

/**
 * Drawings already rendered and thumbnails already made, by the sha256 of their SVG (of their master's
 * hash) and of the renderer's versions: every seed of the same catalogue (each API test file, each
 * end-to-end run, `npm run seed -- --reset`) draws the same files, and rendering is most of a seed's time.
 * A file is written under a temporary name and renamed, so a reader never sees half of one.
 */
const RENDER_CACHE = join(tmpdir(), 'maison-gamelle-renders');
// An opaque picture (its background is drawn), and a lighter zlib effort than the default: the file is a
// master that the sites re-encode, and a large catalogue's seed draws thousands.
const PNG_OPTIONS = { compressionLevel: 4 } as const;

/**
 * An SVG drawing rendered to PNG, named `{stem}-{first 12 hex digits of its sha256}.png`. sharp (libvips
 * and librsvg, whose text needs a sans-serif and a serif font installed: DejaVu on Debian) is loaded
 * only when a picture is drawn, so a platform that never seeds never loads it.
 */
export async function renderPng(svg: string, stem: string): Promise<Upload> {
  const { default: sharp } = await import('sharp');
  const data = await cached([sharp.versions, PNG_OPTIONS, svg], 'png', () =>
    sharp(Buffer.from(svg)).removeAlpha().png(PNG_OPTIONS).toBuffer(),
  );
  return uploadOf(data, stem, 'png');
}

/**
 * The size Strapi's upload plugin gives a thumbnail: the picture made to fit in it, never enlarged. It is
 * WebP whatever the master's type (a pack shot's thumbnail is 2–3 KB, against 10–13 KB in PNG and 45–55 KB
 * for the master): every browser the shop supports draws it, and it is only ever shown small.
 */
const THUMBNAIL_SIZE = { width: 245, height: 156 } as const;

/** The thumbnail of `master`, named `thumbnail-{stem}-{first 12 hex digits of its own sha256}.webp`. */
export async function thumbnailOf(master: Upload, stem: string): Promise<Upload> {
  const { default: sharp } = await import('sharp');
  const data = await cached([sharp.versions, THUMBNAIL_SIZE, master.hash], 'webp', () =>
    sharp(master.data)
      .resize({ ...THUMBNAIL_SIZE, fit: 'inside', withoutEnlargement: true })
      .webp()
      .toBuffer(),
  );
  return uploadOf(data, `thumbnail-${stem}`, 'webp');
}

/** The file that `make` gives for `key`, from the cache when an earlier seed made it. */
async function cached(key: unknown, extension: string, make: () => Promise<Buffer>): Promise<Buffer> {
  const path = join(RENDER_CACHE, `${createHash('sha256').update(JSON.stringify(key)).digest('hex')}.${extension}`);
  const kept = await readFile(path).catch(() => undefined);
  if (kept) return kept;
  const data = await make();
  await keep(path, data);
  return data;
}

async function uploadOf(data: Buffer, stem: string, extension: 'png' | 'webp'): Promise<Upload> {
  const { default: sharp } = await import('sharp');
  const { width = 0, height = 0 } = await sharp(data).metadata();
  const hash = createHash('sha256').update(data).digest('hex');
  return { name: `${stem}-${hash.slice(0, 12)}.${extension}`, hash, mime: `image/${extension}`, width, height, data };
}

/** Writes a rendered file to the cache; a cache that cannot be written (a read-only disk) only costs time. */
async function keep(path: string, data: Buffer): Promise<void> {
  const partial = `${path}.${randomUUID()}`;
  try {
    await mkdir(RENDER_CACHE, { recursive: true });
    await writeFile(partial, data);
    await rename(partial, path);
  } catch {
    await rm(partial, { force: true }).catch(() => {});
  }
}

/** Rows for content.uploads, as the seed's bulk insert writes them (bytea in PostgreSQL's hex form). */
export const uploadRow = (upload: Upload) => ({
  name: upload.name,
  hash: upload.hash,
  mime: upload.mime,
  width: upload.width,
  height: upload.height,
  data: `\\x${Buffer.from(upload.data).toString('hex')}`,
  thumbnail: upload.thumbnail ?? null,
});

/**
 * A file's hash, type and size, and its bytes only when they are to be sent: a HEAD (a build asking
 * whether a picture exists) or a revalidation answered 304 reads a few bytes, not the file.
 */
export async function findUpload(
  db: Queryable,
  name: string,
  withData: boolean,
): Promise<{ hash: string; mime: Upload['mime']; size: number; data?: Uint8Array } | undefined> {
  const [row] = await db.query<{ hash: string; mime: Upload['mime']; size: number; data?: Uint8Array }>(
    `SELECT hash, mime, octet_length(data) AS size${withData ? ', data' : ''} FROM content.uploads WHERE name = $1`,
    [name],
  );
  return row;
}
