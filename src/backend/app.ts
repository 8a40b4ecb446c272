/**
 * The embedded platform: one HTTP app that speaks the production services' wire formats (the Sylius-style
 * shop API under /api/v2/shop, the Strapi-style content service under /content; docs/architecture.md).
 * Stateless apart from the database, so it scales out behind a load balancer.
 */
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { readFile } from 'node:fs/promises';
import type { Database } from './db/database.ts';
import { Problem } from './problem.ts';
import { contentRoutes } from './content/routes.ts';
import { unexpectedContentError } from './content/errors.ts';
import { shopRoutes, unexpectedShopError, type ShopOptions } from './shop/routes.ts';
import { shopCors } from './shop/shared/cors.ts';
import type { Language } from '../lib/channels.ts';
import { outboxRoutes } from './mail/routes.ts';
import { operatorRoutes } from './operator/routes.ts';
import { staffRoutes } from './operator/staff.ts';
import { relayRoutes, type RelayServiceOptions } from './relay/routes.ts';
import { mediaRoutes } from './media/routes.ts';
import { marketingRoutes } from './marketing/routes.ts';
import { readPlatformConfig, type PlatformConfig } from './config.ts';
import { webhookSender } from './content/editor/webhooks.ts';
import { routeRulesRoutes } from './content/route-rules.ts';
import { maintenanceRoutesOf } from '../lib/routes/maintenance.ts';
import { maintenanceRoutesNow } from './content/site-setting.ts';
import { searchRoutes } from './search/routes.ts';
import { embeddedGoogleRoutes } from './google/routes.ts';
import { embeddedCaptchaRoutes } from './google/captcha.ts';
import type { PaymentsSandbox } from './payments/sandbox.ts';
import type { CatalogueMirror } from './content/mirror.ts';
import { catalogueMirrorRoutes } from './content/mirror-routes.ts';
import { paymentProvider } from './shop/payments/provider.ts';

export interface PlatformOptions {
  db: Database;
  /** The platform's settings, read once at its start (platform.ts); read from the shop's environment when not given. */
  config?: PlatformConfig;
  /** Origins of the sites, allowed to call the platform from a browser. */
  siteOrigins: string[];
  /** Folder holding dist/<channel>/ of the static builds, for the build info. */
  distDir?: string;
  /** Clock, JWT secret and environment of the shop API. */
  shop?: ShopOptions;
  /**
   * The mail outbox page (/outbox, /outbox.json): on by default for the embedded platform, where it stands
   * in for the mailbox. It shows password-reset links, so a deployment reachable by others turns it off.
   */
  outbox?: boolean;
  /** The payment sandbox (Mollie's API v2) at /payments: given outside production only; its owner stops its webhooks. */
  paymentsSandbox?: PaymentsSandbox;
  /** The embedded relay-point carrier (Colissimo's wire format) at /relay: given outside production only. */
  relayService?: RelayServiceOptions;
  /** The copy of a content service of record (CONTENT_SOURCE_URL), and the secret its webhook carries: /catalogue/events. */
  catalogueMirror?: { mirror: CatalogueMirror; webhookSecret: string };
}

const SHOP_BASE = '/api/v2/shop';

export function createPlatform({
  db,
  config: given,
  siteOrigins,
  distDir = 'dist',
  shop = {},
  outbox = true,
  paymentsSandbox: sandbox,
  relayService,
  catalogueMirror,
}: PlatformOptions): Hono {
  const app = new Hono();
  // Browsers call only the shop API, and only from the sites: the content service is read by the builds,
  // and the outbox must never be readable from another origin, so neither gets CORS headers.
  app.use(
    '/api/*',
    shopCors({
      origin: siteOrigins,
      credentials: true,
      allowHeaders: ['Authorization', 'Content-Type', 'Accept'],
      allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      exposeHeaders: ['Retry-After', 'Location'],
      maxAge: 600,
    }),
  );

  // The product page's ration calculator and the guides ask the content service's nutrition calls from the
  // browser: those two read no session and write nothing, so the sites may call them (no credentials).
  for (const path of ['/content/b2c-rations/*', '/content/b2c-recommendation/*'])
    app.use(path, cors({ origin: siteOrigins, allowHeaders: ['Content-Type', 'Accept'], allowMethods: ['GET', 'POST'], maxAge: 600 }));

  const env = shop.env ?? process.env;
  const config = given ?? readPlatformConfig(env);
  const { signIn, search } = config;
  const clock = shop.clock ?? (() => new Date());
  app.get('/', (c) =>
    c.json({
      name: 'embedded platform',
      services: {
        content: '/content',
        shop: '/api/v2/shop',
        marketing: '/marketing',
        ...(search ? { search: '/1' } : {}),
        ...(relayService ? { relay: '/relay' } : {}),
        ...(signIn.google?.embedded ? { google: '/google' } : {}),
        ...(signIn.captcha.kind === 'embedded' ? { captcha: '/captcha' } : {}),
        ...(outbox ? { outbox: '/outbox' } : {}),
      },
    }),
  );
  app.get('/health', async (c) => {
    await db.query('SELECT 1');
    return c.json({ status: 'ok', database: db.driver });
  });
  // Editors write the content through the content service's editor API; each write is announced to the
  // publish receivers (CONTENT_WEBHOOK_URLS), which rebuild the sites.
  const editor = config.contentEditor;
  // Real time, not the demonstrations' clock: the receivers check the timestamp against their own.
  const webhooks = webhookSender({ urls: editor.webhookUrls, secret: editor.webhookSecret, clock: () => new Date() });
  app.route('/content', contentRoutes(db, '/content', { token: editor.token, webhooks }));
  if (catalogueMirror) app.route('/catalogue', catalogueMirrorRoutes(catalogueMirror.mirror, catalogueMirror.webhookSecret));
  // The search service, Algolia's protocol at Algolia's paths (search/routes.ts): the sites' browsers call
  // it with a public key and no cookie, so their origins get CORS without credentials.
  if (search) {
    app.use(
      '/1/*',
      cors({
        origin: siteOrigins,
        allowHeaders: ['Content-Type', 'Accept', 'X-Algolia-Application-Id', 'X-Algolia-API-Key'],
        allowMethods: ['GET', 'POST'],
        maxAge: 600,
      }),
    );
    app.route('/1', searchRoutes(db, { keys: search, refreshEveryMs: search.refreshEveryMs }));
  }
  app.route(SHOP_BASE, shopRoutes(db, { ...shop, config }));
  // The pets' photos, uploaded the ImageKit way (media/routes.ts): production's live at ImageKit itself,
  // so the embedded stand-in is mounted elsewhere only, like the payment sandbox.
  const { media } = config;
  if (media.embedded) app.route('/media', mediaRoutes(db, { keys: media, clock: shop.clock ?? (() => new Date()), siteOrigins }));
  // The marketing-event service: the sites send it their events with the shopper's credentials (production's
  // service keeps its own cookie), so it answers the sites' origins with credentials allowed.
  app.use(
    '/marketing/*',
    cors({ origin: siteOrigins, credentials: true, allowHeaders: ['Content-Type', 'Accept'], allowMethods: ['POST'], maxAge: 600 }),
  );
  app.route('/marketing', marketingRoutes(db, clock));
  if (relayService) app.route('/relay', relayRoutes(db, relayService));
  // Google sign-in and its captcha, offline (google/): the embedded stand-ins exist outside production only.
  if (signIn.google?.embedded) app.route('/google', embeddedGoogleRoutes({ clientId: signIn.google.clientId, siteOrigins, clock }));
  if (signIn.captcha.kind === 'embedded') app.route('/captcha', embeddedCaptchaRoutes({ siteOrigins, clock }));
  if (outbox) app.route('/', outboxRoutes(db));
  // Staff read the contact requests and their files wherever the shop runs, production included: each call
  // needs OPERATOR_TOKEN, and without one configured every call is refused.
  let provider = shop.payments;
  const payments = () => (provider ??= paymentProvider(config.payments));
  app.route('/', staffRoutes(db, { token: config.operatorToken, payments }));
  // Shipping an order for demos and end-to-end tests, on a platform that holds its PGlite folder: a tool
  // for developers like the outbox, so it exists exactly where the outbox does.
  if (outbox) app.route('/', operatorRoutes(db, { clock: shop.clock ?? (() => new Date()), env }));
  if (sandbox) app.route('/payments', sandbox.app);

  // The route rules of each channel's last build (the redirect a path leads to, if any) and the routes in
  // maintenance now: every page of the sites asks them as it loads, without credentials.
  app.use('/builds/*', cors({ origin: siteOrigins, allowHeaders: ['Accept'], allowMethods: ['GET'], maxAge: 600 }));
  app.route('/builds', routeRulesRoutes(distDir, maintenanceRoutesNow(db, maintenanceRoutesOf(env.MAINTENANCE_ROUTES))));
  // What each channel's last build published (the same file the CDN serves at /builds/latest.json).
  app.get('/builds/:channel/latest.json', async (c) => {
    const channel = c.req.param('channel').toLowerCase();
    if (!/^(fr|be)$/.test(channel)) return c.json({ error: 'Unknown channel' }, 404);
    try {
      return c.json(JSON.parse(await readFile(`${distDir}/${channel}/builds/latest.json`, 'utf8')));
    } catch {
      return c.json({ error: 'No build yet' }, 404);
    }
  });

  app.notFound((c) => c.json({ error: 'Not Found' }, 404));
  // The one error handler of the platform: handlers throw problems in their service's shape; anything
  // else is answered in the shape of the service whose path it is (the shop's under its prefix).
  app.onError((error, c) => {
    if (error instanceof Problem) return error.toResponse();
    const inShop = c.req.path === SHOP_BASE || c.req.path.startsWith(`${SHOP_BASE}/`);
    return (inShop ? unexpectedShopError(error, (c.var as { lang?: Language }).lang) : unexpectedContentError(error)).toResponse();
  });
  return app;
}
