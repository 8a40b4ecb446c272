/**
 * What the embedded media service keeps of an uploaded picture (issue 43): the bytes decide what a file
 * is, never the type the browser declared (it guesses from the file name); a picture too big to decode
 * safely is refused from its header, before any pixel is decoded; and what is kept is the picture made
 * again by the image library, turned the right way up, with none of the original's metadata (a phone's
 * EXIF carries where the photo was taken, and the file is served to anyone who has its address).
 */
import sharp from 'sharp';
import type { PHOTO_TYPES } from '../../lib/pets/photo.ts';

/** The formats the upload form offers (PHOTO_TYPES), by the name the image library gives each. */
const MIME = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
} as const satisfies Record<string, (typeof PHOTO_TYPES)[number]>;
type Format = keyof typeof MIME;

/**
 * The most pixels a picture may have: 50 megapixels. A 48-megapixel phone photo (8064 × 6048, the largest
 * main camera sold in numbers) passes, with room for a panorama of the same area; a decompression bomb
 * does not (a flat 12,000 × 12,000 PNG is 446 KB on disk, 144 megapixels, 430 MB decoded and 5 s a
 * quarter turn). Decoded, 50 megapixels are at most 150 MB of RGB and about 1.5 s a turn.
 */
const MAX_PIXELS = 50_000_000;

/** Why a picture is refused, in the upload's error codes (UPLOAD_MESSAGES): not one of ours, or too big. */
export class PictureRefused extends Error {
  readonly reason: 'unsupportedType' | 'tooLarge';
  constructor(reason: 'unsupportedType' | 'tooLarge') {
    super(reason);
    this.reason = reason;
  }
}

export interface Picture {
  data: Uint8Array;
  /** The real type, from the bytes. */
  mime: (typeof MIME)[Format];
  size: number;
  width: number;
  height: number;
}

const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0));
const startsWith = (bytes: Uint8Array, signature: number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);

/**
 * The format the first bytes announce. Checked before the image library sees the bytes: it also reads
 * SVG, TIFF, HEIF, PDF and more, and an SVG is a document that can carry script, not a photo.
 */
function sniff(bytes: Uint8Array): Format | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return null;
}

/**
 * The picture in `bytes`, cleaned: turned by its EXIF orientation (the metadata goes, so the turn must be
 * in the pixels) and then by `turn` degrees clockwise, written again in its own format in sRGB without
 * EXIF, XMP, IPTC or ICC (sharp keeps none unless asked). Only a GIF's first frame is kept: a pet's photo
 * is a still, and the turn would not apply to an animation's other frames. Throws PictureRefused.
 */
export async function cleanPicture(bytes: Uint8Array, turn: 0 | 90 | 180 | 270 = 0): Promise<Picture> {
  const format = sniff(bytes);
  if (!format) throw new PictureRefused('unsupportedType');
  // The header only: the size is known before a pixel is decoded.
  const header = await sharp(bytes)
    .metadata()
    .catch(() => null);
  if (!header?.width || !header.height || header.format !== format) throw new PictureRefused('unsupportedType');
  if (header.width * header.height > MAX_PIXELS) throw new PictureRefused('tooLarge');
  try {
    // The same limit again: the decoder itself stops if the header lied about the size.
    let pipeline = sharp(bytes, { limitInputPixels: MAX_PIXELS, autoOrient: true });
    if (turn) pipeline = pipeline.rotate(turn);
    // Quality 90: a phone writes 90 to 95, and a photo turned four times is written four times.
    const written =
      format === 'jpeg'
        ? pipeline.jpeg({ quality: 90 })
        : format === 'webp'
          ? pipeline.webp({ quality: 90 })
          : format === 'png'
            ? pipeline.png()
            : pipeline.gif();
    const { data, info } = await written.toBuffer({ resolveWithObject: true });
    return { data: new Uint8Array(data), mime: MIME[format], size: info.size, width: info.width, height: info.height };
  } catch {
    // Truncated or corrupt pixel data behind a good header.
    throw new PictureRefused('unsupportedType');
  }
}
