/**
 * The cart's operations run one after the other: two quick adds must never create two carts, and a
 * reload that left before a change must not land after it and put the older cart back.
 */
export type Enqueue = <T>(operation: () => Promise<T>) => Promise<T>;

/** A queue of its own per store; a failed operation does not stop the ones behind it. */
export function createQueue(): Enqueue {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(operation: () => Promise<T>): Promise<T> => {
    const run = tail.then(operation, operation);
    tail = run.catch(() => undefined);
    return run;
  };
}
