/**
 * What the Netlify publish function (../publish.ts) and its minute sweep (../publish-sweep.ts) share: a store
 * every instance of the function sees (Netlify Blobs, strongly consistent, with conditional writes), in
 * which an accepted event is written once, so the same event sent again is coalesced with the first
 * whichever instance it reaches, and each site's build requests are coalesced, so a burst of events calls
 * each build hook once.
 *
 * Coalescing never leaves an edit unbuilt. A build reads the content when it starts, so an event is covered
 * only by a build that starts after the event's content was saved (Strapi sends an event once its write is
 * committed). The first event of a quiet channel calls the hook at once (an editor's single edit is built
 * without delay). A Netlify build reads the content well after its hook was called (the build machine
 * starts, clones the repository and restores its cache first), so the events that arrive within
 * COVERED_AFTER_CALL_MS of a call are covered by it: Strapi's events for one click (one per locale
 * published) and a bulk publish cost one build a site. The events that follow later within BUILD_WINDOW_MS
 * only mark the channel pending; the first event after the window, or else the sweep, calls the hook once
 * for all of them: a longer burst of 200 events costs two builds a site, not 200. Every write is
 * conditional (onlyIfNew, onlyIfMatch on the entry's ETag), so two instances never both call for the same
 * moment; when the store fails or keeps changing, the hook is called: an extra build is cheaper than a
 * missed edit.
 */
import { getStore } from '@netlify/blobs';
import type { WebhookSettings } from '../../../src/backend/config/publishing.ts';
import { publishReceiver } from '../../../scripts/publish/receiver.ts';
import { type BuildChannel, replayMemory, WEBHOOK_MAX_AGE_MS } from '../../../scripts/publish/judge.ts';

/** The Blobs store of the publish function (site-wide, so it outlives deploys). */
const STORE_NAME = 'publish-webhooks';
/** How long the first build request of a channel covers the events after it: they wait for one more call. */
export const BUILD_WINDOW_MS = 30_000;
/**
 * How long after a hook call an event is still covered by that build: far less than a Netlify build takes
 * to reach the content (its machine's start, the clone and the cache alone take longer).
 */
export const COVERED_AFTER_CALL_MS = 5_000;
/** Conditional writes lost in a row before the function gives up coalescing and calls the hook. */
const MAX_ATTEMPTS = 5;

/** The part of a Netlify Blobs store the function uses: JSON entries, their ETags, conditional writes. */
export interface SharedStore {
  get(key: string): Promise<{ data: unknown; etag: string } | null>;
  /** Writes only if the key is new, or only if its ETag is still `onlyIfMatch`; false when it was not written. */
  set(key: string, data: unknown, condition: { onlyIfNew: true } | { onlyIfMatch: string }): Promise<boolean>;
  list(prefix: string): Promise<string[]>;
  delete(key: string): Promise<void>;
}

/** The site's Blobs store, strongly consistent (a write is seen by the next read of any instance); opened on first use. */
export function netlifyStore(): SharedStore {
  let store: ReturnType<typeof getStore> | undefined;
  const blobs = () => (store ??= getStore({ name: STORE_NAME, consistency: 'strong' }));
  return {
    async get(key) {
      const entry = await blobs().getWithMetadata(key, { type: 'json' });
      // Without an ETag no conditional write can match: the caller then calls the hook (see MAX_ATTEMPTS).
      return entry ? { data: entry.data, etag: entry.etag ?? '' } : null;
    },
    async set(key, data, condition) {
      return (await blobs().setJSON(key, data, condition)).modified;
    },
    async list(prefix) {
      return (await blobs().list({ prefix })).blobs.map((blob) => blob.key);
    },
    delete: (key) => blobs().delete(key),
  };
}

/** The same semantics in memory, for tests: one instance of it stands for the store all instances share. */
export function memoryStore(): SharedStore & { entries: Map<string, { data: unknown; etag: string }> } {
  const entries = new Map<string, { data: unknown; etag: string }>();
  let version = 0;
  return {
    entries,
    async get(key) {
      const entry = entries.get(key);
      return entry ? { data: structuredClone(entry.data), etag: entry.etag } : null;
    },
    async set(key, data, condition) {
      const current = entries.get(key);
      if ('onlyIfNew' in condition ? current !== undefined : current?.etag !== condition.onlyIfMatch) return false;
      version += 1;
      entries.set(key, { data: structuredClone(data), etag: `"${version}"` });
      return true;
    },
    async list(prefix) {
      return [...entries.keys()].filter((key) => key.startsWith(prefix));
    },
    async delete(key) {
      entries.delete(key);
    },
  };
}

/** Calls a site's build hook; false when it did not take the request. */
export type CallBuildHook = (channel: BuildChannel, title: string) => Promise<boolean>;

/** Netlify's build hooks of the sites (NETLIFY_BUILD_HOOK_FR / _BE), called with a title the deploy list shows. */
export function buildHookCaller(hooks: WebhookSettings['buildHooks']): CallBuildHook {
  return async (channel, title) => {
    const hook = hooks[channel];
    if (!hook) {
      console.error(`NETLIFY_BUILD_HOOK_${channel.toUpperCase()} is not set: the ${channel.toUpperCase()} site is not rebuilt.`);
      return true; // Nothing to retry: no hook will appear by itself.
    }
    try {
      const response = await fetch(`${hook}?trigger_title=${encodeURIComponent(title)}`, { method: 'POST' });
      if (response.ok) return true;
      console.error(`The ${channel.toUpperCase()} build hook answered HTTP ${response.status}`);
    } catch (error) {
      console.error(`The ${channel.toUpperCase()} build hook could not be called: ${(error as Error).message}`);
    }
    return false;
  };
}

interface BuildRecord {
  /** When the hook was last called (ms). */
  requestedAt: number;
  /** The first event since then that no call covers yet (ms), or null. */
  pendingSince: number | null;
}

const buildKey = (channel: BuildChannel) => `builds/${channel}`;
const asRecord = (data: unknown): BuildRecord | null => {
  const record = data as Partial<BuildRecord> | null;
  return record && typeof record.requestedAt === 'number'
    ? { requestedAt: record.requestedAt, pendingSince: record.pendingSince ?? null }
    : null;
};

interface Coalescer {
  store: SharedStore;
  callHook: CallBuildHook;
  windowMs?: number;
}

/**
 * One channel's turn: `event` true for a publish event (calls at once when the window is over, else marks the
 * channel pending), false for the sweep (calls only when something is pending and the window is over).
 * Answers whether it called the hook.
 */
async function requestBuild(
  { store, callHook, windowMs = BUILD_WINDOW_MS }: Coalescer,
  channel: BuildChannel,
  now: number,
  title: string,
  event: boolean,
): Promise<boolean> {
  const key = buildKey(channel);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    let entry: Awaited<ReturnType<SharedStore['get']>>;
    try {
      entry = await store.get(key);
    } catch (error) {
      console.error(
        `The publish store could not be read (${(error as Error).message}): the ${channel.toUpperCase()} build hook is called.`,
      );
      break;
    }
    const record = asRecord(entry?.data ?? null);
    const condition = entry ? { onlyIfMatch: entry.etag } : ({ onlyIfNew: true } as const);
    const windowOver = !record || now - record.requestedAt >= windowMs;
    if (!event && (!record || record.pendingSince === null)) return false;
    if (windowOver) {
      if (!(await store.set(key, { requestedAt: now, pendingSince: null } satisfies BuildRecord, condition).catch(() => false))) continue;
      if (await callHook(channel, title)) return true;
      // Not taken: pending again, so the sweep calls once the window is over.
      await markPending(store, key, now);
      return true;
    }
    if (!event || record.pendingSince !== null) return false;
    if (now - record.requestedAt < COVERED_AFTER_CALL_MS) return false;
    if (await store.set(key, { ...record, pendingSince: now } satisfies BuildRecord, condition).catch(() => false)) return false;
  }
  await callHook(channel, title);
  return true;
}

async function markPending(store: SharedStore, key: string, now: number): Promise<void> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const entry = await store.get(key).catch(() => null);
    const record = asRecord(entry?.data ?? null);
    if (!entry || !record) return;
    if (record.pendingSince !== null) return;
    if (await store.set(key, { ...record, pendingSince: now } satisfies BuildRecord, { onlyIfMatch: entry.etag }).catch(() => false))
      return;
  }
}

/**
 * The event (its body's digest, and its own time in seconds for the sweep), stored once: false when it was
 * stored before (the same event sent again, seen by any instance).
 */
async function firstSighting(store: SharedStore, key: string, eventAt: number, now: number): Promise<boolean> {
  try {
    return await store.set(`replays/${Math.floor(eventAt / 1000)}-${key}`, { seenAt: now }, { onlyIfNew: true });
  } catch (error) {
    // A replay rebuilds the content as it is: the lesser harm than dropping every edit while the store is down.
    console.error(`The publish store could not record an event (${(error as Error).message}): it is taken without the replay check.`);
    return true;
  }
}

export interface PublishFunctionOptions extends Coalescer {
  secret: string;
  clock?: () => Date;
}

/**
 * The publish receiver (scripts/publish/receiver.ts) with the shared replay check and the
 * coalesced build hooks. Each instance keeps its own replay memory as well: an event sent again to the same
 * instance is recognised without asking the store.
 */
export function publishFunction({ secret, clock = () => new Date(), ...coalescer }: PublishFunctionOptions) {
  const seenHere = replayMemory();
  return async (request: Request): Promise<Response> => {
    // The receiver checks the secret, the body and the age, then asks the replay memory: the event it
    // hands over is an authentic, fresh one that asks for a build, the one the shared store then records.
    let key = '';
    let eventAt = 0;
    let replayed = false;
    const receiver = publishReceiver({
      secret,
      clock,
      replays: {
        remember(given: string, now: number, at?: number) {
          key = given;
          eventAt = at ?? now;
          return seenHere.remember(given, now);
        },
        get size() {
          return seenHere.size;
        },
      },
      rebuild: async (channels, model) => {
        const now = clock().getTime();
        if (!(await firstSighting(coalescer.store, key, eventAt, now))) {
          replayed = true;
          return;
        }
        await Promise.all(channels.map((channel) => requestBuild(coalescer, channel, now, `Content published (${model})`, true)));
      },
    });
    const response = await receiver(request);
    if (replayed) return Response.json({ scheduled: false, reason: 'Already received: its build is already asked for' }, { status: 200 });
    return response;
  };
}

/**
 * The minute sweep: calls the hook of each channel whose pending events no call covers once the window is
 * over, and forgets the events old enough for the age rule to refuse them anyway.
 */
export async function sweepPublishes(coalescer: Coalescer, now: number): Promise<{ built: BuildChannel[]; forgotten: number }> {
  const built: BuildChannel[] = [];
  for (const channel of ['fr', 'be'] as const)
    if (await requestBuild(coalescer, channel, now, 'Content published (the end of a burst)', false)) built.push(channel);
  let forgotten = 0;
  for (const key of await coalescer.store.list('replays/')) {
    const timestamp = Number(/^replays\/(\d+)-/.exec(key)?.[1]);
    // Twice the accepted age: an event whose time is that far in the past or the future is refused by the receiver.
    if (!(Number.isFinite(timestamp) && Math.abs(now - timestamp * 1000) <= 2 * WEBHOOK_MAX_AGE_MS)) {
      await coalescer.store.delete(key);
      forgotten += 1;
    }
  }
  return { built, forgotten };
}
