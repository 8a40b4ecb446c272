/**
 * Text rules of the search: how a record's text and a shopper's query are cut into words and folded, and
 * how the content's markdown becomes the plain text of an excerpt. Framework-free: the platform's search
 * service indexes and highlights with them, the indexing script builds the same records with them.
 */

/**
 * Lower case without accents or ligatures: "Stérilisé" and "sterilise" are one word to the search, as a
 * shopper typing on a phone often leaves the accents out. Apostrophes and hyphens separate words
 * ("d’intérieur", "anti-boules"), so each part can be found alone.
 */
export function foldText(text: string): string {
  return text
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The folded words of a text, in order. */
export const foldedWords = (text: string): string[] => {
  const folded = foldText(text);
  return folded ? folded.split(' ') : [];
};

const foldedByWord = new Map<string, string[]>();

/** A word of a text where it stands, for highlighting: its offsets in the original text. */
export interface WordSpan {
  start: number;
  end: number;
  folded: string;
}

/**
 * The words of a text with their places, folded one by one: highlighting wraps the original characters
 * while the comparison is made on the folded form.
 */
export function wordSpans(text: string): WordSpan[] {
  const spans: WordSpan[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    let parts = foldedByWord.get(match[0]);
    if (parts === undefined) {
      parts = foldedWords(match[0]);
      // The records' words come back at every highlight; a query's few new ones cannot grow it for long.
      if (foldedByWord.size >= 50_000) foldedByWord.clear();
      foldedByWord.set(match[0], parts);
    }
    for (const part of parts) {
      // A ligature folds to two letters but stays one word: the span is the original word.
      spans.push({ start: match.index, end: match.index + match[0].length, folded: part });
    }
  }
  return spans;
}

/**
 * The plain text of the content's markdown (headings, emphasis, links, images, lists, tables, code and
 * raw HTML): what a search hit shows and what is searched. Line breaks become spaces.
 */
export function markdownToText(markdown: string): string {
  return (
    markdown
      // Images go entirely; links keep their words.
      .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, ' ')
      .replace(/`{1,3}([^`]*)`{1,3}/g, '$1')
      .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
      .replace(/^\s*\|?[\s:|-]+\|[\s:|-]*$/gm, ' ')
      .replace(/\|/g, ' ')
      .replace(/(\*\*|__|\*|_|~~)(?=\S)([^*_~]*?\S)\1/g, '$2')
      .replace(/&nbsp;/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** The first sentences of a text up to `max` characters, cut at a word with an ellipsis when longer. */
export function excerptOf(text: string, max = 200): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.–-]+$/, '')}…`;
}
