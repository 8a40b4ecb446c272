/**
 * Astro writes the style its islands need (`astro-island{display:contents}`) in front of a page's first
 * island, inside the page's body, where HTML permits no <style>. The build moves it to the end of the head,
 * unchanged (the page's CSP admits it by its hash wherever it stands).
 */
const ISLAND_STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

/** Plain string searches, no regular expression: every page of the build passes through here. */
export function islandStyleInHead(html: string): string {
  const head = html.indexOf('</head>');
  const at = html.indexOf(ISLAND_STYLE);
  if (head === -1 || at < head) return html;
  return `${html.slice(0, head)}${ISLAND_STYLE}${html.slice(head, at)}${html.slice(at + ISLAND_STYLE.length)}`;
}
