/**
 * Lighthouse's mobile audit (its default: a mid-range phone on a slow 4G link, simulated) of the pages a
 * shopper meets first: home, a category, a product, the cart and the login, and the island pages of issue 47:
 * the search, the kibble guide and a bi-nutrition guide (its shell, as a cat's address is served), on the FR
 * site in French and on the BE site in Dutch. Each page is audited LIGHTHOUSE_RUNS times (3) in Debian's
 * Chromium and the median score of each category is kept: performance, accessibility, best practices and SEO.
 * The goal: 100 on each for catalogue pages, at least 95 for the island pages. LIGHTHOUSE_PAGES (`search,kibble
 * guide`) audits only those page types.
 *
 * It serves a build made for known ports (scripts/bench/shared.ts). `npm run bench -- lighthouse`
 * builds the fixtures' catalogue first; `node scripts/bench/lighthouse.ts <dist> <platform port> <FR
 * port> <BE port>` audits a build that exists.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { LocaleCode } from '../../src/lib/channels.ts';
import { pathTo, SHELL_ID } from '../../src/lib/routes/paths.ts';
import { type BuildPorts, CHROMIUM_PATH, serveBuild } from './shared.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

/** The pages audited on a site, in a locale: the catalogue's from the build's sitemap, the rest by route. */
function auditedPages(distDir: string, channel: 'fr' | 'be', locale: LocaleCode): Record<string, string> {
  const xml = readFileSync(join(distDir, channel, `sitemap-${locale}.xml`), 'utf8');
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const nl = locale === 'nl_BE';
  const find = (re: RegExp) => {
    const path = paths.find((p) => re.test(p));
    if (!path) throw new Error(`No page matching ${re} in the ${locale} sitemap of ${distDir}.`);
    return path;
  };
  return {
    home: pathTo('home', locale),
    category: find(nl ? /^\/nl\/hond\/[^/]+\/$/ : /^\/chien\/[^/]+\/$/),
    product: find(nl ? /^\/nl\/producten\/(?!stalen)[^/]+\/$/ : /^\/produits\/(?!echantillons)[^/]+\/$/),
    cart: pathTo('cart', locale),
    login: pathTo('login', locale),
    search: pathTo('search', locale),
    'kibble guide': pathTo('kibbleGuide', locale),
    'bi-nutrition guide': pathTo('biNutritionGuide', locale, { animal: SHELL_ID }),
  };
}

/** The page types LIGHTHOUSE_PAGES names (comma-separated), or all of them. */
const onlyPages = process.env.LIGHTHOUSE_PAGES?.split(',').map((type) => type.trim());

const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchLighthouse(distDir: string, ports: BuildPorts): Promise<Record<string, string>> {
  const served = await serveBuild(distDir, ports);
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  const results: Record<string, string> = {};
  try {
    for (const [channel, locale] of [
      ['fr', 'fr_FR'],
      ['be', 'nl_BE'],
    ] as const) {
      for (const [type, path] of Object.entries(auditedPages(distDir, channel, locale))) {
        if (onlyPages && !onlyPages.includes(type)) continue;
        const url = `${served.sites[channel === 'fr' ? 'FR' : 'BE']}${path}`;
        const scores = Object.fromEntries(CATEGORIES.map((c) => [c, [] as number[]]));
        for (let run = 0; run < RUNS; run++) {
          const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
          if (!result) throw new Error(`Lighthouse gave no result for ${url}.`);
          for (const category of CATEGORIES) scores[category]!.push(Math.round((result.lhr.categories[category]?.score ?? 0) * 100));
          if (run === 0) {
            const metrics = ['largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift'];
            console.warn(
              `Lighthouse ${locale} ${type}: ${metrics.map((id) => `${id} ${result.lhr.audits[id]?.displayValue ?? '?'}`).join(', ')}`,
            );
            // What costs the page points, once: the audits that did not pass.
            const failed = Object.values(result.lhr.audits)
              .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
              .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
            if (failed.length > 0) console.warn(`Lighthouse ${locale} ${type} (${path}): ${failed.join(', ')}`);
          }
        }
        results[`Lighthouse mobile ${locale} ${type}`] = CATEGORIES.map((c) => median(scores[c]!)).join(' / ');
      }
    }
    return results;
  } finally {
    chrome.kill();
    await served.close();
  }
}

if (import.meta.main) {
  const [distDir, platform, fr, be] = process.argv.slice(2);
  if (!distDir || !platform || !fr || !be) {
    console.error(
      'Usage: node scripts/bench/lighthouse.ts <dist folder> <platform port> <FR port> <BE port> (the ports the build was made for)',
    );
    process.exit(2);
  }
  console.table(await benchLighthouse(distDir, { platform: Number(platform), fr: Number(fr), be: Number(be) }));
}
