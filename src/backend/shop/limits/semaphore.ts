/**
 * Bounded concurrency in one process: at most `concurrency` tasks run at once, at most `maxQueue` wait
 * (first come, first served), and any further task is refused at once with QueueFull instead of queueing
 * for ever. Used to bound password hashing (shared/passwords.ts) and logins per client address (sessions/throttle.ts).
 */

export class QueueFull extends Error {
  constructor() {
    super('Too many tasks waiting');
    this.name = 'QueueFull';
  }
}

/**
 * `low` priority is for work that is probably abuse (a login from an address that already failed in the
 * window, or for an e-mail without an account): it is served after every `normal` waiter, it may hold at
 * most `lowConcurrency` of the slots at once, and a `normal` task arriving at a full line takes the place of
 * the last `low` one (which is refused). So a flood of failing logins cannot keep a real shopper out of
 * the line, nor make them wait for the flood's own hashes when a slot is kept for them.
 */
export type Priority = 'normal' | 'low';

interface Waiter {
  priority: Priority;
  admit: () => void;
  refuse: (error: QueueFull) => void;
}

export class Semaphore {
  readonly concurrency: number;
  readonly maxQueue: number;
  readonly lowConcurrency: number;
  #running = 0;
  #runningLow = 0;
  readonly #waiting: Waiter[] = [];

  constructor(concurrency: number, maxQueue: number, lowConcurrency = concurrency) {
    if (!(Number.isInteger(concurrency) && concurrency >= 1)) throw new RangeError('concurrency must be an integer ≥ 1');
    if (!(Number.isInteger(maxQueue) && maxQueue >= 0)) throw new RangeError('maxQueue must be an integer ≥ 0');
    if (!(Number.isInteger(lowConcurrency) && lowConcurrency >= 1 && lowConcurrency <= concurrency))
      throw new RangeError('lowConcurrency must be an integer in 1…concurrency');
    this.concurrency = concurrency;
    this.maxQueue = maxQueue;
    this.lowConcurrency = lowConcurrency;
  }

  get running(): number {
    return this.#running;
  }
  get waiting(): number {
    return this.#waiting.length;
  }
  get idle(): boolean {
    return this.#running === 0 && this.#waiting.length === 0;
  }

  #canStart(priority: Priority): boolean {
    return this.#running < this.concurrency && (priority === 'normal' || this.#runningLow < this.lowConcurrency);
  }

  #start(priority: Priority): void {
    this.#running += 1;
    if (priority === 'low') this.#runningLow += 1;
  }

  /** Hands free slots to the line: normal waiters first, then low ones while they may run. */
  #drain(): void {
    for (;;) {
      const normal = this.#canStart('normal') ? this.#waiting.findIndex((w) => w.priority === 'normal') : -1;
      const index = normal >= 0 ? normal : this.#canStart('low') ? this.#waiting.findIndex((w) => w.priority === 'low') : -1;
      if (index < 0) return;
      const [next] = this.#waiting.splice(index, 1);
      this.#start(next!.priority);
      next!.admit();
    }
  }

  /** Whether a task of that priority arriving now would be refused: a check before costly work, not a promise. */
  wouldRefuse(priority: Priority = 'normal'): boolean {
    if (this.#canStart(priority) || this.#waiting.length < this.maxQueue) return false;
    return priority === 'low' || !this.#waiting.some((w) => w.priority === 'low');
  }

  /** Takes a slot, waiting in line if needed; throws QueueFull when the line is full. Call the release once. */
  async acquire(priority: Priority = 'normal'): Promise<() => void> {
    if (this.#canStart(priority)) this.#start(priority);
    else {
      if (this.#waiting.length >= this.maxQueue) {
        const bumped = priority === 'normal' ? this.#waiting.findLastIndex((w) => w.priority === 'low') : -1;
        if (bumped < 0) throw new QueueFull();
        this.#waiting.splice(bumped, 1)[0]!.refuse(new QueueFull());
      }
      // Started by the release that admits it (#drain).
      await new Promise<void>((admit, refuse) => this.#waiting.push({ priority, admit, refuse }));
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#running -= 1;
      if (priority === 'low') this.#runningLow -= 1;
      this.#drain();
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
  get size(): number {
    return this.#semaphores.size;
  }

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
