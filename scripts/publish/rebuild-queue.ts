/**
 * The local publish receiver's builds (scripts/webhook.ts): on Netlify, each site's build hook is called
 * instead (netlify/functions/_shared/publish-builds.ts).
 */
import type { BuildChannel } from './judge.ts';

/**
 * Coalesces bursts of publish events (an editor saving ten products) into one rebuild of every channel
 * they concern, and never runs two builds at once: events arriving during a build schedule exactly one more.
 */
export function rebuildQueue(
  build: (channels: BuildChannel[]) => Promise<void>,
  quietMs: number,
  timers: { set: typeof setTimeout; clear: typeof clearTimeout } = { set: setTimeout, clear: clearTimeout },
) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  const pending = new Set<BuildChannel>();
  const start = async (): Promise<void> => {
    if (running || pending.size === 0) return;
    const channels = (['fr', 'be'] as const).filter((c) => pending.has(c));
    pending.clear();
    running = build(channels).finally(() => {
      running = undefined;
      void start();
    });
    await running;
  };
  return {
    request(channels: readonly BuildChannel[]): void {
      for (const channel of channels) pending.add(channel);
      if (timer) timers.clear(timer);
      timer = timers.set(() => {
        timer = undefined;
        void start();
      }, quietMs);
    },
    get busy(): boolean {
      return running !== undefined;
    },
  };
}
