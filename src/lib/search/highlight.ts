/**
 * Highlighted text without HTML: the service wraps the matched words of a value in the tags the query
 * asked for (highlightPreTag, highlightPostTag) and, as Algolia does, leaves the rest as it is. The page
 * draws the parts as text nodes and <mark>s, so nothing of an answer is ever parsed as markup.
 */

/** Tags no shop text contains (InstantSearch's own). */
export const HIGHLIGHT_TAGS = { highlightPreTag: '__ais-highlight__', highlightPostTag: '__/ais-highlight__' } as const;

export interface TextPart {
  text: string;
  highlighted: boolean;
}

/** The parts of a highlighted value, in order, as text; an unclosed tag highlights to the end. */
export function highlightParts(value: string, tags: { highlightPreTag: string; highlightPostTag: string } = HIGHLIGHT_TAGS): TextPart[] {
  const parts: TextPart[] = [];
  let rest = value;
  while (rest.length > 0) {
    const start = rest.indexOf(tags.highlightPreTag);
    if (start === -1) {
      parts.push({ text: rest, highlighted: false });
      break;
    }
    if (start > 0) parts.push({ text: rest.slice(0, start), highlighted: false });
    rest = rest.slice(start + tags.highlightPreTag.length);
    const end = rest.indexOf(tags.highlightPostTag);
    const text = end === -1 ? rest : rest.slice(0, end);
    if (text) parts.push({ text, highlighted: true });
    rest = end === -1 ? '' : rest.slice(end + tags.highlightPostTag.length);
  }
  // Neighbours of the same kind are one part (a tag around nothing leaves two).
  return parts.reduce<TextPart[]>((merged, part) => {
    const last = merged.at(-1);
    if (last && last.highlighted === part.highlighted) last.text += part.text;
    else merged.push({ ...part });
    return merged;
  }, []);
}
