/**
 * GET /shop/media-authentication: ImageKit's upload authentication `{ token, expire, signature }` (the
 * signature is HMAC-SHA1 of token + expire under the private key, good for 60 seconds), for the pets'
 * photos. Only a signed-in customer gets one, and at most RATE_LIMITS.mediaAuthenticationCustomer of them:
 * each triple lets one file into the media service (ImageKit in production, the embedded one elsewhere).
 * The triple's token names the customer (media/signature.ts): the embedded service lets a customer's
 * signatures rotate or delete that customer's files only.
 */
import { Hono } from 'hono';
import { uploadAuthentication } from '../../media/signature.ts';
import { tooManyRequests } from '../shared/errors.ts';
import { tooManyRequestsMessage } from '../shared/messages.ts';
import type { ShopDeps, ShopEnv } from '../shared/deps.ts';
import { requireCustomer } from '../sessions/access.ts';

export function mediaAuthenticationRoutes(deps: ShopDeps): Hono<ShopEnv> {
  const { privateKey } = deps.config.media;
  const app = new Hono<ShopEnv>();

  app.get('/media-authentication', async (c) => {
    const customerId = await requireCustomer(c, deps);
    const limit = await deps.limits.mediaAuthenticationCustomer.consume(String(customerId));
    if (!limit.allowed)
      throw tooManyRequests(tooManyRequestsMessage(c.get('lang'), 'mediaAuthentication', limit.retryAfterSeconds), limit.retryAfterSeconds);
    // A triple is single-use and short-lived: no cache may keep or share it.
    return c.json(uploadAuthentication(privateKey, deps.clock(), customerId), 200, { 'Cache-Control': 'no-store' });
  });

  return app;
}
