/**
 * The password check of a login, throttled by account *and* client address (sessions/throttle.ts): the
 * account whose password was given, or a problem (401, 429, 503) once every counter is settled.
 */
import { Problem } from '../../problem.ts';
import { invalidCredentials, loginServiceBusy, tooManyAttempts } from '../shared/errors.ts';
import type { ShopDeps } from '../shared/deps.ts';
import type { Language } from '../../../lib/channels.ts';
import { loginBusyMessage, minutesOf, serviceBusyMessage, tooManyAttemptsMessage } from '../shared/messages.ts';
import { LOGIN_HASHING_PER_ADDRESS } from '../limits/policy.ts';
import { burnPasswordCheck, PasswordHashingBusy, passwordHashingWouldRefuse, verifyPassword } from '../shared/passwords.ts';
import { accountByEmail, type Account } from '../customers/repository.ts';
import { countLoginAttempt, slowDownRefusal, takeLoginSlot } from '../sessions/throttle.ts';

/** `email` is canonical and plausible; `address` is the client's (limits/client-address.ts). */
export async function checkPassword(
  deps: ShopDeps,
  { email, password, address, lang }: { email: string; password: string; address: string; lang: Language },
): Promise<Account> {
  // One login at a time per address (two more may wait): a burst from one address is turned away here,
  // before any query (sessions/throttle.ts).
  const release = await takeLoginSlot(address);
  if (!release) {
    await slowDownRefusal();
    throw tooManyAttempts(loginBusyMessage(lang), LOGIN_HASHING_PER_ADDRESS.busyRetryAfterSeconds);
  }
  let user: Awaited<ReturnType<typeof accountByEmail>> = null;
  let valid = false;
  try {
    user = await accountByEmail(deps.db, email);
    // An unknown e-mail can never sign in: its hash (which only keeps answer times alike) waits behind
    // every real one. Which e-mails have an account is no secret here: the lookup tells it. When hashing
    // is saturated such an attempt is refused before anything is counted or written.
    if (passwordHashingWouldRefuse(user ? 'normal' : 'low')) throw new PasswordHashingBusy();
    // Counted per account and address and per address before the hash: refused attempts never hash.
    const attempt = await countLoginAttempt(deps.limits, email, address);
    if (!attempt.allowed)
      throw tooManyAttempts(tooManyAttemptsMessage(lang, minutesOf(attempt.retryAfterSeconds)), attempt.retryAfterSeconds);
    try {
      if (user) valid = await verifyPassword(password, user.password_hash, attempt.priority);
      else await burnPasswordCheck(password, deps.passwordCost, 'low');
    } catch (error) {
      // Not checked (hashing saturated, database down): the attempt does not count.
      await attempt.cancelled();
      throw error;
    }
    if (user && valid) await attempt.succeeded();
  } catch (error) {
    release();
    if (error instanceof PasswordHashingBusy) {
      await slowDownRefusal();
      throw loginServiceBusy(serviceBusyMessage(lang), error.retryAfterSeconds);
    }
    if (error instanceof Problem && error.status === 429) await slowDownRefusal();
    throw error;
  }
  release();
  if (!user || !valid) throw invalidCredentials();
  return user;
}
