/**
 * `npm run build [-- fr|be]`: builds each channel into dist/<channel>/ against the content service
 * (the embedded platform unless CONTENT_API_URL is set), then writes Netlify's _redirects from the
 * build's redirects.json.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { ensureContentService } from './lib/content-service.ts';
import { exitIfDatabaseInUse } from '../src/backend/db/database.ts';

export async function buildChannels(channels: string[] = ['fr', 'be'], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const { contentUrl, stop } = await ensureContentService();
  try {
    for (const channel of channels) {
      const started = performance.now();
      await new Promise<void>((resolve, reject) => {
        const child = spawn(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--silent'], {
          stdio: 'inherit',
          env: { ...env, CHANNEL: channel, CONTENT_API_URL: contentUrl },
        });
        child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`astro build (${channel}) exited with ${code}`))));
      });
      const out = `${env.DIST_DIR ?? 'dist'}/${channel}`;
      const redirects = JSON.parse(readFileSync(`${out}/redirects.json`, 'utf8')) as Array<{ from: string; to: string; status: number }>;
      writeFileSync(`${out}/_redirects`, `${redirects.map((r) => `${r.from} ${r.to} ${r.status}`).join('\n')}\n`);
      console.log(`Built ${channel} in ${((performance.now() - started) / 1000).toFixed(1)} s → ${out}/`);
    }
  } finally {
    await stop();
  }
}

if (import.meta.main) {
  const wanted = process.argv.slice(2).filter((a) => a === 'fr' || a === 'be');
  await buildChannels(wanted.length ? wanted : undefined).catch(exitIfDatabaseInUse);
}
