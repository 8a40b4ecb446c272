/**
 * Acknowledged means durable, on the embedded default (a PGlite folder):
 * - every write the platform answered 2xx before a kill -9 is there after the restart, even when a
 *   second platform was started on the same folder meanwhile (it is refused);
 * - before the answer, the write's WAL has been fsync()ed, so it also survives a power cut. PGlite
 *   alone never calls fsync (fsync=off, no fsync in Emscripten's NODEFS); a probe preloaded into the
 *   platform process sees every fsync made through Node's fs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadFixtures } from '../../src/backend/seed/seed.ts';
import { order as orderSchema } from '../../src/lib/shop-api/orders.ts';
import {
  answers,
  cleanUp,
  exitOf,
  freePort,
  killHard,
  runScript,
  shopCall,
  startPlatformProcess,
  tempFolder,
  waitUntil,
  type PlatformChild,
  PROCESS_TEST_MS,
} from '../support/platform-process.ts';

afterAll(cleanUp);

const sellable = loadFixtures()
  .products.filter((p) => p.viewable && !p.isSample)
  .flatMap((p) => p.variants.filter((v) => v.showVariant && v.inStock));
const newCartBody = { localeCode: 'fr_FR', channelCode: 'FR' };

describe.skipIf(process.env.TEST_DATABASE_URL)('writes on a PGlite folder (runs in the PGlite pass)', () => {
  let dir: string;
  let probeLog: string;
  beforeAll(() => {
    const folder = tempFolder('durability');
    dir = join(folder, 'pglite');
    probeLog = join(folder, 'fsync.log');
  });

  // The finding: `npm run platform` twice on one folder, then a crash: 0 of 264 acknowledged writes were left.
  it('keeps every acknowledged write of a stream cut by kill -9, a second platform started on the folder meanwhile', {
    timeout: PROCESS_TEST_MS,
  }, async () => {
    const platform = await startPlatformProcess(dir);
    const carts = new Set<string>();
    const items: Array<{ token: string; variant: string; quantity: number }> = [];
    let killed = false;
    let inFlightAtKill = 0;
    let inFlight = 0;

    // Six clients, each creating a cart (one statement) then adding an item (a transaction), until the kill.
    const client = async (n: number) => {
      for (let round = 0; !killed; round += 1) {
        try {
          inFlight += 1;
          const cart = await shopCall(platform.url, 'POST', '/orders', newCartBody).finally(() => {
            inFlight -= 1;
          });
          if (cart.status !== 201) throw new Error(`cart: ${cart.status} ${JSON.stringify(cart.body)}`);
          const token = orderSchema.parse(cart.body).tokenValue;
          carts.add(token);
          const variant = sellable[(n * 7 + round) % sellable.length]!.code;
          const quantity = 1 + ((n + round) % 5);
          inFlight += 1;
          const added = await shopCall(platform.url, 'PATCH', `/orders/${token}/items`, { productVariant: variant, quantity }).finally(
            () => {
              inFlight -= 1;
            },
          );
          if (added.status !== 200) throw new Error(`add: ${added.status} ${JSON.stringify(added.body)}`);
          items.push({ token, variant, quantity });
        } catch (error) {
          if (killed) return; // cut by the kill: not acknowledged, so nothing is promised
          throw error;
        }
      }
    };
    const clients = Promise.all([0, 1, 2, 3, 4, 5].map(client));
    const acknowledged = (count: number) =>
      waitUntil(
        () => items.length >= count,
        60_000,
        () => `only ${items.length} writes acknowledged`,
      );
    await acknowledged(40);

    // Mid-stream, a second platform on the same folder: it must be refused and leave the first alone.
    const intruderPort = await freePort();
    const intruder = runScript('src/backend/main.ts', { PORT_PLATFORM: String(intruderPort), DATA_DIR: dir });
    let intruderAnswered = false;
    await waitUntil(
      async () => {
        if (intruder.process.exitCode !== null) return true;
        intruderAnswered = await answers(`http://127.0.0.1:${intruderPort}/health`);
        return intruderAnswered;
      },
      60_000,
      () => 'the second platform neither stopped nor answered',
    );

    await acknowledged(items.length + 80);
    inFlightAtKill = inFlight;
    killed = true;
    await killHard(platform);
    await clients;
    if (intruderAnswered) await killHard(intruder);
    expect(inFlightAtKill, 'the kill landed while requests were in flight').toBeGreaterThan(0);

    const restarted = await startPlatformProcess(dir);
    const missing: string[] = [];
    for (const token of carts) {
      if ((await shopCall(restarted.url, 'GET', `/orders/${token}`)).status !== 200) missing.push(token);
    }
    expect(missing, `${missing.length} of ${carts.size} acknowledged carts lost`).toEqual([]);
    for (const { token, variant, quantity } of items) {
      const cart = orderSchema.parse((await shopCall(restarted.url, 'GET', `/orders/${token}`)).body);
      const item = cart.items.find((i) => i.variant.endsWith(`/${variant}`));
      expect(item?.quantity, `item ${variant} of cart ${token}`).toBe(quantity);
    }
    restarted.process.kill('SIGTERM');
    await exitOf(restarted);

    expect(intruderAnswered, 'the second platform started on a folder in use').toBe(false);
    expect(intruder.process.exitCode).toBe(1);
    expect(intruder.stderr()).toContain(`is in use by process ${platform.pid}`);
  });

  it('has fsynced the write-ahead log before it acknowledges a write, in a statement or a transaction', async () => {
    const platform: PlatformChild = await startPlatformProcess(dir, {
      env: { FSYNC_PROBE_LOG: probeLog },
      nodeArgs: ['--import', './tests/support/fsync-probe.ts'],
    });
    const walSyncs = () =>
      existsSync(probeLog)
        ? readFileSync(probeLog, 'utf8')
            .split('\n')
            .filter((line) => /^f(data)?sync .*\/pg_wal\/[0-9A-F]{24}$/.test(line)).length
        : 0;
    for (let round = 0; round < 10; round += 1) {
      let before = walSyncs();
      const cart = await shopCall(platform.url, 'POST', '/orders', newCartBody);
      expect(cart.status).toBe(201);
      expect(walSyncs(), `cart ${round}: no WAL fsync before the answer`).toBeGreaterThan(before);

      before = walSyncs();
      const added = await shopCall(platform.url, 'PATCH', `/orders/${cart.body.tokenValue}/items`, {
        productVariant: sellable[round]!.code,
        quantity: 1,
      });
      expect(added.status).toBe(200);
      expect(walSyncs(), `item ${round}: no WAL fsync before the answer`).toBeGreaterThan(before);
    }
  });
});
