/**
 * A forgotten password (/shop/reset-password-requests): the calls that send the reset link to an e-mail,
 * ask whether a mailed link still works, then set the new password; the link's state as the API answers
 * it. The requests' rules are in requests/reset-password.ts.
 */
import '../zod/jitless.ts';
import { z } from 'zod/mini';
import type { LocaleCode } from '../channels.ts';
import type { HttpClient } from './http.ts';
import { SHOP_API_PREFIX } from './iri.ts';
import type { resetPasswordRequest } from './requests/reset-password.ts';

export type PasswordReset = z.input<typeof resetPasswordRequest>;

/**
 * GET /shop/reset-password-requests/{token}: whether a mailed link still works. A used, expired, replaced
 * or unknown link is `usable: false`, not an error: an old link in a mailbox is an ordinary thing.
 */
export const resetLinkState = z.object({ '@type': z.literal('ResetPasswordRequest'), usable: z.boolean() });

export function createResetPasswordClient(http: HttpClient) {
  const requests = `${SHOP_API_PREFIX}/reset-password-requests`;
  return {
    requestPasswordReset: (email: string, locale: LocaleCode = http.locale) =>
      http.post(requests, { body: { email, localeCode: locale }, auth: false }),
    /** Whether a mailed reset link still works. */
    checkResetLink: async (resetToken: string): Promise<boolean> =>
      (await http.get(`${requests}/${encodeURIComponent(resetToken)}`, { schema: resetLinkState, auth: false })).usable,
    resetPassword: (resetToken: string, reset: PasswordReset) =>
      http.patch(`${requests}/${encodeURIComponent(resetToken)}`, { body: reset, auth: false }),
  };
}
