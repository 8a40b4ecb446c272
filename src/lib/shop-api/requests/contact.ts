/**
 * The contact request (POST /shop/contact-requests, multipart): order, product name, message and files.
 * The rules are written once for the platform and the contact form: which files are accepted (by
 * extension and type), how large each may be and all together, how many.
 */
import '../../zod/jitless.ts';
import { z } from 'zod/mini';
import { because, email, personName, plainText } from './fields.ts';

const MB = 1024 * 1024;

/** Files of one request: at most 5, 10 MB each, 20 MB together (said on the form). */
export const CONTACT_FILES = { maxFiles: 5, maxFileBytes: 10 * MB, maxTotalBytes: 20 * MB } as const;
/** Megabytes as the form says them. */
export const megabytes = (bytes: number): number => Math.round(bytes / MB);

/**
 * The accepted files, by extension, with the media types a browser may give them: office documents,
 * spreadsheets, presentations, csv, pdf, plain text, html, css, xml, calendars, rtf, zip, tar, images
 * (gif, jpeg, png, tiff, bmp), audio, video and passes (pkpass). A browser that knows no type sends an
 * empty one or application/octet-stream: the extension decides then.
 */
const OFFICE = ['application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'];
const SHEETS = ['application/vnd.ms-excel', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];
const SLIDES = ['application/vnd.ms-powerpoint', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'];
const CONTACT_FILE_TYPES: Readonly<Record<string, readonly string[]>> = {
  doc: OFFICE,
  docx: OFFICE,
  odt: ['application/vnd.oasis.opendocument.text'],
  xls: SHEETS,
  xlsx: SHEETS,
  ods: ['application/vnd.oasis.opendocument.spreadsheet'],
  ppt: SLIDES,
  pptx: SLIDES,
  odp: ['application/vnd.oasis.opendocument.presentation'],
  csv: ['text/csv', 'application/csv', 'text/comma-separated-values', 'application/vnd.ms-excel', 'text/plain'],
  pdf: ['application/pdf'],
  txt: ['text/plain'],
  html: ['text/html'],
  htm: ['text/html'],
  css: ['text/css'],
  xml: ['application/xml', 'text/xml'],
  ics: ['text/calendar'],
  rtf: ['application/rtf', 'text/rtf'],
  zip: ['application/zip', 'application/x-zip-compressed'],
  tar: ['application/x-tar'],
  gif: ['image/gif'],
  jpg: ['image/jpeg', 'image/pjpeg'],
  jpeg: ['image/jpeg', 'image/pjpeg'],
  png: ['image/png'],
  tif: ['image/tiff'],
  tiff: ['image/tiff'],
  bmp: ['image/bmp', 'image/x-ms-bmp'],
  mp3: ['audio/mpeg', 'audio/mp3'],
  m4a: ['audio/mp4', 'audio/x-m4a'],
  wav: ['audio/wav', 'audio/x-wav', 'audio/wave'],
  ogg: ['audio/ogg'],
  aac: ['audio/aac'],
  mp4: ['video/mp4'],
  mov: ['video/quicktime'],
  webm: ['video/webm', 'audio/webm'],
  avi: ['video/x-msvideo'],
  pkpass: ['application/vnd.apple.pkpass'],
};
const UNKNOWN_TYPES = ['', 'application/octet-stream'];

/** The `accept` of the file input: every extension and type above. */
export const CONTACT_ACCEPT = [
  ...Object.keys(CONTACT_FILE_TYPES).map((extension) => `.${extension}`),
  ...new Set(Object.values(CONTACT_FILE_TYPES).flat()),
].join(',');

export const extensionOf = (name: string): string => /\.([A-Za-z0-9]{1,8})$/.exec(name)?.[1]?.toLowerCase() ?? '';

export type ContactFileProblem = 'FILE_TYPE_NOT_SUPPORTED' | 'FILE_TOO_LARGE';

/**
 * Why one file cannot be sent ("Type de fichier non supporté", "Fichier trop volumineux"), or null. The type
 * must be one of its extension's (or none): a .pdf announced as text/html is refused.
 */
export function contactFileProblem(file: { name: string; type: string; size: number }): ContactFileProblem | null {
  const types = CONTACT_FILE_TYPES[extensionOf(file.name)];
  const type = file.type.split(';')[0]!.trim().toLowerCase();
  if (!types || !(types.includes(type) || UNKNOWN_TYPES.includes(type))) return 'FILE_TYPE_NOT_SUPPORTED';
  if (file.size > CONTACT_FILES.maxFileBytes || file.size <= 0) return 'FILE_TOO_LARGE';
  return null;
}

/** A free text of the form: at least 2 characters, never `%` ("Le caractère % n'est pas autorisé."). */
const freeText = (max: number) =>
  z.string().check(
    z.trim(),
    z.minLength(2),
    z.maxLength(max),
    z.refine((text) => !text.includes('%'), because('percent', 'PERCENT_NOT_ALLOWED')),
  );
const optional = <S extends z.ZodMiniType>(schema: S) =>
  z.pipe(
    z.transform((value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value)),
    z.optional(schema),
  );

/** The message keeps its line breaks and tabs; no other control character (PostgreSQL cannot even store NUL). */
const CONTACT_MESSAGE_MAX = 5000;
const message = freeText(CONTACT_MESSAGE_MAX).check(
  z.refine((text) => !/\p{Cc}/u.test(text.replace(/[\n\r\t]/g, '')), because('forbidden_characters', 'INVALID_CHARACTERS')),
);

/**
 * The text fields. `email` and `name` are the anonymous shopper's (a signed-in one is answered at their
 * account's e-mail, and these are ignored); `orderId` is an order number (a signed-in shopper's own).
 */
const contactRequest = z.object({
  orderId: optional(
    plainText(z.string().check(z.trim(), z.maxLength(32))).check(
      z.refine((text) => /^[A-Za-z0-9-]+$/.test(text), because('invalid', 'INVALID_CHOICE')),
    ),
  ),
  productName: optional(plainText(freeText(255))),
  message,
  email: optional(email),
  name: optional(personName),
});
/** An anonymous shopper must give the e-mail the answer goes to. */
export const contactRequestFor = (anonymous: boolean) => (anonymous ? z.extend(contactRequest, { email }) : contactRequest);
