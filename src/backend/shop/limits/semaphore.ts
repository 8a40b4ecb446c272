/**
 * Bounded concurrency in one process: at most `concurrency` tasks run at once, at most `maxQueue` wait
 * (first come, first served), and any further task is refused at once with QueueFull instead of queueing
 * for ever. Used to bound password hashing (passwords.ts) and logins per client address (throttle.ts).
 */

export class QueueFull extends Error {
  constructor() {
    super('Too many tasks waiting');
    this.name = 'QueueFull';
  }
}

/**
 * `low` priority is for work that is probably abuse (a login from an address that already failed in the
 * window): it is served after every `normal` waiter, and a `normal` task arriving at a full line takes
 * the place of the last `low` one (which is refused). So a flood of failing logins cannot keep a real
 * shopper out of the line, only make them wait for the hashes already running.
 */
export type Priority = 'normal' | 'low';

interface Waiter { priority: Priority; admit: () => void; refuse: (error: QueueFull) => void }

export class Semaphore {
  readonly concurrency: number;
  readonly maxQueue: number;
  #running = 0;
  readonly #waiting: Waiter[] = [];

  constructor(concurrency: number, maxQueue: number) {
    if (!(Number.isInteger(concurrency) && concurrency >= 1)) throw new RangeError('concurrency must be an integer ≥ 1');
    if (!(Number.isInteger(maxQueue) && maxQueue >= 0)) throw new RangeError('maxQueue must be an integer ≥ 0');
    this.concurrency = concurrency;
    this.maxQueue = maxQueue;
  }

  get running(): number { return this.#running; }
  get waiting(): number { return this.#waiting.length; }
  get idle(): boolean { return this.#running === 0 && this.#waiting.length === 0; }

  /** Takes a slot, waiting in line if needed; throws QueueFull when the line is full. Call the release once. */
  async acquire(priority: Priority = 'normal'): Promise<() => void> {
    if (this.#running < this.concurrency) this.#running += 1;
    else {
      if (this.#waiting.length >= this.maxQueue) {
        const bumped = priority === 'normal' ? this.#waiting.findLastIndex((w) => w.priority === 'low') : -1;
        if (bumped < 0) throw new QueueFull();
        this.#waiting.splice(bumped, 1)[0]!.refuse(new QueueFull());
      }
      // The releasing task hands its slot over, so `running` never dips while someone waits.
      await new Promise<void>((admit, refuse) => this.#waiting.push({ priority, admit, refuse }));
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const index = this.#waiting.findIndex((w) => w.priority === 'normal');
      const next = this.#waiting.splice(index >= 0 ? index : 0, 1)[0];
      if (next) next.admit();
      else this.#running -= 1;
    };
  }

  async run<T>(task: () => Promise<T>, priority: Priority = 'normal'): Promise<T> {
    const release = await this.acquire(priority);
    try {
      return await task();
    } finally {
      release();
    }
  }
}

/** One Semaphore per key (a client address), dropped when idle so the map holds only busy keys. */
export class KeyedSemaphore {
  readonly #semaphores = new Map<string, Semaphore>();
  readonly concurrency: number;
  readonly maxQueue: number;

  constructor(concurrency: number, maxQueue: number) {
    this.concurrency = concurrency;
    this.maxQueue = maxQueue;
  }

  /** Busy keys, for tests. */
  get size(): number { return this.#semaphores.size; }

  async acquire(key: string): Promise<() => void> {
    let semaphore = this.#semaphores.get(key);
    if (!semaphore) {
      semaphore = new Semaphore(this.concurrency, this.maxQueue);
      this.#semaphores.set(key, semaphore);
    }
    const own = semaphore;
    const release = await own.acquire();
    return () => {
      release();
      if (own.idle && this.#semaphores.get(key) === own) this.#semaphores.delete(key);
    };
  }

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const release = await this.acquire(key);
    try {
      return await task();
    } finally {
      release();
    }
  }
}
