/**
 * The one receiver of the content service's publish webhooks (Strapi 5's, with `Authorization: Bearer
 * <secret>`, or the embedded service's signed ones: src/lib/content/webhook.ts), as a fetch handler (a
 * Request in, a Response out), judged by ./judge.ts. A server, beside the build scripts it sets going:
 * `npm run webhook` and `npm start` serve it on this machine (scripts/webhook.ts), where `rebuild` queues a
 * local incremental build, and the Netlify function (netlify/functions/publish.ts) runs it in production,
 * where `rebuild` calls each concerned site's build hook. Its answers: 202 a build is asked for, 200 the
 * event was received before (nothing more), 204 nothing the sites show changed, 400 not a webhook of the
 * content service, 401 a missing or wrong secret or an event outside the age rule, 405, 413.
 */
import { EVENT_HEADER, SECRET_HEADER, SIGNATURE_HEADER, TIMESTAMP_HEADER } from '../../src/lib/content/webhook.ts';
import { judgeWebhook, type BuildChannel, type ReplayMemory } from './judge.ts';

/** Far more than any entry's event; a bigger body is not the content service's. */
const MAX_BODY_BYTES = 1_000_000;

export interface PublishReceiverOptions {
  secret: string;
  replays: ReplayMemory;
  rebuild: (channels: BuildChannel[], model: string) => Promise<void> | void;
  clock?: () => Date;
}

export function publishReceiver({ secret, replays, rebuild, clock = () => new Date() }: PublishReceiverOptions) {
  return async (request: Request): Promise<Response> => {
    if (request.method !== 'POST')
      return Response.json({ scheduled: false, reason: 'POST only' }, { status: 405, headers: { Allow: 'POST' } });
    if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY_BYTES)
      return Response.json({ scheduled: false, reason: 'Body too large' }, { status: 413 });
    const body = await request.text();
    if (body.length > MAX_BODY_BYTES) return Response.json({ scheduled: false, reason: 'Body too large' }, { status: 413 });
    const verdict = await judgeWebhook(
      {
        event: request.headers.get(EVENT_HEADER),
        signature: request.headers.get(SIGNATURE_HEADER),
        timestamp: request.headers.get(TIMESTAMP_HEADER),
        authorization: request.headers.get(SECRET_HEADER),
        body,
      },
      { secret, now: clock(), replays },
    );
    if (!verdict.rebuild) {
      if (verdict.status === 401) console.warn(`Publish webhook refused: ${verdict.reason}`);
      // Said in the log, as a 204 has no body: why an editor's event built nothing.
      if (verdict.status === 204) {
        console.info(`Publish webhook: nothing to build (${verdict.reason})`);
        return new Response(null, { status: 204 });
      }
      return Response.json({ scheduled: false, reason: verdict.reason }, { status: verdict.status });
    }
    await rebuild(verdict.channels, verdict.model);
    return Response.json({ scheduled: true, channels: verdict.channels }, { status: 202 });
  };
}
