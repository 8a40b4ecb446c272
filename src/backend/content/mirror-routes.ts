/**
 * The content source's webhook to the platform (`POST /catalogue/events`): Strapi sends it, registered by cms/ at
 * start beside the sites' publish receiver, with the same secret header. An event about the catalogue (a product,
 * a format, a category, a picture) runs the mirror (content/mirror.ts) and answers what it copied once copied, so
 * a sender, and a test, knows the carts have the change; any other event is answered 204.
 *
 * No age rule here, unlike the publish receiver's: an event sent again only makes the platform read the source
 * again, which is the truth at any time; and the secret keeps anyone else from making it read.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { sameSecret } from '../secrets.ts';
import { type CatalogueMirror, SourceUnreadable } from './mirror.ts';

/** The content types the platform copies (the models Strapi names in its events, cms/src/api/). */
const CATALOGUE_MODELS: readonly string[] = ['b2c-product', 'b2c-product-variant', 'b2c-category'];

/** Strapi 5's webhook body (src/lib/content/webhook.ts): what decides here is the event and its model. */
const sourceEvent = z.object({
  event: z.string().min(1).max(64),
  model: z.string().max(128).optional(),
});

export function catalogueMirrorRoutes(mirror: CatalogueMirror, webhookSecret: string): Hono {
  const app = new Hono();
  // A product's event carries the whole entry: its description may be long, never megabytes.
  app.use('/events', bodyLimit({ maxSize: 1024 * 1024, onError: (c) => c.json({ error: 'The event is too large' }, 413) }));
  app.post('/events', async (c) => {
    const given = c.req.header('authorization')?.replace(/^Bearer\s+/i, '') ?? '';
    if (!webhookSecret || !sameSecret(given, webhookSecret)) return c.json({ error: 'The secret is missing or wrong' }, 401);
    const parsed = sourceEvent.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return c.json({ error: `Not a content service event: ${z.prettifyError(parsed.error)}` }, 400);
    const { event, model } = parsed.data;
    const media = event.startsWith('media.');
    if (!media && !(event.startsWith('entry.') && model && CATALOGUE_MODELS.includes(model))) return c.body(null, 204);
    try {
      // A picture replaced at the source changes no entry's stamp: every product is read again.
      const report = await mirror.run({ full: media });
      return c.json({ ...report, skipped: report.skipped.length });
    } catch (error) {
      if (!(error instanceof SourceUnreadable)) throw error;
      return c.json({ error: `The content source could not be read: ${error.message}` }, 502);
    }
  });
  return app;
}
