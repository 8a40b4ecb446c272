/**
 * A page has one h1, its title, which the view writes above the content service's Markdown body. An editor
 * may start that body at any level (the landing pages' bodies open with `# …`): its headings are moved
 * down together until the highest is an h2, their levels keeping their order (past h6 they stay h6). A body
 * already under the title is left as it is. The HTML is the Markdown renderer's, where a `<h` that is not
 * a tag is written `&lt;h`.
 */
const HEADING_TAG = /<(\/?)h([1-6])(?=[\s>])/gi;

export function headingsUnderTitle(html: string): string {
  let highest = 7;
  for (const [, , level] of html.matchAll(HEADING_TAG)) highest = Math.min(highest, Number(level));
  const shift = Math.max(0, 2 - highest);
  if (shift === 0) return html;
  return html.replace(HEADING_TAG, (_tag, closing: string, level: string) => `<${closing}h${Math.min(6, Number(level) + shift)}`);
}
