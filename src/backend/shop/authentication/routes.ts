/**
 * POST /shop/authentication-token (login) and /shop/authentication-token/refresh, answering like
 * LexikJWT + the refresh-token bundle: { token, refresh_token, user, customer, cart }.
 * The body carries credentials, or a Google token with the captcha token of the login action (google.ts).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { isEmailAddress } from '../../../lib/shop-api/requests/email.ts';
import type { ChannelCode } from '../../../lib/channels.ts';
import { iri } from '../../../lib/shop-api/iri.ts';
import type { Authentication } from '../../../lib/shop-api/authentication.ts';
import { LIMITS } from '../../../lib/constants.ts';
import { badRequest, invalidCredentials, invalidRefreshToken, missingRefreshToken } from '../shared/errors.ts';
import { readJson } from '../shared/request.ts';
import type { ShopDeps, ShopEnv } from '../shared/deps.ts';
import { canonicalEmail } from '../shared/email.ts';
import { accountOf, type Account } from '../customers/repository.ts';
import { openCartOf } from '../carts/repository.ts';
import { issueAccessToken } from '../sessions/access.ts';
import { issueRefreshToken, rotateRefreshToken, type IssuedRefreshToken } from '../sessions/refresh.ts';
import { checkPassword } from './login.ts';
import { googleSignIn } from './google.ts';

/**
 * The answer of a login or a refresh: the session's access token (the one issued with the pair, if any) and
 * refresh token, and the customer's open cart on the site asking (a BE cart is never handed to the FR site).
 */
async function authentication(
  deps: ShopDeps,
  customer: Account,
  issued: IssuedRefreshToken,
  channel: ChannelCode,
): Promise<Authentication> {
  return {
    token: issued.accessToken ?? (await issueAccessToken(deps, customer, issued.session)),
    refresh_token: issued.refreshToken,
    user: { username: customer.email, verified: customer.verified },
    customer: iri.customer(customer.id),
    cart: await openCartOf(deps.db, customer.id, channel),
  };
}

const credentials = z.object({ email: z.string(), password: z.string() });
/** Ten kilobytes is far beyond any real Google ID token or captcha token. */
const googleCredentials = z.object({ googleToken: z.string().min(1).max(10_000), captchaToken: z.string().max(10_000).optional() });

export function authenticationRoutes(deps: ShopDeps): Hono<ShopEnv> {
  const { db } = deps;
  const app = new Hono<ShopEnv>();
  const signInWithGoogle = googleSignIn(deps, deps.config.signIn);

  app.post('/authentication-token', async (c) => {
    const body = await readJson(c);
    // A Google sign-in carries a token and no e-mail; credentials sent with an empty googleToken (null) are a password login.
    if (body.googleToken !== undefined && body.googleToken !== null && body.email === undefined) {
      const google = googleCredentials.safeParse(body);
      if (!google.success) throw badRequest('The key "googleToken" must be a non-empty string.');
      const user = await signInWithGoogle(google.data, { address: c.get('clientAddress'), lang: c.get('lang') });
      return c.json(await authentication(deps, user, await issueRefreshToken(db, deps, user.id), c.get('channel').code));
    }
    const parsed = credentials.safeParse(body);
    if (!parsed.success) throw badRequest(`The key "${typeof body.email === 'string' ? 'password' : 'email'}" must be provided.`);
    const { password } = parsed.data;
    const email = canonicalEmail(parsed.data.email);
    // Nothing that long or that malformed was ever registered: no need to count or hash it.
    if (
      !email ||
      email.length > LIMITS.email ||
      password.length > LIMITS.passwordMax ||
      !isEmailAddress(email) ||
      email.includes('\u0000')
    ) {
      throw invalidCredentials();
    }
    const user = await checkPassword(deps, { email, password, address: c.get('clientAddress'), lang: c.get('lang') });
    return c.json(await authentication(deps, user, await issueRefreshToken(db, deps, user.id), c.get('channel').code));
  });

  app.post('/authentication-token/refresh', async (c) => {
    const body = await readJson(c);
    const token = body.refresh_token;
    if (typeof token !== 'string' || !token) throw missingRefreshToken();
    if (token.length > 200 || token.includes('\u0000')) throw invalidRefreshToken();
    const rotation = await rotateRefreshToken(deps, token);
    if (!rotation.ok) throw invalidRefreshToken();
    const customer = await accountOf(db, rotation.customerId);
    if (!customer) throw invalidRefreshToken();
    // Within the grace window a repeated refresh gets the very pair the first one got (sessions/refresh.ts).
    return c.json(await authentication(deps, customer, rotation, c.get('channel').code));
  });

  return app;
}
