/**
 * Publish to visible, as an editor lives it: the shop running as `npm start` runs it (the platform, the
 * publish receiver and both sites, on the bench's build, folders and ports), one product's price changed
 * through the content service's editor API, and the seconds until the FR site serves its page with the new
 * price (the webhook, the receiver's quiet quarter of a second, the incremental build and the swap), and until
 * the BE site does: the receiver rebuilds both channels at once (a French product is sold on both sites), BE's
 * at the lowest priority. Then each channel alone (PUBLISH_CHANNELS), as Netlify builds it: each channel is a site
 * of its own, built on a machine of its own, so its figure is its build alone on this machine's two cores.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { openDatabase } from '../../src/backend/db/database.ts';
import { LOCAL_CONTENT_EDITOR_TOKEN } from '../../src/backend/config/published.ts';
import { pathTo } from '../../src/lib/routes/paths.ts';
import { freePorts } from '../lib/ports.ts';
import type { BuildPorts } from './shared.ts';

/** Longer than this, the publish is reported as not visible. */
const GIVE_UP_MS = 120_000;

type Site = 'FR' | 'BE';

export async function benchPublish(env: NodeJS.ProcessEnv & { DATA_DIR: string }, ports: BuildPorts): Promise<Record<string, number>> {
  const both = await publishToVisible(env, ports, ['FR', 'BE']);
  const fr = await publishToVisible(env, ports, ['FR']);
  const be = await publishToVisible(env, ports, ['BE']);
  return {
    'publish to visible, npm start (both channels), first edit after the start: FR site, seconds': both.first.FR!,
    'publish to visible, npm start (both channels), first edit after the start: BE site (built beside FR, at the lowest priority), seconds':
      both.first.BE!,
    'publish to visible, npm start (both channels), next edit: FR site, seconds': both.next.FR!,
    'publish to visible, npm start (both channels), next edit: BE site (built beside FR, at the lowest priority), seconds': both.next.BE!,
    'publish to visible, FR channel alone (its own site, as on Netlify), next edit: seconds': fr.next.FR!,
    'publish to visible, BE channel alone (its own site, as on Netlify), next edit: seconds': be.next.BE!,
  };
}

/** Two price edits through the editor API on a shop whose receiver builds `sites`, and the seconds until each shows it. */
async function publishToVisible(env: NodeJS.ProcessEnv & { DATA_DIR: string }, ports: BuildPorts, sites: Site[]) {
  const product = await productToEdit(env.DATA_DIR);
  const [webhookPort] = await freePorts(1);
  const shop = spawn(process.execPath, ['scripts/start.ts', '--no-build'], {
    env: { ...env, PORT_WEBHOOK: String(webhookPort), PUBLISH_CHANNELS: sites.join(',').toLowerCase() },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await lineFrom(shop, /^BE site on/);
    const pages: Record<Site, string> = {
      FR: `http://localhost:${ports.fr}${pathTo('product', 'fr_FR', { product: product.slug })}`,
      BE: `http://localhost:${ports.be}${pathTo('product', 'fr_BE', { product: product.slug })}`,
    };
    /** One price edit through the editor API, and the seconds until each site shows it. */
    const publish = async (price: number) => {
      const before = Object.fromEntries(await Promise.all(sites.map(async (site) => [site, await firstAnswer(pages[site])] as const)));
      const shown = (price / 100).toFixed(2).replace('.', ',');
      // The receiver's build is over once it has served the last channel (printed before the page can show it).
      const built = lineFrom(shop, new RegExp(`^Built ${sites.at(-1)!.toLowerCase()} in`), GIVE_UP_MS);
      const started = performance.now();
      const response = await fetch(`http://localhost:${ports.platform}/content/api/products/${encodeURIComponent(product.sku)}?locale=fr`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${LOCAL_CONTENT_EDITOR_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ data: { variants: [{ code: product.code, base_price: price }] } }),
      });
      if (!response.ok) throw new Error(`The editor API refused the edit: HTTP ${response.status} ${await response.text()}`);
      // Each site's page is looked at until it shows the new price.
      const seen = async (site: Site) => {
        for (;;) {
          const html = await (await fetch(pages[site])).text();
          if (html !== before[site] && html.includes(shown)) return Number(((performance.now() - started) / 1000).toFixed(1));
          if (performance.now() - started > GIVE_UP_MS)
            throw new Error(`${pages[site]} did not show ${shown} within ${GIVE_UP_MS / 1000} s`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      };
      const seconds = Object.fromEntries(await Promise.all(sites.map(async (site) => [site, await seen(site)] as const)));
      await built;
      return seconds as Partial<Record<Site, number>>;
    };
    // The start (--no-build) has no Astro builder waiting: the first edit starts them; the next one finds them waiting.
    // Each run's prices are its own, so that no page already shows the price it waits for.
    const first = await publish(product.basePrice + 100);
    const next = await publish(product.basePrice + 200);
    await publish(product.basePrice);
    return { first, next };
  } finally {
    shop.kill();
    await new Promise((resolve) => (shop.exitCode === null ? shop.once('exit', resolve) : resolve(null)));
  }
}

/** The product the build part's one edit changed, with its first format's price and its FR page's slug. */
async function productToEdit(dataDir: string) {
  const db = await openDatabase({ dataDir });
  try {
    const [row] = await db.query<{ sku: string; slug: string; code: string; base_price: number }>(
      `SELECT p.sku, p.slug, v.code, v.base_price FROM content.products p
         JOIN content.product_variants v ON v.product_sku = p.sku AND v.language = p.language
        WHERE p.language = 'fr' AND p.sku = (SELECT min(sku) FROM content.products WHERE viewable AND NOT is_sample)
        ORDER BY v.code LIMIT 1`,
    );
    if (!row) throw new Error('No product to edit in the catalogue.');
    return { sku: row.sku, slug: row.slug, code: row.code, basePrice: row.base_price };
  } finally {
    await db.close();
  }
}

/** The page once its site answers (npm start prints its sites' addresses as it starts listening). */
async function firstAnswer(page: string): Promise<string> {
  for (let tries = 0; ; tries++) {
    try {
      const response = await fetch(page);
      if (response.ok) return await response.text();
      throw new Error(`${page} answered HTTP ${response.status}`);
    } catch (error) {
      if (tries >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Resolves once the child prints a line matching `pattern` (its output is passed on). */
function lineFrom(child: ChildProcess, pattern: RegExp, timeoutMs = 60_000): Promise<void> {
  return new Promise((resolve, reject) => {
    let pending = '';
    const timer = setTimeout(() => reject(new Error(`No line matching ${pattern} within ${timeoutMs / 1000} s`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      process.stdout.write(chunk);
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      if (lines.some((line) => pattern.test(line))) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`npm start stopped (exit code ${code}) before printing ${pattern}`)));
  });
}
