/** The platform's jobs runner (src/backend/jobs/runner.ts) on fake timers: each turn's end is held by the test. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Job, jobsRunner } from '../../../../src/backend/jobs/runner.ts';

/** A job whose turns are counted and end only when the test ends them (or fail, when it says so). */
function heldJob(options: Partial<Job> = {}) {
  const pending: { end: () => void; fail: (error: Error) => void; signal: AbortSignal }[] = [];
  let started = 0;
  const job: Job = {
    name: 'Test job',
    ...options,
    turn: (signal) => {
      started += 1;
      return new Promise<void>((resolve, reject) => pending.push({ end: resolve, fail: reject, signal }));
    },
  };
  return {
    job,
    started: () => started,
    /** The oldest turn not ended yet. */
    current: () => {
      const turn = pending[0];
      if (!turn) throw new Error('no turn under way');
      return turn;
    },
    async end() {
      pending.shift()?.end();
      await vi.advanceTimersByTimeAsync(0);
    },
    async fail(message: string) {
      pending.shift()?.fail(new Error(message));
      await vi.advanceTimersByTimeAsync(0);
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a job on an interval', () => {
  it('takes a turn every interval, the first one interval after its start unless asked at start', async () => {
    const runner = jobsRunner();
    const later = heldJob({ name: 'later', everyMs: 1000 });
    const atOnce = heldJob({ name: 'at once', everyMs: 1000, atStart: true });
    runner.start(later.job, atOnce.job);
    expect([later.started(), atOnce.started()]).toEqual([0, 1]);
    await atOnce.end();
    await vi.advanceTimersByTimeAsync(1000);
    expect([later.started(), atOnce.started()]).toEqual([1, 2]);
    await later.end();
    await atOnce.end();
    await vi.advanceTimersByTimeAsync(1000);
    expect([later.started(), atOnce.started()]).toEqual([2, 3]);
    await later.end();
    await atOnce.end();
    await runner.stop();
  });

  it('never overlaps itself: the ticks during a long turn are dropped', async () => {
    const runner = jobsRunner();
    const job = heldJob({ everyMs: 1000 });
    runner.start(job.job);
    await vi.advanceTimersByTimeAsync(1000);
    expect(job.started()).toBe(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(job.started()).toBe(1);
    await job.end();
    expect(job.started()).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(job.started()).toBe(2);
    await job.end();
    await runner.stop();
  });

  it('logs a failed turn with the job’s name, and the next turn runs', async () => {
    const log = vi.fn();
    const runner = jobsRunner({ log });
    const job = heldJob({ name: 'Mail delivery', everyMs: 1000 });
    runner.start(job.job);
    await vi.advanceTimersByTimeAsync(1000);
    await job.fail('connection refused');
    expect(log).toHaveBeenCalledExactlyOnceWith('Mail delivery: connection refused');
    await vi.advanceTimersByTimeAsync(1000);
    expect(job.started()).toBe(2);
    await job.end();
    expect(log).toHaveBeenCalledOnce();
    await runner.stop();
  });
});

describe('a job woken', () => {
  it('takes a turn at once, and one more after its turn however many wakes came during it', async () => {
    let wake!: () => void;
    const unsubscribe = vi.fn();
    const runner = jobsRunner();
    const job = heldJob({
      wakeOn: (listener) => {
        wake = listener;
        return unsubscribe;
      },
    });
    runner.start(job.job);
    expect(job.started()).toBe(0);
    wake();
    expect(job.started()).toBe(1);
    wake();
    wake();
    expect(job.started()).toBe(1);
    await job.end();
    expect(job.started()).toBe(2);
    await job.end();
    expect(job.started()).toBe(2);
    await runner.stop();
    expect(unsubscribe).toHaveBeenCalledOnce();
  });
});

describe('stop', () => {
  it('waits for the turn under way, which it tells to end early, and starts none after', async () => {
    let wake!: () => void;
    const runner = jobsRunner();
    const job = heldJob({
      everyMs: 1000,
      wakeOn: (listener) => {
        wake = listener;
        return () => {};
      },
    });
    runner.start(job.job);
    await vi.advanceTimersByTimeAsync(1000);
    wake();
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(job.current().signal.aborted).toBe(true);
    expect(stopped).toBe(false);
    await job.end();
    await stopping;
    // The wake during the turn asked for one more: not taken once stopped, nor any tick after.
    wake();
    await vi.advanceTimersByTimeAsync(5000);
    expect(job.started()).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('refuses jobs once stopped, and a name taken twice', async () => {
    const runner = jobsRunner();
    runner.start(heldJob({ name: 'Scheduler', everyMs: 1000 }).job);
    expect(() => runner.start(heldJob({ name: 'Scheduler', everyMs: 1000 }).job)).toThrow('The job Scheduler is started already');
    await runner.stop();
    expect(() => runner.start(heldJob({ name: 'Autovacuum', everyMs: 1000 }).job)).toThrow('The jobs runner is stopped');
  });
});
