/**
 * The shop API, mounted at /api/v2/shop: a Sylius-style JSON-LD API for carts, customers,
 * sessions and addresses. Every answer, including every error, has the production API's shape; no input
 * can make it answer 500. Handlers throw problems (shared/errors.ts); the platform's error handler
 * answers them, and `unexpectedShopError` anything else thrown under this prefix.
 */
import { Hono } from 'hono';
import type { Database } from '../db/database.ts';
import { Problem } from '../problem.ts';
import { badRequest, LD_JSON, notFound, payloadTooLarge, serviceBusy } from './shared/errors.ts';
import { readShopQuery } from './shared/request.ts';
import { shopBodyLimit } from './shared/body-limit.ts';
import type { ShopDeps, ShopEnv } from './shared/deps.ts';
import type { Language } from '../../lib/channels.ts';
import { serviceBusyMessage } from './shared/messages.ts';
import { clientAddress } from './limits/client-address.ts';
import { trustedProxyHops } from '../config/proxies.ts';
import { createShopLimits, type RateLimitOverrides } from './limits/store.ts';
import { PasswordHashingBusy } from './shared/passwords.ts';
import { jwtSecretFrom } from './sessions/access.ts';
import { readPlatformConfig, type PlatformConfig } from '../config.ts';
import { addressRoutes } from './addresses/routes.ts';
import { authenticationRoutes } from './authentication/routes.ts';
import { cartRoutes } from './carts/routes.ts';
import { couponRoutes } from './carts/coupons.ts';
import { itemRoutes } from './carts/items.ts';
import { customerRoutes } from './customers/routes.ts';
import { resetPasswordRoutes } from './reset-password/routes.ts';
import { checkoutRoutes } from './checkout/routes.ts';
import { paymentRequestRoutes } from './checkout/payment-requests.ts';
import { PAID_ORDER_EFFECTS } from './paid-order.ts';
import { paymentProvider, type PaymentProvider } from './payments/provider.ts';
import type { PaymentFaults } from './orders/payments.ts';
import { orderRoutes } from './orders/routes.ts';
import { invoiceRoutes } from './invoices/routes.ts';
import { embeddedRelayPoints, type RelayPointLookup } from './shipping/relay-points.ts';
import { relayPointRoutes } from './shipping/routes.ts';
import { subscriptionRoutes } from './subscriptions/routes.ts';
import { animalRoutes } from './animals/routes.ts';
import { mediaAuthenticationRoutes } from './media/routes.ts';
import { newsletterRoutes } from './newsletter/routes.ts';
import { CONTACT_BODY_MAX_BYTES, contactRoutes } from './contact/routes.ts';
import { sponsorshipRoutes } from './sponsorships/routes.ts';

export interface ShopOptions {
  /** The platform's settings, read once at its start; read from `env` when not given. */
  config?: PlatformConfig;
  /** Now; defaults to the real time. Tests pass fixed clocks for expiry and throttling. */
  clock?: () => Date;
  /** HS256 secret of the session tokens; defaults to env.JWT_SECRET, else a random one (with a warning). */
  jwtSecret?: string;
  /**
   * Environment for JWT_SECRET, the site addresses written in e-mails (SITE_URL_FR, SITE_URL_BE) and
   * TRUST_PROXY (how many proxies of ours add X-Forwarded-For in front of the platform; default none),
   * PASSWORD_HASH_COST (config.ts: `test` for test suites' cheap hashes).
   */
  env?: Record<string, string | undefined>;
  /** Finds the relay point a shipment names; defaults to the embedded relay-point service's points. */
  relayPoints?: RelayPointLookup;
  /** The payment provider (Mollie); defaults to the one the environment names (MOLLIE_*), the embedded sandbox outside production. */
  payments?: PaymentProvider;
  /**
   * Rate limits other than limits/policy.ts's, by name: for the end-to-end suite, whose browser is one
   * client address for hundreds of shoppers (tests/e2e/servers.ts). Production passes none.
   */
  rateLimits?: RateLimitOverrides;
  /** Tests only: where the payment path "crashes" (orders/payments.ts PaymentFaults). */
  paymentFaults?: PaymentFaults;
}

const MAX_BODY_BYTES = 64 * 1024;

export function shopRoutes(db: Database, options: ShopOptions = {}): Hono<ShopEnv> {
  const env = options.env ?? process.env;
  const config = options.config ?? readPlatformConfig(env);
  const trustedHops = trustedProxyHops(env);
  let provider = options.payments;
  const deps: ShopDeps = {
    db,
    clock: options.clock ?? (() => new Date()),
    jwtSecret: options.jwtSecret ?? jwtSecretFrom(env),
    env,
    limits: createShopLimits(db, options.rateLimits),
    passwordCost: config.passwordCost,
    config,
    payments: () => (provider ??= paymentProvider(config.payments)),
  };
  const app = new Hono<ShopEnv>();

  // A contact request carries files: it alone may weigh more (contact/routes.ts checks each file).
  const smallBody = shopBodyLimit(MAX_BODY_BYTES, () => payloadTooLarge().toResponse());
  const contactBody = shopBodyLimit(CONTACT_BODY_MAX_BYTES, () => payloadTooLarge().toResponse());
  app.use('*', (c, next) => (c.req.method === 'POST' && c.req.path.endsWith('/contact-requests') ? contactBody : smallBody)(c, next));
  app.use('*', async (c, next) => {
    c.set('clientAddress', clientAddress(c, trustedHops));
    readShopQuery(c);
    await next();
  });

  app.route('/', cartRoutes(deps));
  app.route('/', itemRoutes(deps));
  app.route('/', couponRoutes(deps));
  app.route('/', customerRoutes(deps));
  app.route('/', authenticationRoutes(deps));
  app.route('/', resetPasswordRoutes(deps));
  app.route('/', addressRoutes(deps));
  app.route('/', orderRoutes(deps));
  app.route('/', invoiceRoutes(deps));
  app.route('/', relayPointRoutes(deps));
  app.route('/', checkoutRoutes(deps, options.relayPoints ?? embeddedRelayPoints()));
  app.route('/', paymentRequestRoutes(deps, { faults: options.paymentFaults, afterPaid: PAID_ORDER_EFFECTS }));
  app.route('/', subscriptionRoutes(deps, options.relayPoints ?? embeddedRelayPoints()));
  app.route('/', animalRoutes(deps));
  app.route('/', mediaAuthenticationRoutes(deps));
  app.route('/', newsletterRoutes(deps));
  app.route('/', contactRoutes(deps));
  app.route('/', sponsorshipRoutes(deps));

  // The parent app's not-found handler would answer in its own shape: unknown shop paths end here.
  app.all('*', () => {
    throw notFound();
  });
  return app;
}

/**
 * What the shop answers for an error no handler turned into a problem: registration, password change and
 * reset hash too, so a saturated hashing queue is a 503 there as well; a malformed percent-escape in the
 * path is the client's fault; anything else is ours, logged and answered without details.
 */
export function unexpectedShopError(error: unknown, lang: Language = 'fr'): Problem {
  if (error instanceof PasswordHashingBusy) return serviceBusy(serviceBusyMessage(lang), error.retryAfterSeconds);
  if (error instanceof URIError) return badRequest('Malformed URL');
  console.error(error);
  return new Problem(
    500,
    { '@type': 'hydra:Error', 'hydra:title': 'An error occurred', 'hydra:description': 'Internal Server Error' },
    { 'Content-Type': LD_JSON },
  );
}
