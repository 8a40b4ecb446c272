/**
 * Astro writes the style its islands need (`astro-island{display:contents}`) in front of a page's first
 * island, inside the page's body, where HTML permits no <style>. The build moves it to the end of the head,
 * unchanged (the page's CSP admits it by its hash wherever it stands).
 */
const ISLAND_STYLE = /<style>astro-island,astro-slot,astro-static-slot\{display:contents\}<\/style>/;

export function islandStyleInHead(html: string): string {
  const style = ISLAND_STYLE.exec(html)?.[0];
  const head = html.indexOf('</head>');
  if (!style || head === -1 || html.indexOf(style) < head) return html;
  const without = html.replace(style, '');
  return `${without.slice(0, head)}${style}${without.slice(head)}`;
}
