/**
 * `npm test`: unit, component and API tests (vitest, on PGlite in two halves; at the same time the API tests
 * again on TEST_DATABASE_URL when set, and the incremental build's test), a fresh build of both channels
 * against the embedded platform (and of BE with Google sign-in, for its end-to-end test), the static checks of
 * scripts/check.ts (format, lint, unused code, TypeScript strict, astro check), then the end-to-end tests
 * in Chromium (Playwright starts the servers). At the end, also when a phase failed, it prints each
 * phase's wall time and the total (CI's log shows where the time goes).
 *
 * `npm test -- --e2e [Playwright's arguments]`: the build and the end-to-end tests only, on free ports,
 * beside a shop that may be running on the default ones.
 *
 * `npm test -- --changed [commit]`: the inner loop while editing: only the unit and API tests that import
 * (directly or not) a file changed since the last commit, or since `commit` (vitest's --changed), on
 * PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL; no build, checks nor end-to-end tests. Their
 * counterpart: `npm test -- --e2e --only-changed [commit]` runs the end-to-end specs whose imports changed
 * (Playwright's --only-changed), after the build.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { EMBEDDED_GOOGLE_CLIENT_ID } from '../src/lib/captcha/embedded.ts';
import { freePorts } from './lib/ports.ts';

/** Each phase's wall time, printed when the process exits, whether the run passed or not. */
const phases: Array<{ label: string; seconds: number; ok: boolean; alongside?: string }> = [];
const started = performance.now();
const clock = (seconds: number) => {
  const whole = Math.round(seconds); // rounded once, so 239.6 s reads 4 min 00 s, not 3 min 60 s
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
};
/**
 * The jobs and the platform still running when `npm test` exits: a failed phase exits at once, and the job beside the
 * builds (the contract with Strapi) or the builds' platform would go on without it, on the suite's ports and folders.
 */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGTERM');
  if (!phases.length) return;
  const width = Math.max(...phases.map((phase) => phase.label.length));
  console.log('\nWall time of each phase:');
  for (const { label, seconds, ok, alongside } of phases)
    console.log(
      `  ${ok ? '✓' : '✖'} ${label.padEnd(width)}  ${clock(seconds).padStart(11)}${alongside ? `  (at the same time as ${alongside})` : ''}`,
    );
  console.log(`    ${'total'.padEnd(width)}  ${clock((performance.now() - started) / 1000).padStart(11)}`);
});

interface Job {
  label: string;
  args: string[];
  env: NodeJS.ProcessEnv;
}

/** Runs `node <args>`; its output goes to this terminal, or is kept (`buffered`) to be printed once it ends. */
function start({ label, args, env }: Job, buffered: boolean) {
  const begun = performance.now();
  const output: Buffer[] = [];
  const child = spawn(process.execPath, args, { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit', env });
  running.add(child);
  child.once('exit', () => running.delete(child));
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise<{ label: string; ok: boolean; status: number; output: Buffer[]; seconds: number }>((resolve) => {
    const end = (status: number) => resolve({ label, ok: status === 0, status, output, seconds: (performance.now() - begun) / 1000 });
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      end(1);
    });
    child.on('close', (code) => end(code ?? 1));
  });
}

/**
 * Runs the jobs at the same time: the first one's output streams, the others' is printed, whole, after
 * it (two vitest runs interleaved line by line would be unreadable). Exits on the first that failed,
 * once all have ended.
 */
async function runTogether(jobs: Job[]): Promise<void> {
  const [first, ...others] = jobs;
  if (!first) return;
  console.log(
    `\n▶ ${first.label}${others.length ? ` (${others.map((job) => job.label).join(', ')}: at the same time, printed after)` : ''}`,
  );
  const results = await Promise.all([start(first, false), ...others.map((job) => start(job, true))]);
  finish(results, first.label);
}

type Result = Awaited<ReturnType<typeof start>>;

/** Prints the buffered jobs' output, notes each job's time, and exits when one failed. */
function finish(results: Result[], streamed?: string): void {
  for (const result of results.filter((r) => r.label !== streamed)) {
    console.log(`\n▶ ${result.label}${streamed ? ` (ran at the same time as ${streamed})` : ''}`);
    process.stdout.write(Buffer.concat(result.output));
  }
  for (const result of results) {
    const alongside = results
      .filter((other) => other !== result)
      .map((other) => other.label)
      .join(', ');
    phases.push({ label: result.label, seconds: result.seconds, ok: result.ok, alongside: alongside || undefined });
  }
  const failed = results.find((result) => !result.ok);
  if (failed) {
    for (const result of results.filter((r) => !r.ok)) console.error(`✖ ${result.label} failed`);
    process.exit(failed.status || 1);
  }
}

const run = (label: string, args: string[], env: NodeJS.ProcessEnv = process.env) => runTogether([{ label, args, env }]);

// The tests run on their own database, so they never touch the shop's data in .data/pglite, nor the
// server of a DATABASE_URL exported in this shell (the API tests reset the database they are given).
// TEST_DATABASE_URL is given to the PostgreSQL pass only: the first pass is PGlite's, wherever it runs.
const { DATABASE_URL: _shopDatabase, TEST_DATABASE_URL: testDatabase, ...outside } = process.env;
// TEST_FOLDERS=<folder> gives a run folders of its own (database, build, cache, Playwright's results), so
// that several runs can share a working tree; by default they are .data/test-*.
const folders = process.env.TEST_FOLDERS;
const folder = (name: string) => (folders ? `${folders}/${name}` : `.data/test-${name}`);
const env = { ...outside, DATA_DIR: folder('pglite') };
rmSync(folder('pglite'), { recursive: true, force: true });
// `npm test -- --e2e [Playwright's arguments]`: the build and the end-to-end tests only.
if (process.argv.includes('--e2e')) await endToEnd(process.argv.slice(2).filter((arg) => arg !== '--e2e'));
// `npm test -- --changed [commit]`: vitest's own arguments from there on.
const changed = process.argv.indexOf('--changed');
const vitestArgs = changed >= 0 ? process.argv.slice(changed) : [];
const vitest = 'node_modules/vitest/vitest.mjs';
// The incremental build's test builds the site with Astro against the platform's HTTP API: which driver
// the platform runs on changes nothing it checks (its SQL edits are plain PostgreSQL), so it runs once, on
// PGlite, and not in the PostgreSQL pass. It is the longest file by far (its twenty-odd Astro builds are more
// than half of the PGlite pass), so it runs in a vitest of its own, beside the other files.
const incrementalBuild = 'tests/api/incremental-build.test.ts';
// The contract with a real Strapi (tests/cms/contract.test.ts) starts Strapi (cms/, its packages installed on first
// use) and builds the FR channel three times: a run of its own, started after these passes (see endToEnd).
const strapiContract = 'tests/cms/**';
// The same API tests on a PostgreSQL server, when one is given (.ci/run starts one), at the same time as
// PGlite's: each pass runs one test file at a time in one Node process (and the build test mostly one
// Astro process), so together they keep two cores busy where one after the other left one idle.
// TEST_DATABASE_URL's database must say it is for tests (shop_test), or every file refuses it
// (tests/support/test-database.ts); each file works in its own copy of a template database made beside it
// (tests/support/template-database.ts), so the role needs CREATEDB; a test checks the platform really ran
// on PostgreSQL (tests/api/app.test.ts).
// PGlite's pass is the longest of the three and runs in one process (PGlite is single-threaded), so it is
// cut in two halves of its files (vitest's --shard) that run side by side: a core left idle once the other
// passes end takes the second half.
const PGLITE_SHARDS = 2;
await runTogether([
  ...Array.from({ length: PGLITE_SHARDS }, (_, i) => ({
    label: `unit, component and API tests (PGlite, ${i + 1}/${PGLITE_SHARDS})`,
    args: [vitest, 'run', '--exclude', incrementalBuild, '--exclude', strapiContract, `--shard=${i + 1}/${PGLITE_SHARDS}`, ...vitestArgs],
    env,
  })),
  ...(testDatabase
    ? [
        {
          label: 'API tests (PostgreSQL server)',
          args: [vitest, 'run', '--project', 'api', '--exclude', incrementalBuild, ...vitestArgs],
          env: { ...env, TEST_DATABASE_URL: testDatabase },
        },
      ]
    : []),
  // `--changed` runs it when a change touches it; vitest fails a run that finds no file without this flag.
  {
    label: 'incremental build test (PGlite)',
    args: [vitest, 'run', '--project', 'api', '--passWithNoTests', incrementalBuild, ...vitestArgs],
    env,
  },
]);
const contract: Job = {
  label: 'contract with Strapi 5 (tests/cms)',
  args: [vitest, 'run', '--project', 'cms', '--passWithNoTests', ...vitestArgs],
  env,
};
if (changed >= 0) {
  await runTogether([contract]);
  process.exit(0);
}
await endToEnd(undefined, contract);

/**
 * The end-to-end build is made for ports found free now, so that a shop already running here (npm start
 * on 4321, 4322, 4400) is neither tested nor disturbed: the pages bake in their site URLs and the shop
 * API's, so the ports are chosen before the build and the suite serves that build on them
 * (tests/e2e/target.ts reads them back from it). It goes to folders of its own, leaving dist/ (what
 * `npm start -- --no-build` serves) and its content cache as they were. With arguments (Playwright's),
 * only the build and those end-to-end tests run.
 */
async function endToEnd(playwrightArgs?: string[], beside?: Job): Promise<void> {
  const [platformPort, frPort, bePort] = await freePorts(3);
  const e2eEnv = {
    ...env,
    PORT_PLATFORM: String(platformPort),
    PORT_FR: String(frPort),
    PORT_BE: String(bePort),
    SHOP_API_URL: `http://localhost:${platformPort}`,
    SITE_URL_FR: `http://localhost:${frPort}`,
    SITE_URL_BE: `http://localhost:${bePort}`,
    PUBLIC_SHOP_API_URL: undefined,
    CONTENT_API_URL: undefined,
    DIST_DIR: folder('dist'),
    CACHE_DIR: folder('cache'),
    // The suite's build has no Google button (a build made here has it, scripts/build.ts): its own build below does.
    PUBLIC_GOOGLE_CLIENT_ID: '',
  };
  const results = folders ? ['--output', folder('results')] : [];
  // A job run beside the builds and the static checks (the contract with Strapi): they leave a core idle, the
  // API passes before them do not (2026-12-07: the contract took 2 min 20 s of their two cores).
  const besides = beside && start(beside, true);
  // One embedded platform serves the builds' and astro check's content (scripts/lib/content-service.ts finds it
  // answering): each would start its own on the suite's PGlite folder, which one process holds at a time, so
  // the Google build and the static checks could not run together.
  const platform = await contentPlatform(e2eEnv);
  try {
    await run('build of both channels', ['scripts/build.ts'], e2eEnv);
    // Google sign-in's pages (tests/e2e/google-login.spec.ts): the BE channel again, with the embedded Google's
    // client id, in folders of its own beside the suite's build, so no end-to-end test waits for a build.
    const google: Job = {
      label: 'build of BE with Google sign-in',
      args: ['scripts/build.ts', 'be'],
      env: {
        ...e2eEnv,
        PUBLIC_GOOGLE_CLIENT_ID: EMBEDDED_GOOGLE_CLIENT_ID,
        DIST_DIR: `${folder('dist')}-google`,
        CACHE_DIR: `${folder('cache')}-google`,
      },
    };
    // After the build, which writes Astro's generated types (.astro/) that the type check reads; on the
    // end-to-end ports and data folder, so `astro check`'s content sync never reads the shop's own data.
    const checks: Job = { label: 'static checks (Biome, knip, TypeScript, astro check)', args: ['scripts/check.ts'], env: e2eEnv };
    await runTogether(playwrightArgs ? [google] : [checks, google]);
  } finally {
    await platform.stop();
  }
  if (besides) finish([await besides]);
  if (playwrightArgs) {
    // Only the tests asked for: a project that runs after the others (maintenance) does not bring them all in.
    await run(
      'end-to-end tests (Chromium)',
      ['node_modules/@playwright/test/cli.js', 'test', '--no-deps', ...results, ...playwrightArgs],
      e2eEnv,
    );
    process.exit(0);
  }
  await run('end-to-end tests (Chromium)', ['node_modules/@playwright/test/cli.js', 'test', ...results], e2eEnv);
}

/** The embedded platform as a process of its own on the suite's ports and PGlite folder, until `stop()`. */
async function contentPlatform(e2eEnv: NodeJS.ProcessEnv): Promise<{ stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['src/backend/main.ts'], { stdio: ['ignore', 'ignore', 'inherit'], env: e2eEnv });
  running.add(child);
  const exited = new Promise((resolve) =>
    child.once('exit', () => {
      running.delete(child);
      resolve(undefined);
    }),
  );
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The embedded platform stopped (exit ${child.exitCode}) before it answered.`);
    const ok = await fetch(`${e2eEnv.SHOP_API_URL}/health`, { signal: AbortSignal.timeout(1500) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('The embedded platform did not answer within 180 s.');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
