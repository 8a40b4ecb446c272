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
