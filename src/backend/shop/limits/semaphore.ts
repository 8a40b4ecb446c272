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

export class Semaphore {
  readonly concurrency: number;
  readonly maxQueue: number;
  #running = 0;
  readonly #waiting: (() => void)[] = [];

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
  async acquire(): Promise<() => void> {
    if (this.#running < this.concurrency) this.#running += 1;
    else if (this.#waiting.length >= this.maxQueue) throw new QueueFull();
    // The releasing task hands its slot over, so `running` never dips while someone waits.
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running -= 1;
    };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
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
