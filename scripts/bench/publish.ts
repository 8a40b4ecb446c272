/**
 * Publish to visible, as an editor lives it: the shop running as `npm start` runs it (the platform, the
 * publish receiver and both sites, on the bench's build, folders and ports), one product's price changed
 * through the content service's editor API, and the seconds until the FR site serves its page with the new
 * price (the webhook, the receiver's quiet quarter of a second, the incremental build and the swap), and until
 * the BE site does: the receiver rebuilds both channels at once (a French product is sold on both sites), BE's
 * at the lowest priority.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { openDatabase } from '../../src/backend/db/database.ts';
import { LOCAL_CONTENT_EDITOR_TOKEN } from '../../src/backend/config.ts';
import { pathTo } from '../../src/lib/routes/paths.ts';
import { freePorts } from '../lib/ports.ts';
import type { BuildPorts } from './shared.ts';

/** Longer than this, the publish is reported as not visible. */
const GIVE_UP_MS = 120_000;

export async function benchPublish(env: NodeJS.ProcessEnv & { DATA_DIR: string }, ports: BuildPorts): Promise<Record<string, number>> {
  const product = await productToEdit(env.DATA_DIR);
  const [webhookPort] = await freePorts(1);
  const shop = spawn(process.execPath, ['scripts/start.ts', '--no-build'], {
    env: { ...env, PORT_WEBHOOK: String(webhookPort) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await lineFrom(shop, /^BE site on/);
    const pages = {
      FR: `http://localhost:${ports.fr}${pathTo('product', 'fr_FR', { product: product.slug })}`,
      BE: `http://localhost:${ports.be}${pathTo('product', 'fr_BE', { product: product.slug })}`,
    };
    /** One price edit through the editor API, and the seconds until each site shows it. */
    const publish = async (price: number) => {
      const before = { FR: await firstAnswer(pages.FR), BE: await firstAnswer(pages.BE) };
      const shown = (price / 100).toFixed(2).replace('.', ',');
      // The receiver's build is over once it has served BE (printed before the page can show it).
      const built = lineFrom(shop, /^Built be in/, GIVE_UP_MS);
      const started = performance.now();
      const response = await fetch(`http://localhost:${ports.platform}/content/api/products/${encodeURIComponent(product.sku)}?locale=fr`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${LOCAL_CONTENT_EDITOR_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ data: { variants: [{ code: product.code, base_price: price }] } }),
      });
      if (!response.ok) throw new Error(`The editor API refused the edit: HTTP ${response.status} ${await response.text()}`);
      // Each site's page is looked at until it shows the new price (the receiver builds FR, then BE).
      const seen = async (code: 'FR' | 'BE') => {
        for (;;) {
          const html = await (await fetch(pages[code])).text();
          if (html !== before[code] && html.includes(shown)) return Number(((performance.now() - started) / 1000).toFixed(1));
          if (performance.now() - started > GIVE_UP_MS)
            throw new Error(`${pages[code]} did not show ${shown} within ${GIVE_UP_MS / 1000} s`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      };
      const [fr, be] = await Promise.all([seen('FR'), seen('BE')]);
      await built;
      return { fr, be };
    };
    // The start (--no-build) has no Astro builder waiting: the first edit starts them; the next one finds them waiting.
    const first = await publish(product.basePrice + 100);
    const next = await publish(product.basePrice + 200);
    return {
      'publish to visible, npm start, first edit after the start: FR site, seconds': first.fr,
      'publish to visible, npm start, first edit after the start: BE site (built beside FR, at the lowest priority), seconds': first.be,
      'publish to visible, npm start, next edit: FR site, seconds': next.fr,
      'publish to visible, npm start, next edit: BE site (built beside FR, at the lowest priority), seconds': next.be,
    };
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
