/** Requests of a forgotten password: the reset link sent to an e-mail, then the new password typed twice. */
import '../../zod/jitless.ts';
import { z } from 'zod/mini';
import { always, confirmed, email, localeCode, newPassword, passwordConfirmation } from './fields.ts';

/** POST /shop/reset-password-requests: the link goes to this e-mail, in this locale. */
export const resetRequest = z.object({ email, localeCode: z.optional(localeCode) });
/** PATCH /shop/reset-password-requests/{token}. */
export const resetPasswordFields = z.object({ newPassword, confirmNewPassword: passwordConfirmation });
export const resetPasswordRequest = resetPasswordFields.check(z.superRefine(confirmed, always));
