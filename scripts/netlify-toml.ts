/**
 * Writes netlify.toml from the route table (`npm run netlify-toml`); a unit test fails when the
 * committed file is out of date, so the CDN's rewrites never drift from the local server's.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { netlifyToml } from '../src/lib/seo/netlify.ts';

if (import.meta.main) {
  writeFileSync(fileURLToPath(new URL('../netlify.toml', import.meta.url)), netlifyToml());
  console.log('netlify.toml written');
}
