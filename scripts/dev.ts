/** `npm run dev [-- be]`: the platform plus Astro's dev server (hot reload) for one channel. */
import { spawn } from 'node:child_process';
import { ensureContentService } from './lib/content-service.ts';
import { exitIfDatabaseInUse } from '../src/backend/db/database.ts';

const channel = process.argv.includes('be') ? 'be' : 'fr';
const { contentUrl } = await ensureContentService().catch(exitIfDatabaseInUse);
console.log(`Content service: ${contentUrl}`);
spawn(process.execPath, ['node_modules/astro/bin/astro.mjs', 'dev'], {
  stdio: 'inherit',
  env: { ...process.env, CHANNEL: channel, CONTENT_API_URL: contentUrl, ASTRO_DEV_BACKGROUND: '1' },
}).on('exit', (code) => process.exit(code ?? 0));
