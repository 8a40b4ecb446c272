/**
 * The first admin account of the local Strapi (`npm run cms`): its e-mail and a password generated on the first
 * start, kept in cms/.data/admin-account.json (gitignored, readable by its owner only) so a later start, or the
 * editor who lost it, finds it there. Strapi creates the account from it (cms/src/bootstrap/first-admin.ts); it is
 * printed once, on the start that created it.
 */
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { z } from 'zod';

const account = z.object({
  email: z.email(),
  password: z.string().min(8),
  /** Whether it was printed: a start prints it only while this is false. */
  shown: z.boolean(),
});
export type AdminAccount = z.infer<typeof account>;

export const FIRST_ADMIN_EMAIL = 'admin@maison-gamelle.test';

/**
 * Strapi's password rule for admins (@strapi/admin's validation): 8 characters or more, 73 bytes at most (bcrypt),
 * a lowercase letter, an uppercase letter and a digit.
 */
export const meetsStrapiPasswordRule = (password: string): boolean =>
  password.length >= 8 && Buffer.byteLength(password) <= 73 && /[a-z]/.test(password) && /[A-Z]/.test(password) && /\d/.test(password);

/** 24 random URL-safe characters (144 bits), drawn again in the rare case one class of characters is missing. */
export function newPassword(draw: () => string = () => randomBytes(18).toString('base64url')): string {
  for (;;) {
    const password = draw();
    if (meetsStrapiPasswordRule(password)) return password;
  }
}

/** The account kept at `path`, or a new one written there (owner-only) when there is none. */
export async function adminAccount(path: string): Promise<AdminAccount> {
  const kept = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (kept !== null) return account.parse(JSON.parse(kept));
  const created: AdminAccount = { email: FIRST_ADMIN_EMAIL, password: newPassword(), shown: false };
  await writeFile(path, `${JSON.stringify(created, null, 2)}\n`, { mode: 0o600 });
  return created;
}

export async function markShown(path: string, shown: AdminAccount): Promise<void> {
  await writeFile(path, `${JSON.stringify({ ...shown, shown: true }, null, 2)}\n`, { mode: 0o600 });
}
