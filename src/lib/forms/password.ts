/**
 * Password forms: their schemas are the requests' (lib/shop-api/requests): a new password has 5 to 255
 * characters and must be typed twice the same; the change also asks for the current one.
 */
import type { z } from 'zod/mini';
import { changePasswordFields, changePasswordRequest } from '../shop-api/requests/customers.ts';
import { resetPasswordFields, resetPasswordRequest, resetRequest } from '../shop-api/requests/reset-password.ts';

export const changePasswordSchema = changePasswordRequest;
export type ChangePasswordBody = z.output<typeof changePasswordSchema>;
export const CHANGE_PASSWORD_FIELDS = Object.keys(changePasswordFields.shape);
export const emptyChangePassword = (): ChangePasswordBody => ({ currentPassword: '', newPassword: '', confirmNewPassword: '' });

export const resetPasswordSchema = resetPasswordRequest;
export type ResetPasswordBody = z.output<typeof resetPasswordSchema>;
export const RESET_PASSWORD_FIELDS = Object.keys(resetPasswordFields.shape);
export const emptyResetPassword = (): ResetPasswordBody => ({ newPassword: '', confirmNewPassword: '' });

/**
 * Whether a reset link's last segment can be a token the shop mailed (letters, digits, - and _, as the shop
 * API takes them): anything else is a dead link without asking.
 */
export const isResetToken = (text: string): boolean => /^[A-Za-z0-9_-]{1,128}$/.test(text);

/** "Forgot password": the e-mail the reset link is sent to (the locale is the page's). */
export const forgotPasswordSchema = resetRequest;

/**
 * The server's violation on the current password, whatever its code, reads "Le mot de passe fourni est
 * différent de celui en cours." (the only way that field fails once it is filled).
 */
const WRONG_CURRENT_PASSWORD = 'wrong_password';
export const CHANGE_PASSWORD_SERVER_CODES = { currentPassword: WRONG_CURRENT_PASSWORD } as const;
