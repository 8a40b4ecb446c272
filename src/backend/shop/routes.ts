/**
 * The shop API (SPEC §7), mounted at /api/v2/shop: a Sylius-style JSON-LD API for carts, customers,
 * sessions and addresses. Every answer, including every error, has the production API's shape; no input
 * can make it answer 500.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Database } from '../db/database.ts';
import { ShopProblem, badRequest, notFound, payloadTooLarge, serviceBusy } from './errors.ts';
import { readShopQuery, type ShopDeps, type ShopEnv } from './http.ts';
import { addressRoutes } from './addresses.ts';
import { authRoutes } from './auth.ts';
import { customerRoutes } from './customers.ts';
import { itemRoutes } from './items.ts';
import { orderRoutes } from './orders.ts';
import { resetPasswordRoutes } from './reset-password.ts';
import { jwtSecretFrom } from './tokens.ts';
import { clientAddress, trustedProxyHops } from './limits/client-address.ts';
import { createShopLimits } from './limits/store.ts';
import { serviceBusyMessage } from './messages.ts';
import { PasswordHashingBusy } from './passwords.ts';

export interface ShopOptions {
  /** Now; defaults to the real time. Tests pass fixed clocks for expiry and throttling. */
  clock?: () => Date;
  /** HS256 secret of the session tokens; defaults to env.JWT_SECRET, else a random one (with a warning). */
  jwtSecret?: string;
  /**
   * Environment for JWT_SECRET, the site addresses written in e-mails (SITE_URL_FR, SITE_URL_BE) and
   * TRUST_PROXY (how many proxies of ours add X-Forwarded-For in front of the platform; default none).
   */
  env?: Record<string, string | undefined>;
}

export const MAX_BODY_BYTES = 64 * 1024;

const problemResponse = (problem: ShopProblem) =>
  new Response(JSON.stringify(problem.body), { status: problem.status, headers: problem.headers });

export function shopRoutes(db: Database, options: ShopOptions = {}): Hono<ShopEnv> {
  const env = options.env ?? process.env;
  const trustedHops = trustedProxyHops(env);
  const deps: ShopDeps = {
    db, clock: options.clock ?? (() => new Date()), jwtSecret: options.jwtSecret ?? jwtSecretFrom(env), env, limits: createShopLimits(db),
  };
  const app = new Hono<ShopEnv>();

  app.use('*', bodyLimit({ maxSize: MAX_BODY_BYTES, onError: () => problemResponse(payloadTooLarge()) }));
  app.use('*', async (c, next) => {
    c.set('clientAddress', clientAddress(c, trustedHops));
    readShopQuery(c);
    await next();
  });

  app.route('/', orderRoutes(deps));
  app.route('/', itemRoutes(deps));
  app.route('/', customerRoutes(deps));
  app.route('/', authRoutes(deps));
  app.route('/', resetPasswordRoutes(deps));
  app.route('/', addressRoutes(deps));

  // The parent app's not-found handler would answer in its own shape: unknown shop paths end here.
  app.all('*', () => problemResponse(notFound()));
  app.onError((error, c) => {
    if (error instanceof ShopProblem) return problemResponse(error);
    // Registration, password change and reset hash too: a saturated hashing queue is a 503 there as well.
    if (error instanceof PasswordHashingBusy) return problemResponse(serviceBusy(serviceBusyMessage(c.get('lang') ?? 'fr'), error.retryAfterSeconds));
    // A malformed percent-escape in the path is the client's fault.
    if (error instanceof URIError) return problemResponse(badRequest('Malformed URL'));
    console.error(error);
    return new Response(JSON.stringify({ '@type': 'hydra:Error', 'hydra:title': 'An error occurred', 'hydra:description': 'Internal Server Error' }),
      { status: 500, headers: { 'Content-Type': 'application/ld+json; charset=utf-8' } });
  });
  return app;
}
