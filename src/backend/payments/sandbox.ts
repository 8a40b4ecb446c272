/**
 * The payment sandbox: an embedded stand-in for Mollie's REST API v2, mounted by the platform at
 * /payments outside production, so that Mollie's own Node client works unchanged against
 * `…/payments/v2/` and production changes only the environment (MOLLIE_API_URL unset = Mollie).
 *
 *   POST   /v2/payments                       GET /v2/payments/:id        DELETE /v2/payments/:id
 *   GET    /v2/payments?from=&limit=          newest first, Mollie's cursor paging
 *   POST   /v2/payments/:id/refunds           GET /v2/payments/:id/refunds
 *   GET    /v2/payments/:id/refunds/:refundId
 *   POST   /v2/customers                      GET /v2/customers/:id
 *   GET    /v2/customers/:id/mandates         GET /v2/customers/:id/mandates/:mandateId
 *   POST   /components/card-tokens            the card form's tokenisation (CORS for the sites)
 *   GET    /sandbox/checkout/:id              hosted pages (approval, 3-D Secure, transfer instructions)
 *   POST   /sandbox/checkout/:id              a page's step, then back to the redirectUrl
 *   POST   /sandbox/payments/:id/settle       the operator marks a bank transfer received
 *
 * The API answers keys it knows (`Authorization: Bearer test_…`) and refuses others with Mollie's 401.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import type { Database } from '../db/database.ts';
import { Problem } from '../problem.ts';
import { customerService } from './customers.ts';
import { hostedPage } from './pages.ts';
import { paymentService } from './payments.ts';
import { refundService } from './refunds.ts';
import { webhookDispatcher, type WebhookDispatcher, type WebhookOptions } from './webhooks.ts';
import {
  HAL_JSON,
  customerResource,
  listResource,
  mandateResource,
  mollieError,
  paymentResource,
  refundResource,
  unauthorized,
  type Origins,
} from './wire.ts';

export interface SandboxOptions {
  /** Keys the API accepts (each test_…). */
  apiKeys: string[];
  /** Browser origins of the sites, allowed to post cards to the card-token endpoint. */
  siteOrigins: string[];
  /** Signs the webhook calls (X-Mollie-Signature). */
  webhookSecret?: string;
  clock?: () => Date;
  /** Where the sandbox is mounted on the platform. */
  basePath?: string;
  /** The sandbox's public address (https://platform.example/payments) when requests arrive through a proxy. */
  publicUrl?: string;
  webhooks?: Omit<WebhookOptions, 'secret'>;
}

export interface PaymentsSandbox {
  app: Hono;
  webhooks: WebhookDispatcher;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

export function paymentsSandbox(db: Database, options: SandboxOptions): PaymentsSandbox {
  const clock = options.clock ?? (() => new Date());
  const basePath = options.basePath ?? '/payments';
  const webhooks = webhookDispatcher(db, clock, { ...options.webhooks, secret: options.webhookSecret });
  const payments = paymentService(db, clock, webhooks);
  const customers = customerService(db, clock);
  const refunds = refundService(db, clock);
  const keyDigests = options.apiKeys.map(digest);

  const origins = (c: Context): Origins => {
    const root = options.publicUrl?.replace(/\/$/, '') ?? `${new URL(c.req.url).origin}${basePath}`;
    return { api: `${root}/v2`, pages: `${root}/sandbox` };
  };
  const hal = (c: Context, body: object, status: 200 | 201 = 200) => c.body(JSON.stringify(body), status, { 'Content-Type': HAL_JSON });

  const authenticated: MiddlewareHandler = async (c, next) => {
    const key = /^Bearer (\S+)$/.exec(c.req.header('Authorization') ?? '')?.[1];
    const given = key ? digest(key) : undefined;
    if (!given || !keyDigests.some((known) => timingSafeEqual(known, given))) throw unauthorized();
    await next();
  };

  const jsonBody = async (c: Context): Promise<unknown> => {
    const text = await c.req.text();
    if (!text.trim()) return {};
    try {
      return JSON.parse(text);
    } catch {
      throw mollieError(400, 'The request body is not valid JSON');
    }
  };

  const app = new Hono();
  app.use('/v2/*', authenticated);
  app.use('/sandbox/payments/*', authenticated);
  app.use('/components/*', cors({ origin: options.siteOrigins, allowMethods: ['POST'], allowHeaders: ['Content-Type'], maxAge: 600 }));

  app.post('/v2/payments', async (c) => {
    const row = await payments.create(await jsonBody(c), c.req.header('Idempotency-Key') || undefined);
    return hal(c, paymentResource(row, origins(c)), 201);
  });
  app.get('/v2/payments', async (c) => {
    const o = origins(c);
    const page = await payments.list(c.req.query());
    // Mollie's links carry the limit as well: a client follows them as they are.
    const href = (from?: string) => `${o.api}/payments?${new URLSearchParams({ ...(from ? { from } : {}), limit: String(page.limit) })}`;
    return hal(
      c,
      listResource(
        'payments',
        page.rows.map((row) => paymentResource(row, o)),
        href(page.from),
        { next: page.next && href(page.next), previous: page.previous && href(page.previous) },
      ),
    );
  });
  app.get('/v2/payments/:id', async (c) => hal(c, paymentResource(await payments.get(c.req.param('id')), origins(c))));
  app.delete('/v2/payments/:id', async (c) => hal(c, paymentResource(await payments.cancel(c.req.param('id')), origins(c))));
  app.post('/v2/payments/:id/refunds', async (c) => {
    const row = await refunds.create(c.req.param('id'), await jsonBody(c), c.req.header('Idempotency-Key') || undefined);
    return hal(c, refundResource(row, origins(c)), 201);
  });
  app.get('/v2/payments/:id/refunds', async (c) => {
    const id = c.req.param('id');
    const o = origins(c);
    return hal(
      c,
      listResource(
        'refunds',
        (await refunds.list(id)).map((row) => refundResource(row, o)),
        `${o.api}/payments/${id}/refunds`,
      ),
    );
  });
  app.get('/v2/payments/:id/refunds/:refundId', async (c) =>
    hal(c, refundResource(await refunds.get(c.req.param('id'), c.req.param('refundId')), origins(c))),
  );

  app.post('/v2/customers', async (c) => hal(c, customerResource(await customers.create(await jsonBody(c)), origins(c)), 201));
  app.get('/v2/customers/:id', async (c) => hal(c, customerResource(await customers.customer(c.req.param('id')), origins(c))));
  app.get('/v2/customers/:id/mandates', async (c) => {
    const id = c.req.param('id');
    const o = origins(c);
    return hal(
      c,
      listResource(
        'mandates',
        (await customers.mandates(id)).map((row) => mandateResource(row, o)),
        `${o.api}/customers/${id}/mandates`,
      ),
    );
  });
  app.get('/v2/customers/:id/mandates/:mandateId', async (c) =>
    hal(c, mandateResource(await customers.mandate(c.req.param('id'), c.req.param('mandateId')), origins(c))),
  );

  app.post('/components/card-tokens', async (c) => hal(c, await customers.tokenise(await jsonBody(c)), 201));

  app.get('/sandbox/checkout/:id', async (c) => {
    const page = hostedPage(await payments.get(c.req.param('id')));
    return c.body(page.html, 200, page.headers);
  });
  app.post('/sandbox/checkout/:id', async (c) => {
    const id = c.req.param('id');
    const action = String((await c.req.parseBody()).action ?? '');
    if (!['approve', 'cancel', 'confirm', 'fail'].includes(action)) throw mollieError(400, 'Unknown step', 'action');
    const page = `${basePath}/sandbox/checkout/${id}`;
    try {
      const row = await payments.step(id, action as 'approve' | 'cancel' | 'confirm' | 'fail');
      // Back to the shop, which then fetches the payment (the webhook may or may not have arrived yet).
      return c.redirect(row.redirect_url ?? page, 303);
    } catch (error) {
      // A second click, or a step on a payment that moved meanwhile: the page says where it stands.
      if (error instanceof Problem && error.status === 422) return c.redirect(page, 303);
      throw error;
    }
  });
  app.post('/sandbox/payments/:id/settle', async (c) =>
    hal(c, paymentResource(await payments.step(c.req.param('id'), 'settle'), origins(c))),
  );

  app.notFound(() => mollieError(404, 'The resource does not exist').toResponse());
  app.onError((error) => {
    if (error instanceof Problem) return error.toResponse();
    console.error('Payment sandbox:', error);
    return mollieError(500, 'An internal error occurred in the sandbox').toResponse();
  });
  return { app, webhooks };
}
