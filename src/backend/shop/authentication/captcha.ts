/**
 * The captcha a Google sign-in must pass (the token the site got for the action "login"). In production
 * reCAPTCHA's siteverify checks it: a form POST of the shop's secret and the token, answered
 * `{ success, score, action, hostname, challenge_ts, "error-codes" }`; a token is taken when it succeeded,
 * was made for this action, and (v3) scored at least the configured minimum. Outside production the
 * embedded captcha's tokens are checked in the process (google/captcha.ts).
 */
import { z } from 'zod';
import type { CaptchaSettings } from '../../config/sign-in.ts';
import { embeddedCaptchaAction } from '../../google/captcha.ts';

/** reCAPTCHA could not be asked (network, an answer that is not its own): not the shopper's fault. */
export class CaptchaUnavailable extends Error {}

const siteverifyAnswer = z.object({
  success: z.boolean(),
  score: z.number().optional(),
  action: z.string().optional(),
  'error-codes': z.array(z.string()).optional(),
});

const SITEVERIFY_TIMEOUT_MS = 5000;
/** reCAPTCHA tokens are a few hundred to a few thousand characters. */
const MAX_TOKEN_LENGTH = 10_000;

export type CaptchaCheck = (token: string | undefined, action: string, now: Date) => Promise<boolean>;

export function captchaCheck(settings: CaptchaSettings, fetchImpl: typeof fetch = fetch): CaptchaCheck {
  if (settings.kind === 'off') return async () => true;
  if (settings.kind === 'embedded')
    return async (token, action, now) =>
      token !== undefined && token.length <= MAX_TOKEN_LENGTH && embeddedCaptchaAction(token, now) === action;
  return async (token, action) => {
    if (!token || token.length > MAX_TOKEN_LENGTH) return false;
    let answer: z.infer<typeof siteverifyAnswer>;
    try {
      const response = await fetchImpl(settings.verifyUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret: settings.secret, response: token }),
        signal: AbortSignal.timeout(SITEVERIFY_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`siteverify answered ${response.status}`);
      answer = siteverifyAnswer.parse(await response.json());
    } catch (error) {
      throw new CaptchaUnavailable('reCAPTCHA siteverify failed', { cause: error });
    }
    // A wrong secret is the shop's mistake, not the shopper's: said in the log, answered as unavailable.
    if (answer['error-codes']?.some((code) => code.endsWith('-input-secret')))
      throw new CaptchaUnavailable(`reCAPTCHA refused the shop's secret (${answer['error-codes'].join(', ')})`);
    if (!answer.success) return false;
    // A v2 key answers no action nor score; a v3 token made for another action (or by a bot) is refused.
    if (answer.action !== undefined && answer.action !== action) return false;
    return answer.score === undefined || answer.score >= settings.minScore;
  };
}
