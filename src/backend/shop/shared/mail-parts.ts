/**
 * What every mail of the shop is written with, whichever resource sends it (an account's, an order's, the
 * newsletter's, a sponsorship's): the shop's name that signs it, the greeting and a plain body, in HTML and in text.
 */
import { escapeHtml } from '../../mail/outbox.ts';
import type { Language } from '../../../lib/channels.ts';

export const SHOP_NAME = 'Maison Gamelle';

/**
 * Mail clients turn whatever looks like an address or a domain into a link, even in plain text. A name is
 * the customer's own text, so one that could read as a link is left out of the greeting: a mail from the
 * shop never carries a link the shop did not write.
 */
export const LOOKS_LIKE_LINK = /[:/\\@]|www\.|\.\p{L}{2,}/iu;
export const greeting = (lang: Language, firstName: string): string => {
  const name = LOOKS_LIKE_LINK.test(firstName) ? '' : ` ${firstName.trim()}`;
  return lang === 'nl' ? `Dag${name},` : `Bonjour${name},`;
};

/** A paragraph of a mail: one text, or lines kept one under the other (a list of products). */
type Paragraph = string | readonly string[];
const linesOf = (p: Paragraph): readonly string[] => (typeof p === 'string' ? [p] : p);

/** Paragraphs, an optional link, and the shop's name: the HTML part of a plain mail. */
export const html = (paragraphs: readonly Paragraph[], link?: { href: string; label: string }) =>
  `<!doctype html><html><body style="font-family:sans-serif">${paragraphs.map((p) => `<p>${linesOf(p).map(escapeHtml).join('<br>')}</p>`).join('')}${
    link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : ''
  }<p>${SHOP_NAME}</p></body></html>`;

/** The same paragraphs, link and signature as plain text. */
export const plainText = (paragraphs: readonly Paragraph[], link?: { href: string; label: string }) =>
  [...paragraphs.map((p) => linesOf(p).join('\n')), ...(link ? [`${link.label}\n${link.href}`] : []), SHOP_NAME].join('\n\n');
