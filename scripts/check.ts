/**
 * `npm run check`: the static checks of `npm test`, fastest first: Biome (formatting and lint rules of the
 * TypeScript, TSX, CSS and JSON files), knip (unused files, exports and dependencies), TypeScript strict,
 * then `astro check` (the .astro files' types; it syncs the content collections, so it reads the content
 * service: the embedded platform unless CONTENT_API_URL is set). `npm run format` rewrites what Biome
 * would refuse.
 */
import { spawn, spawnSync } from 'node:child_process';
import { ensureContentService } from './lib/content-service.ts';
import { exitIfDatabaseInUse } from '../src/backend/db/database.ts';

const step = (label: string, args: string[], env: NodeJS.ProcessEnv = process.env): void => {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(process.execPath, args, { stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`✖ ${label} failed`);
    process.exit(result.status ?? 1);
  }
};

export async function staticChecks(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  step('format and lint (Biome)', ['node_modules/@biomejs/biome/bin/biome', 'ci', '.'], env);
  step('unused files, exports and dependencies (knip)', ['node_modules/knip/bin/knip.js', '--no-progress'], env);
  step('type check (TypeScript strict)', ['node_modules/typescript/bin/tsc', '--noEmit', '-p', '.'], env);
  const { contentUrl, stop } = await ensureContentService();
  // Not spawnSync: the content service may run in this very process, and must answer while astro checks.
  const label = 'type check of the .astro files (astro check)';
  console.log(`\n▶ ${label}`);
  let code: number | null;
  try {
    const child = spawn(process.execPath, ['node_modules/astro/bin/astro.mjs', 'check'], {
      stdio: 'inherit',
      env: { ...env, CHANNEL: 'fr', CONTENT_API_URL: contentUrl },
    });
    code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  } finally {
    await stop();
  }
  if (code !== 0) {
    console.error(`✖ ${label} failed`);
    process.exit(code ?? 1);
  }
}

if (import.meta.main) await staticChecks().catch(exitIfDatabaseInUse);
