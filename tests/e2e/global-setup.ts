/**
 * Before the first test: the servers answering on the target's ports are this run's (they send its id),
 * the platform is healthy, and each site serves the build under test (its build info is the one on disk).
 * Anything else (a copy of the shop started elsewhere, an older build) stops the run here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolveTarget, RUN_HEADER } from './target.ts';

export default async function checkServers(): Promise<void> {
  const target = resolveTarget(process.env);
  if (!target.runId) throw new Error('No run id: the configuration makes one (playwright.config.ts).');
  const problems: string[] = [];
  const answer = async (url: string) => {
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    const run = response.headers.get(RUN_HEADER);
    if (run !== target.runId)
      problems.push(`${url} answered for run ${run ?? '(none)'}, not this run's ${target.runId}: another server holds its port.`);
    return response;
  };
  const health = await answer(`${target.platform}/health`);
  const body = (await health.json()) as { status?: string };
  if (health.status !== 200 || body.status !== 'ok')
    problems.push(`${target.platform}/health answered ${health.status} ${JSON.stringify(body)}.`);
  for (const channel of ['fr', 'be'] as const) {
    const served = (await (await answer(`${target.sites[channel]}/builds/latest.json`)).json()) as { id?: string };
    const built = JSON.parse(readFileSync(join(target.distDir, channel, 'builds', 'latest.json'), 'utf8')) as { id: string };
    if (served.id !== built.id)
      problems.push(`${target.sites[channel]} serves build ${served.id}, not ${built.id} of ${target.distDir}/${channel}.`);
  }
  if (problems.length > 0) throw new Error(`The end-to-end suite is not talking to its own servers:\n- ${problems.join('\n- ')}`);
}
