/**
 * The outbox, read by developers (GET /outbox, an HTML page) and by tests (GET /outbox.json). Both take
 * `?to=` (one recipient) and `?limit=` (1–200, 50 by default). It shows password reset links, so it exists
 * only outside production, is never readable from another origin (no CORS, and a browser's cross-origin
 * requests are refused outright), and never turns what a customer typed into a link.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { Database } from '../db/database.ts';
import { escapeHtml, linksOf, listMails, type OutboxQuery } from './outbox.ts';

const outboxQuery = z.object({
  to: z
    .string()
    .max(255)
    .refine((s) => !s.includes('\u0000'))
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

function readQuery(c: Context): OutboxQuery | null {
  const parsed = outboxQuery.safeParse({ to: c.req.query('to') || undefined, limit: c.req.query('limit') || undefined });
  return parsed.success ? parsed.data : null;
}

/** Sec-Fetch-Site is set by browsers only: a page of another origin (a site on another port included) is refused. */
const fromAnotherOrigin = (c: Context) => {
  const site = c.req.header('sec-fetch-site');
  return site !== undefined && site !== 'same-origin' && site !== 'none';
};

/**
 * The guard of the platform's tools for developers and tests (the outbox, the operator's endpoint): they
 * answer no browser page of another origin (and get no CORS grant), and their answers are never cached.
 */
export const ownOriginOnly =
  (refusal: string): MiddlewareHandler =>
  async (c, next) => {
    if (fromAnotherOrigin(c)) return c.json({ error: refusal }, 403);
    await next();
    c.header('Cache-Control', 'no-store');
    c.header('Cross-Origin-Resource-Policy', 'same-origin');
    c.header('X-Content-Type-Options', 'nosniff');
  };

export function outboxRoutes(db: Database): Hono {
  const app = new Hono();

  const guard = ownOriginOnly('The outbox is readable from its own origin only');
  app.use('/outbox', guard);
  app.use('/outbox.json', guard);

  app.get('/outbox.json', async (c) => {
    const query = readQuery(c);
    if (!query) return c.json({ error: 'Bad query: to is an e-mail, limit is 1 to 200' }, 400);
    return c.json({ mails: await listMails(db, query) });
  });

  app.get('/outbox', async (c) => {
    const query = readQuery(c);
    if (!query) return c.text('Bad query: to is an e-mail, limit is 1 to 200', 400);
    const mails = await listMails(db, query);
    const entries = mails
      .map(
        (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(m.to)}</strong> · <time datetime="${m.createdAt}">${m.createdAt}</time> · #${m.id}${m.sentAt ? ' · sent by SMTP' : ''}</p>
  <pre>${escapeHtml(m.text)}</pre>
  ${linksOf(m.html)
    .map((href) => `<p>Link: <a href="${escapeHtml(href)}">${escapeHtml(href)}</a></p>`)
    .join('')}
</article>`,
      )
      .join('\n');
    c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
    return c.html(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Outbox</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem}
article{border-top:1px solid #ccc;padding:.5rem 0}h2{font-size:1.1rem;margin:.5rem 0 0}.meta{color:#555;margin:0}
pre{white-space:pre-wrap;font:inherit}a{overflow-wrap:anywhere}</style></head>
<body><h1>Outbox</h1><p>Mails the embedded platform sent, newest first (${mails.length}). JSON: <a href="/outbox.json">/outbox.json</a>.</p>
${entries || '<p>No mail yet.</p>'}
</body></html>`);
  });
  return app;
}
