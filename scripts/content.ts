/**
 * `npm run content -- <command>`: an editor's writes from the command line, through the content service's
 * editor API (never the database), so they are checked, stamped and announced to the publish receiver
 * exactly as any editor's:
 *
 *   publish   <kind> <id|slug> [--locale fr|nl]
 *   unpublish <kind> <id|slug> [--locale fr|nl]
 *   set       <kind> <id|slug> <field>=<value>… [--locale fr|nl]
 *   maintenance [<route>,<route>… | none]   (the routes in maintenance now, without a rebuild)
 *
 * Kinds: products, categories, pages, faqs, shops, menus. A value is read as JSON when it is JSON (12.5,
 * true, ["a"]), else as text; `variants.<code>.<field>=<value>` edits one format (its base_price in cents).
 * CONTENT_API_URL (the embedded platform's /content by default) and CONTENT_EDITOR_TOKEN say where and who.
 */
import { editorKinds, type EditorKind } from '../src/lib/content/editor.ts';
import { errorBody } from '../src/lib/content/wire.ts';
import { LOCAL_CONTENT_EDITOR_TOKEN } from '../src/backend/config/published.ts';
import { platformPort } from './lib/ports.ts';

const USAGE = `Usage: npm run content -- publish|unpublish <kind> <id|slug> [--locale fr|nl]
       npm run content -- set <kind> <id|slug> <field>=<value>… [--locale fr|nl]
       npm run content -- maintenance [<route>,<route>… | none]
Kinds: ${editorKinds.join(', ')}`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const args = process.argv.slice(2);
const localeAt = args.indexOf('--locale');
const locale = localeAt >= 0 ? args.splice(localeAt, 2)[1] : 'fr';
const [command, kindArg, idArg, ...assignments] = args;
const base = (process.env.CONTENT_API_URL ?? `http://localhost:${platformPort()}/content`).replace(/\/+$/, '');
const token = process.env.CONTENT_EDITOR_TOKEN || LOCAL_CONTENT_EDITOR_TOKEN;
if (command === 'maintenance') {
  // The site's setting, read by the running platform (src/backend/content/site-setting.ts): no rebuild.
  const routes = kindArg === undefined ? undefined : kindArg === 'none' ? [] : kindArg.split(',').map((r) => r.trim());
  const setting = routes
    ? await call('PUT', '/api/site-setting', { data: { maintenance_routes: routes } })
    : await call('GET', '/api/site-setting');
  const listed = setting.maintenance_routes as string[];
  console.log(
    listed.length
      ? `In maintenance now: ${listed.join(', ')}`
      : 'No route in maintenance (but those of the platform’s MAINTENANCE_ROUTES).',
  );
  process.exit(0);
}
if (!command || !['publish', 'unpublish', 'set'].includes(command) || !kindArg || !idArg) fail(USAGE);
const kind = editorKinds.find((k) => k === kindArg) ?? fail(`Unknown kind ${kindArg}. ${USAGE}`);
if (!locale || !['fr', 'nl'].includes(locale)) fail('--locale is fr or nl');

async function call(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).catch((error: Error) => fail(`The content service at ${base} does not answer (${error.message}): is the platform running?`));
  const json = await response.json().catch(() => null);
  if (!response.ok) {
    const error = errorBody.safeParse(json);
    fail(`HTTP ${response.status}: ${error.success ? error.data.error.message : JSON.stringify(json)}`);
  }
  return (json as { data: Record<string, unknown> }).data;
}

/** A product may be named by its slug, as its page's address shows it: the read API says which SKU it is. */
async function entryIdOf(kind: EditorKind, id: string): Promise<string> {
  if (kind !== 'products') return id;
  const bySku = await fetch(`${base}/b2c-products/sku-${encodeURIComponent(id)}?locale=${locale}&render=0`);
  if (bySku.ok) return id;
  const bySlug = await fetch(`${base}/b2c-products/${encodeURIComponent(id)}?locale=${locale}&render=0`);
  if (!bySlug.ok) fail(`No product with the SKU or slug ${id} in ${locale}`);
  return ((await bySlug.json()) as { data: { sku: string } }).data.sku;
}

const readValue = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** `field=value` pairs as the editor API's data, the formats' fields gathered by code. */
function dataOf(pairs: string[]): Record<string, unknown> {
  if (pairs.length === 0) fail(`set needs at least one field=value. ${USAGE}`);
  const data: Record<string, unknown> = {};
  const variants = new Map<string, Record<string, unknown>>();
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0) fail(`Not a field=value pair: ${pair}`);
    const [field, value] = [pair.slice(0, at), readValue(pair.slice(at + 1))];
    const variant = /^variants\.(\d{8})\.(\w+)$/.exec(field);
    if (variant) {
      const [, code, name] = variant as unknown as [string, string, string];
      variants.set(code, { ...(variants.get(code) ?? { code }), [name]: value });
    } else data[field] = value;
  }
  if (variants.size) data.variants = [...variants.values()];
  return data;
}

const id = encodeURIComponent(await entryIdOf(kind, idArg));
const entry =
  command === 'set'
    ? await call('PUT', `/api/${kind}/${id}?locale=${locale}`, { data: dataOf(assignments) })
    : await call('POST', `/api/${kind}/${id}/actions/${command}?locale=${locale}`);
console.log(
  `${command === 'set' ? 'Saved' : command === 'publish' ? 'Published' : 'Unpublished'} ${kind} ${entry.documentId} (${entry.locale}), ` +
    `${entry.publishedAt ? 'on the site' : 'off the site'}; the receivers rebuild the sites concerned.`,
);
