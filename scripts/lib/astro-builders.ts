/**
 * Astro's builds of the channels, each in a process started ahead of it (astro-builder-process.ts): the
 * process has loaded Node and Astro while nothing was asked of it, so an edit's build starts at once.
 * While the builders are kept (the publish receiver keeps them), each build is followed by the start of
 * the channel's next process.
 *
 * One build per process, not a process building again and again (which was 2 s faster still on BE):
 * Node keeps each module it has imported for the life of the process, and Astro imports its page bundle
 * by file name, so a second build met the first one's modules, whose chunk had not changed, with their
 * state. The pictures src/site/images.ts asks once per build were not asked again, and Astro did not write
 * them (a full build lost 20 of the fixtures' pictures); each edit's content also stayed in memory.
 * The process is started again when the channel's settings change.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { getPriority, setPriority } from 'node:os';

type Answer = { ok: true } | { error: string };

interface Builder {
  settings: string;
  child: ChildProcess;
  /** The process's one build, at that niceness; it is ended after it. */
  build(full: boolean, niceness: number): Promise<void>;
}

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

function startBuilder(channel: string, env: NodeJS.ProcessEnv): Builder {
  // Not the parent's flags (vitest's, a profiler's): the builder is a plain Node process.
  const child = fork(new URL('./astro-builder-process.ts', import.meta.url), { env, execArgv: [], stdio: 'inherit' });
  let pending: { resolve: () => void; reject: (error: Error) => void } | undefined;
  let ended: Error | undefined;
  child.on('message', (answer: Answer) => {
    const settled = pending;
    pending = undefined;
    if ('ok' in answer) settled?.resolve();
    else settled?.reject(new Error(`astro build (${channel}) failed: ${answer.error}`));
  });
  child.on('exit', (code, signal) => {
    ended = new Error(`astro build (${channel}) exited with ${code ?? signal}`);
    pending?.reject(ended);
    pending = undefined;
  });
  // A waiting builder does not keep its parent alive; it ends when the parent does (the IPC channel closes).
  child.unref();
  child.channel?.unref();
  return {
    settings: JSON.stringify(env),
    child,
    build: (full, niceness) =>
      new Promise<void>((resolve, reject) => {
        if (ended) return reject(ended);
        // Only ever lowered (raising it takes a privilege), and each process builds once.
        if (child.pid && niceness > getPriority(child.pid)) setPriority(child.pid, niceness);
        child.ref();
        child.channel?.ref();
        pending = { resolve, reject };
        child.send({ full });
      }),
  };
}

/** Ends a builder, and waits for its process to exit. */
async function end(builder: Builder): Promise<void> {
  if (!running(builder.child)) return;
  const exited = new Promise((resolve) => builder.child.once('exit', resolve));
  // Waited for: a waiting builder no longer keeps this process up (startBuilder).
  builder.child.ref();
  builder.child.kill();
  await exited;
}

export interface AstroBuilders {
  /**
   * Astro's build of `channel` with these settings (its whole environment), its process at that
   * niceness (the scheduler's: 0 as this process, 19 the lowest priority).
   */
  build(channel: string, env: NodeJS.ProcessEnv, full: boolean, niceness?: number): Promise<void>;
  /** Ends the processes waiting for a build. */
  close(): Promise<void>;
}

/** `keep`: start each channel's next process after its build (the receiver's); else a build has its own. */
export function astroBuilders({ keep }: { keep: boolean }): AstroBuilders {
  const waiting = new Map<string, Builder>();
  return {
    async build(channel, env, full, niceness = 0) {
      let builder = waiting.get(channel);
      waiting.delete(channel);
      if (builder && (builder.settings !== JSON.stringify(env) || !running(builder.child))) {
        await end(builder);
        builder = undefined;
      }
      builder ??= startBuilder(channel, env);
      try {
        await builder.build(full, niceness);
      } finally {
        await end(builder);
        if (keep) waiting.set(channel, startBuilder(channel, env));
      }
    },
    async close() {
      const builders = [...waiting.values()];
      waiting.clear();
      await Promise.all(builders.map(end));
    },
  };
}
