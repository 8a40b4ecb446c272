/**
 * What every mail of the shop is written with, whichever family it belongs to (an account's, an order's, a
 * subscription's, the newsletter's, a sponsorship's, a contact request's): the shop's name that signs it, the
 * greeting and a plain body, in HTML and in text.
 */
import type { Language } from '../../../lib/channels.ts';
import { escapeHtml, type Mail } from '../outbox.ts';

export const SHOP_NAME = 'Maison Gamelle';

const HELLO: Record<Language, string> = { fr: 'Bonjour', nl: 'Dag' };

/**
 * Mail clients turn whatever looks like an address or a domain into a link, even in plain text. A name is
 * the customer's own text, so one that could read as a link is left out of the greeting: a mail from the
 * shop never carries a link the shop did not write.
 */
export const LOOKS_LIKE_LINK = /[:/\\@]|www\.|\.\p{L}{2,}/iu;
export const greeting = (lang: Language, firstName: string): string => {
  const name = LOOKS_LIKE_LINK.test(firstName) ? '' : ` ${firstName.trim()}`;
  return `${HELLO[lang]}${name},`;
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

/** A mail of a few paragraphs and one link of ours, as text (the bare address) and HTML (the link labelled). */
export const linkMail = (to: string, subject: string, lines: string[], link: { href: string; label: string }): Mail => ({
  to,
  subject,
  text: [...lines, link.href, SHOP_NAME].join('\n\n'),
  html: html(lines, link),
});
