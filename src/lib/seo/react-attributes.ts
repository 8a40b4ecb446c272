/**
 * React writes the props it has no alias for under their own name, so a pre-rendered island's HTML holds
 * `autoComplete="email"`, `inputMode="numeric"`, `readOnly=""`: HTML reads attribute names in any case,
 * but a validator (and a reader) expects them in lower case, as the pages' own markup writes them. The
 * build rewrites the names of HTML elements' attributes in lower case; SVG and MathML keep theirs
 * (`viewBox` means something there), and so do scripts, styles and comments.
 */
const PARTS = /<!--[\s\S]*?-->|<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>|<(\/?)([A-Za-z][^\s/>]*)([^>]*)>/gi;
/** One attribute of a start tag: its name, then its value if it has one (quoted or not). */
const ATTRIBUTE = /(\s+)([^\s"'=<>/]+)(\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?/g;
const FOREIGN = new Set(['svg', 'math']);

export function lowercaseAttributeNames(html: string): string {
  let foreign = 0;
  return html.replace(PARTS, (part, _raw: string | undefined, closing: string, name: string | undefined, attributes: string) => {
    if (name === undefined) return part;
    const element = name.toLowerCase();
    const selfClosing = attributes.trimEnd().endsWith('/');
    if (FOREIGN.has(element)) {
      if (closing) foreign = Math.max(0, foreign - 1);
      else if (!selfClosing) foreign += 1;
      return part;
    }
    if (closing || foreign > 0 || !/[A-Z]/.test(attributes)) return part;
    const renamed = attributes.replace(
      ATTRIBUTE,
      (_all, space: string, attribute: string, value = '') => `${space}${attribute.toLowerCase()}${value}`,
    );
    return `<${name}${renamed}>`;
  });
}

const OPEN_ISLAND = '<astro-island';
const CLOSE_ISLAND = '</astro-island>';

/**
 * The same, within the pre-rendered islands only: React's markup is there, the rest of a page is the
 * components' own, already in lower case. A product page holds a few kilobytes of islands in 75 KB, and a
 * build passes every page through here. Islands may nest; each outermost one is rewritten whole.
 */
export function lowercaseIslandAttributeNames(html: string): string {
  let out = '';
  let from = 0;
  for (let open = html.indexOf(OPEN_ISLAND); open !== -1; open = html.indexOf(OPEN_ISLAND, from)) {
    const inside = html.indexOf('>', open) + 1;
    const close = closingOf(html, inside);
    if (inside === 0 || close === -1) break;
    out += html.slice(from, inside) + lowercaseAttributeNames(html.slice(inside, close));
    from = close;
  }
  return from === 0 ? html : out + html.slice(from);
}

/** Where the island whose content starts at `from` closes, counting the islands nested in it. */
function closingOf(html: string, from: number): number {
  let depth = 1;
  let at = from;
  while (depth > 0) {
    const close = html.indexOf(CLOSE_ISLAND, at);
    if (close === -1) return -1;
    const open = html.indexOf(OPEN_ISLAND, at);
    if (open !== -1 && open < close) {
      depth += 1;
      at = open + OPEN_ISLAND.length;
    } else {
      depth -= 1;
      at = close + CLOSE_ISLAND.length;
    }
  }
  return at - CLOSE_ISLAND.length;
}
