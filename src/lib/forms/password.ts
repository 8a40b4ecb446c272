/**
 * Passwords (SPEC §5): a new password has 5 to 255 characters and must be typed twice the same. The body
 * of PUT {customer}/password carries the three fields; the reset one carries the new password twice.
 */
import { z } from 'zod';
import { currentPassword, email, password, required } from './fields.ts';

const confirmed = <T extends { newPassword: string; confirmNewPassword: string }>(value: T, ctx: z.RefinementCtx) => {
  if (typeof value.confirmNewPassword === 'string' && value.confirmNewPassword !== '' && value.confirmNewPassword !== value.newPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmNewPassword'], message: 'mismatch' });
  }
};
const always = { when: () => true } as { when: () => boolean };

export const changePasswordFields = z.object({ currentPassword: currentPassword(), newPassword: password(), confirmNewPassword: z.string().min(1, required) });
export const changePasswordSchema = changePasswordFields.superRefine(confirmed, always);
export type ChangePasswordBody = z.output<typeof changePasswordSchema>;
export const CHANGE_PASSWORD_FIELDS = Object.keys(changePasswordFields.shape);
export const emptyChangePassword = (): ChangePasswordBody => ({ currentPassword: '', newPassword: '', confirmNewPassword: '' });

export const resetPasswordFields = z.object({ newPassword: password(), confirmNewPassword: z.string().min(1, required) });
export const resetPasswordSchema = resetPasswordFields.superRefine(confirmed, always);
export type ResetPasswordBody = z.output<typeof resetPasswordSchema>;
export const RESET_PASSWORD_FIELDS = Object.keys(resetPasswordFields.shape);
export const emptyResetPassword = (): ResetPasswordBody => ({ newPassword: '', confirmNewPassword: '' });

/** "Forgot password": the e-mail the reset link is sent to. */
export const forgotPasswordSchema = z.object({ email: email() });

/**
 * The server's violation on the current password, whatever its code, reads "Le mot de passe fourni est
 * différent de celui en cours." (the only way that field fails once it is filled).
 */
export const WRONG_CURRENT_PASSWORD = 'wrong_password';
export const CHANGE_PASSWORD_SERVER_CODES = { currentPassword: WRONG_CURRENT_PASSWORD } as const;
