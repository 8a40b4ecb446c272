/**
 * The platform's jobs runner: every recurring piece of work of the platform (the mail delivery, the payment
 * sandbox's webhook calls, PGlite's autovacuum, the subscription scheduler, the catalogue mirror) is a job of
 * one runner, started by the platform and stopped by its `close()` before the database closes.
 *
 * - A job takes a turn every `everyMs`, when something wakes it (a mail committed), or both.
 * - A job never overlaps itself. A tick that finds its job's turn under way is dropped: that turn is doing the
 *   interval's work. A wake during a turn asks for one more turn after it: what woke the job (a row committed)
 *   may have come after the turn read the database, and however many wakes arrive, one turn answers them all.
 * - A turn that fails is logged with the job's name, and the next turn runs as planned: a database or a
 *   provider away for a while must not stop the job for good.
 * - `stop()` clears the timers and the wakes, aborts the signal the turns were given (a turn with a backlog
 *   ends after the item at hand), and resolves once the turns under way have ended: the database may be closed then.
 *
 * Every instance of the platform runs the same jobs: each job claims its rows in PostgreSQL (`FOR UPDATE SKIP
 * LOCKED`, leases or an advisory lock), so nothing is done twice across instances; the runner only keeps one
 * instance from running a job twice at once.
 */

export interface Job {
  /** Starts each line the job's failures are logged with. */
  name: string;
  /** Milliseconds between two turns; a job without takes turns only when woken (or once, at start). */
  everyMs?: number;
  /** Takes its first turn when started rather than one interval later. */
  atStart?: boolean;
  /** Subscribes the job to what wakes it (a mail committed), returning the unsubscription. */
  wakeOn?: (wake: () => void) => () => void;
  /** One turn; `signal` is aborted when the runner stops, for a turn with a backlog to end early. */
  turn(signal: AbortSignal): Promise<unknown>;
}

export interface JobsRunner {
  /** Starts the jobs' timers and wakes (a job's name is taken once). */
  start(...jobs: Job[]): void;
  /** Stops every timer and wake, then waits for the turns under way. */
  stop(): Promise<void>;
}

export function jobsRunner({ log = console.error }: { log?: (message: string) => void } = {}): JobsRunner {
  const stopping = new AbortController();
  const names = new Set<string>();
  const timers: ReturnType<typeof setInterval>[] = [];
  const unsubscriptions: (() => void)[] = [];
  const turns = new Set<Promise<void>>();

  const schedule = (job: Job) => {
    let running: Promise<void> | undefined;
    let again = false;
    const run = async () => {
      do {
        again = false;
        try {
          await job.turn(stopping.signal);
        } catch (error) {
          log(`${job.name}: ${(error as Error).message}`);
        }
      } while (again && !stopping.signal.aborted);
    };
    return (woken: boolean) => {
      if (stopping.signal.aborted) return;
      if (running) {
        again ||= woken;
        return;
      }
      const turn = run().finally(() => {
        running = undefined;
        turns.delete(turn);
      });
      running = turn;
      turns.add(turn);
    };
  };

  return {
    start(...jobs) {
      if (stopping.signal.aborted) throw new Error('The jobs runner is stopped: its platform is closed');
      for (const job of jobs) {
        if (names.has(job.name)) throw new Error(`The job ${job.name} is started already`);
        names.add(job.name);
        const request = schedule(job);
        if (job.everyMs !== undefined) {
          const timer = setInterval(() => request(false), job.everyMs);
          // A job never keeps a process alive: a script or a test ends when its own work is done.
          timer.unref();
          timers.push(timer);
        }
        if (job.wakeOn) unsubscriptions.push(job.wakeOn(() => request(true)));
        if (job.atStart) request(false);
      }
    },
    async stop() {
      stopping.abort();
      for (const timer of timers.splice(0)) clearInterval(timer);
      for (const unsubscribe of unsubscriptions.splice(0)) unsubscribe();
      await Promise.all(turns);
    },
  };
}
