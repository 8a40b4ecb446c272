/**
 * Newsletter sign-up with double opt-in: POST /shop/newsletter-subscriptions mails a confirmation link
 * (always 202, so the call tells nothing about who is signed up); PATCH /shop/newsletter-subscriptions/{token}
 * confirms it. Links are stored as digests of their tokens, expire after SIGN_UP_TOKEN_TTL_DAYS and work
 * once; a new request replaces the pending link.
 *
 * The 5 € first-order offer: confirming gives a new customer (an e-mail without an account, or whose
 * account has no completed order) a personal single-use code, mailed and named in the answer, once per
 * e-mail ever. Registering with the newsletter box ticked starts the same sign-up (customers/routes.ts).
 */
import { Hono } from 'hono';
import { channelOf, languageOf, siteUrlOf, type LocaleCode } from '../../../lib/channels.ts';
import { pathTo } from '../../../lib/routes/paths.ts';
import { newsletterRequest } from '../../../lib/shop-api/requests/newsletter.ts';
import type { Queryable } from '../../db/database.ts';
import { sendMail } from '../../mail/outbox.ts';
import { notFound, refuse, tooManyRequests } from '../shared/errors.ts';
import { ld, parseBody } from '../shared/request.ts';
import { tokenParam } from '../shared/ids.ts';
import type { ShopDeps, ShopEnv } from '../shared/deps.ts';
import { tooManyRequestsMessage } from '../shared/messages.ts';
import { digest, randomToken, readableCode } from '../shared/random.ts';
import { countAll, emailKey } from '../limits/store.ts';
import { canonicalEmail } from '../shared/email.ts';
import { confirmationMail, welcomeCouponMail } from '../../mail/templates/newsletter.ts';
import { accountOf, confirmSignUp, findPendingSignUp, giveWelcomeCoupon, requestSignUp, WELCOME_OFFER_MODEL } from './repository.ts';

const SIGN_UP_TOKEN_TTL_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

const answer = (body: {
  confirmed: boolean;
  email?: string;
  welcomeCoupon?: { code: string; amount: number; hasAccount: boolean } | null;
}) => ({
  '@context': '/api/v2/contexts/NewsletterSubscription',
  '@type': 'NewsletterSubscription',
  ...body,
});

/**
 * Asks for a sign-up and mails its confirmation link, in the caller's transaction (the mail exists exactly
 * when the sign-up does). Nothing is mailed to an e-mail already confirmed.
 */
export async function startNewsletterSignUp(
  tx: Queryable,
  context: { env: Record<string, string | undefined>; now: Date },
  signUp: { email: string; locale: LocaleCode },
): Promise<void> {
  const token = randomToken(32);
  const state = await requestSignUp(tx, {
    email: signUp.email.trim(),
    canonical: canonicalEmail(signUp.email),
    locale: signUp.locale,
    tokenHash: digest(token),
    now: context.now,
    expiresAt: new Date(context.now.getTime() + SIGN_UP_TOKEN_TTL_DAYS * DAY_MS),
  });
  if (state === 'confirmed') return;
  const link = `${siteUrlOf(channelOf(signUp.locale).code, context.env)}${pathTo('newsletter', signUp.locale)}?confirmation=${token}`;
  await sendMail(tx, confirmationMail(languageOf(signUp.locale), signUp.email.trim(), link, SIGN_UP_TOKEN_TTL_DAYS), context.now);
}

export function newsletterRoutes(deps: ShopDeps): Hono<ShopEnv> {
  const { db } = deps;
  const app = new Hono<ShopEnv>();

  app.post('/newsletter-subscriptions', async (c) => {
    const body = await parseBody(c, newsletterRequest);
    // Counted for every e-mail, signed up or not, so a 429 tells nothing about who is on the list.
    const limit = await countAll([
      [deps.limits.newsletterAddress, c.get('clientAddress')],
      [deps.limits.newsletterEmail, emailKey(canonicalEmail(body.email))],
    ]);
    if (!limit.allowed)
      throw tooManyRequests(tooManyRequestsMessage(c.get('lang'), 'newsletter', limit.retryAfterSeconds), limit.retryAfterSeconds);
    const now = deps.clock();
    await db.transaction((tx) =>
      startNewsletterSignUp(tx, { env: deps.env, now }, { email: body.email, locale: body.localeCode ?? c.get('locale') }),
    );
    return ld(c, answer({ confirmed: false }), 202);
  });

  app.patch('/newsletter-subscriptions/:token', async (c) => {
    const tokenHash = digest(tokenParam(c));
    const now = deps.clock();
    const confirmed = await db.transaction(async (tx) => {
      const subscriber = await findPendingSignUp(tx, tokenHash, now);
      if (!subscriber) return null;
      if (subscriber.expired) return 'expired' as const;
      await confirmSignUp(tx, subscriber, now);
      const account = await accountOf(tx, subscriber.email_canonical);
      if (account?.ordered) return { subscriber, coupon: null, account };
      const coupon = await giveWelcomeCoupon(tx, subscriber, {
        code: readableCode(WELCOME_OFFER_MODEL),
        customerId: account?.id ?? null,
        now,
      });
      if (coupon) {
        const locale = subscriber.locale_code;
        const href = siteUrlOf(channelOf(locale).code, deps.env) + pathTo(account ? 'account' : 'register', locale);
        await sendMail(tx, welcomeCouponMail(languageOf(locale), subscriber.email, coupon, { exists: account !== null, href }), now);
      }
      return { subscriber, coupon, account };
    });
    if (confirmed === null) throw notFound();
    if (confirmed === 'expired') throw refuse(c.get('lang'), { path: 'token', code: 'SIGN_UP_LINK_EXPIRED' });
    const { subscriber, coupon, account } = confirmed;
    return ld(
      c,
      answer({ confirmed: true, email: subscriber.email, welcomeCoupon: coupon && { ...coupon, hasAccount: account !== null } }),
    );
  });

  return app;
}
