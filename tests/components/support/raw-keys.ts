/**
 * Texts an island shows raw: a message key where its text should be (the translator shows a missing key as
 * itself, e.g. `subscriptions.abort.reasonIs`) and a `{placeholder}` left unfilled. What people read is
 * searched: the text, and the attributes assistive technology reads or a form shows. URLs, e-mail
 * addresses, domain and file names, prices and abbreviations such as "p.ex." are not keys.
 */
import { expect } from 'vitest';

/** Attributes whose words are shown or read out. */
const READ_ATTRIBUTES = ['aria-label', 'aria-description', 'aria-placeholder', 'aria-valuetext', 'title', 'placeholder', 'alt', 'label'];

/** A key: dot-separated names (two letters or more each), starting with a lowercase letter. */
const KEY = /^[a-z][a-zA-Z0-9_]+(?:\.[a-zA-Z][a-zA-Z0-9_]+)+$/;
/** The last part that makes a dotted word a domain or a file name rather than a key. */
const NOT_A_KEY_ENDING = new Set(
  [
    // Domains.
    'fr be lu nl eu com net org io dev app local test example',
    // Files.
    'pdf png jpg jpeg gif webp avif svg tif tiff bmp csv txt html htm css js mjs ts json xml zip tar gz',
    'doc docx xls xlsx ppt pptx odt ods odp rtf ics mp3 mp4 mov wav pkpass',
  ].flatMap((words) => words.split(' ')),
);
/** A `{name}` the translator did not fill. */
const PLACEHOLDER = /\{[a-zA-Z_][a-zA-Z0-9_]*\}/g;

/** The words of a text that look like message keys. */
export function keysIn(text: string): string[] {
  return text
    .split(/\s+/)
    .filter((word) => !/[@/:]/.test(word)) // e-mail addresses, URLs and paths
    .map((word) => word.replace(/^[^a-zA-Z]+|[^a-zA-Z0-9_]+$/g, ''))
    .filter((word) => KEY.test(word) && !NOT_A_KEY_ENDING.has(word.slice(word.lastIndexOf('.') + 1).toLowerCase()));
}

/** The `{placeholders}` of a text left unfilled. */
export const placeholdersIn = (text: string): string[] => text.match(PLACEHOLDER) ?? [];

/**
 * Every text a person reads in `root`: each text node on its own (the text of neighbouring elements run
 * together would make "demande." and "Votre" one dotted word) and the read attributes, one entry each.
 */
function textsOf(root: Element): string[] {
  const texts: string[] = [];
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) if (node.nodeValue) texts.push(node.nodeValue);
  for (const element of [root, ...root.querySelectorAll('*')]) {
    for (const name of READ_ATTRIBUTES) {
      const value = element.getAttribute(name);
      if (value) texts.push(value);
    }
    if (element instanceof HTMLInputElement && ['button', 'submit', 'reset'].includes(element.type)) texts.push(element.value);
  }
  return texts;
}

/** What `root` shows raw: the keys and unfilled placeholders found, none for a well translated screen. */
function rawTextsIn(root: Element): string[] {
  return textsOf(root).flatMap((text) => [...keysIn(text), ...placeholdersIn(text)]);
}

/** Fails, naming them, when `root` shows a message key or an unfilled placeholder; `where` says which state. */
export function expectNoRawTexts(root: Element, where = ''): void {
  expect(rawTextsIn(root), `raw texts shown${where ? ` (${where})` : ''}`).toEqual([]);
}
