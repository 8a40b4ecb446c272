/**
 * What a contact file's first bytes say it is, where that is cheap to tell: images, pdf and the zip family
 * (office documents of today, OpenDocument, zip, pkpass are zip archives). A file whose bytes contradict
 * its extension is refused like a type we do not take ("Type de fichier non supporté"): a program renamed
 * photo.jpg never reaches the customer service's mailbox as a photo. Other types have no reliable
 * signature (text, csv, html…) and are taken on their extension and type (lib/shop-api/requests/contact.ts).
 */
const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) => signature.every((b, i) => bytes[offset + i] === b);
const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0));

const ZIP = (bytes: Uint8Array) => startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06]);
/** The legacy Office formats (doc, xls, ppt): an OLE2 compound file. */
const OLE2 = (bytes: Uint8Array) => startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

const SIGNATURES: Readonly<Record<string, (bytes: Uint8Array) => boolean>> = {
  pdf: (b) => startsWith(b, ascii('%PDF-')),
  png: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpg: (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  jpeg: (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  gif: (b) => startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a')),
  bmp: (b) => startsWith(b, ascii('BM')),
  tif: (b) => startsWith(b, [0x49, 0x49, 0x2a, 0x00]) || startsWith(b, [0x4d, 0x4d, 0x00, 0x2a]),
  tiff: (b) => startsWith(b, [0x49, 0x49, 0x2a, 0x00]) || startsWith(b, [0x4d, 0x4d, 0x00, 0x2a]),
  zip: ZIP,
  docx: ZIP,
  xlsx: ZIP,
  pptx: ZIP,
  odt: ZIP,
  ods: ZIP,
  odp: ZIP,
  pkpass: ZIP,
  doc: OLE2,
  xls: OLE2,
  ppt: OLE2,
};

/** Whether the bytes may be a file of this extension (true where we do not check). */
export const bytesMatch = (extension: string, bytes: Uint8Array): boolean => SIGNATURES[extension]?.(bytes) ?? true;
