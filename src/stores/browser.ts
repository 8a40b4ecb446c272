/**
 * What the stores need from the browser, behind small interfaces so tests inject fakes and the build
 * (Astro importing islands on the server) never touches `window`: storage, a clock and timers, tab
 * messaging, navigation. The browser versions are resolved lazily, when a store starts.
 */

/** The subset of Storage the stores use; every access may throw in the browser (private mode, quota). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Reads and writes that never throw: a refused storage behaves as an empty one. */
export function safeStorage(storage: StorageLike | null | undefined): StorageLike {
  return {
    getItem(key) {
      try {
        return storage?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    setItem(key, value) {
      try {
        storage?.setItem(key, value);
      } catch {
        // A full or refused storage: the value lives in memory only.
      }
    },
    removeItem(key) {
      try {
        storage?.removeItem(key);
      } catch {
        // Nothing to remove from a refused storage.
      }
    },
  };
}

export function memoryStorage(initial: Record<string, string> = {}): StorageLike & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}
export const systemTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};
/** Longest delay a browser timer takes (about 24.8 days); longer ones fire at once. */
export const MAX_TIMER_DELAY = 2 ** 31 - 1;

/** A BroadcastChannel as the stores use it. */
export interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  removeEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close?(): void;
}

/** Listens to another tab's writes to localStorage: (key, newValue); returns the unsubscribe. */
export type StorageEvents = (listener: (key: string | null, newValue: string | null) => void) => () => void;

export const inBrowser = (): boolean => typeof window !== 'undefined' && typeof document !== 'undefined';

export function browserStorage(): StorageLike {
  if (!inBrowser()) return memoryStorage();
  try {
    return safeStorage(window.localStorage);
  } catch {
    return memoryStorage();
  }
}

export function browserStorageEvents(): StorageEvents {
  return (listener) => {
    if (!inBrowser()) return () => {};
    const handler = (event: StorageEvent) => {
      if (event.storageArea === null || event.storageArea === window.localStorage) listener(event.key, event.newValue);
    };
    window.addEventListener('storage', handler);
    return () => window.removeEventListener('storage', handler);
  };
}

export function browserChannel(name: string): ChannelLike | null {
  if (!inBrowser() || typeof BroadcastChannel === 'undefined') return null;
  try {
    return new BroadcastChannel(name);
  } catch {
    return null;
  }
}

export interface Navigation {
  /** The current path and query. */
  location(): { pathname: string; search: string };
  /** Goes to a path, replacing the current history entry. */
  replace(path: string): void;
}
export const browserNavigation: Navigation = {
  location: () => (inBrowser() ? { pathname: window.location.pathname, search: window.location.search } : { pathname: '/', search: '' }),
  replace: (path) => {
    if (inBrowser()) window.location.replace(path);
  },
};

/** What was kept as JSON under `key`, or null when nothing or something unreadable is there (validate it before use). */
export function storedJson(storage: StorageLike, key: string): unknown {
  try {
    return JSON.parse(storage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}
