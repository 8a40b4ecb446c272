/**
 * The process astro-builders.ts starts ahead of a channel's build: it loads Astro, then waits for the one
 * message { full } and makes that `astro build` of the channel (its settings are this process's
 * environment), answered with { ok } or { error }. It ends with the process that started it.
 */
import { build } from 'astro';

process.on('disconnect', () => process.exit(0));
process.once('message', async ({ full }: { full: boolean }) => {
  try {
    await build({ root: process.cwd(), logLevel: 'silent', force: full });
    process.send?.({ ok: true });
  } catch (error) {
    process.send?.({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
