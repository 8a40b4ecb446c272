/**
 * The content service's webhooks (Strapi 5's shape): after each editor write, `POST {"event","createdAt",
 * "model","uid","entry"}` to every configured receiver, `uid` being the one Strapi gives the same content type
 * (`api::<model>.<model>`), signed with the shared secret (src/lib/content/webhook.ts).
 * Delivery never holds up or fails the editor's call: it runs after the answer, each receiver has a few
 * seconds, and a failure is logged (the editor can publish again to retry).
 */
import { signedHeaders, type RebuildEvent } from '../../../lib/content/webhook.ts';

const DELIVERY_TIMEOUT_MS = 5000;

export interface WebhookSender {
  send(event: RebuildEvent, model: string, entry: Record<string, unknown>): void;
  /** Resolves when every delivery started so far has ended (tests, and a clean stop). */
  settled(): Promise<void>;
}

export function webhookSender(options: { urls: string[]; secret: string; clock: () => Date }): WebhookSender {
  const inFlight = new Set<Promise<void>>();
  const deliver = async (url: string, event: RebuildEvent, body: string): Promise<void> => {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: await signedHeaders(options.secret, event, body, options.clock()),
        body,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      if (!response.ok && response.status !== 202) console.error(`Webhook ${event} to ${url}: HTTP ${response.status}`);
      await response.body?.cancel();
    } catch (error) {
      console.error(`Webhook ${event} to ${url} failed: ${(error as Error).message}`);
    }
  };
  return {
    send(event, model, entry) {
      const body = JSON.stringify({ event, createdAt: options.clock().toISOString(), model, uid: `api::${model}.${model}`, entry });
      for (const url of options.urls) {
        const delivery = deliver(url, event, body).finally(() => inFlight.delete(delivery));
        inFlight.add(delivery);
      }
    },
    async settled() {
      await Promise.all([...inFlight]);
    },
  };
}
