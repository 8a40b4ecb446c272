/**
 * Google one-click sign-in: the captcha of the login action, then the Google ID token (google/verify.ts),
 * then the account of the token's e-mail, made on the spot when there is none. Counted like password
 * sign-ins: each attempt takes one of the address's login tries (limits/policy.ts, loginAddress), and a
 * success gives it back, so a script cannot try tokens or captcha answers faster than passwords.
 */
import { Problem } from '../../problem.ts';
import type { SignInSettings } from '../../config/sign-in.ts';
import { GoogleKeysUnavailable, GoogleTokenRefused, googleTokenVerifier, type GoogleIdentity } from '../../google/verify.ts';
import { badGateway, badRequest, tooManyAttempts } from '../shared/errors.ts';
import type { ShopDeps } from '../shared/deps.ts';
import type { Language } from '../../../lib/channels.ts';
import { LIMITS } from '../../../lib/constants.ts';
import { googleSignInMessage, minutesOf, tooManyAttemptsMessage } from '../shared/messages.ts';
import { canonicalEmail } from '../shared/email.ts';
import { accountByEmail, createCustomer, isUniqueViolation, type Account } from '../customers/repository.ts';
import { revokeSessions } from '../sessions/repository.ts';
import { slowDownRefusal } from '../sessions/throttle.ts';
import { CaptchaUnavailable, captchaCheck } from './captcha.ts';

/**
 * Never a scrypt hash, so no password matches it (shared/passwords.ts): an account opened with Google
 * gets a password only through a reset link, which proves the mailbox again.
 */
const NO_PASSWORD = '!google';

/** The shop's refusal of a token, in the login's own shape ({ code, message }), in the shopper's language. */
const tokenRefused = (lang: Language) =>
  new Problem(401, { code: 401, message: googleSignInMessage(lang, 'token') }, { 'Content-Type': 'application/json; charset=utf-8' });

export function googleSignIn(deps: ShopDeps, settings: SignInSettings) {
  const verify = settings.google && googleTokenVerifier(settings.google);
  const captchaPassed = captchaCheck(settings.captcha);

  return async function signIn(
    { googleToken, captchaToken }: { googleToken: string; captchaToken?: string | undefined },
    { address, lang }: { address: string; lang: Language },
  ): Promise<Account> {
    if (!verify) throw badRequest(googleSignInMessage(lang, 'off'));
    const attempt = await deps.limits.loginAddress.consume(address);
    if (!attempt.allowed) {
      await slowDownRefusal();
      throw tooManyAttempts(tooManyAttemptsMessage(lang, minutesOf(attempt.retryAfterSeconds)), attempt.retryAfterSeconds);
    }
    let identity: GoogleIdentity;
    try {
      if (!(await captchaPassed(captchaToken, 'login', deps.clock()))) throw badRequest(googleSignInMessage(lang, 'captcha'));
      identity = await verify(googleToken, deps.clock());
    } catch (error) {
      if (error instanceof GoogleTokenRefused) throw tokenRefused(lang);
      if (error instanceof CaptchaUnavailable || error instanceof GoogleKeysUnavailable) {
        // Nothing was checked: the try is given back.
        console.error(error);
        await deps.limits.loginAddress.refund(address);
        throw badGateway(googleSignInMessage(lang, 'unavailable'));
      }
      throw error;
    }
    await deps.limits.loginAddress.refund(address);
    return accountOfGoogle(deps, identity, lang);
  };
}

/** The account of a Google identity, opened (verified, in the shopper's language) when there is none. */
async function accountOfGoogle(deps: ShopDeps, identity: GoogleIdentity, lang: Language): Promise<Account> {
  const email = canonicalEmail(identity.email);
  for (let attempt = 0; attempt < 2; attempt++) {
    const existing = await accountByEmail(deps.db, email);
    if (existing) {
      if (!existing.verified) await claimUnverified(deps, existing.id);
      return { id: existing.id, email: existing.email, verified: true };
    }
    try {
      const id = await deps.db.transaction(async (tx) => {
        const created = await createCustomer(tx, {
          email,
          emailCanonical: email,
          firstName: identity.givenName.slice(0, LIMITS.name),
          lastName: identity.familyName.slice(0, LIMITS.name),
          gender: null,
          birthday: null,
          subscribedToNewsletter: false,
          preferredLanguage: lang,
          passwordHash: NO_PASSWORD,
          now: deps.clock(),
        });
        // Google checked the mailbox (email_verified): the account is verified from the start.
        await tx.query('UPDATE shop.shop_users SET verified = true WHERE customer_id = $1', [created]);
        return created;
      });
      return { id, email, verified: true };
    } catch (error) {
      // Two first sign-ins of one e-mail at the same moment: the unique index decides, the other finds it.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error(`The account of ${email} was neither found nor created`);
}

/**
 * An account whose e-mail was never proven belongs to whoever proves it first. Someone who registered the
 * address before its owner (to wait for them) must not keep a way in: their password stops working and
 * their sessions end, and the owner, now proven by Google, is signed in.
 */
async function claimUnverified(deps: ShopDeps, customerId: number): Promise<void> {
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    await tx.query(
      'UPDATE shop.shop_users SET verified = true, password_hash = $2, password_changed_at = $3::timestamptz WHERE customer_id = $1',
      [customerId, NO_PASSWORD, now.toISOString()],
    );
    await revokeSessions(tx, customerId, now);
  });
}
