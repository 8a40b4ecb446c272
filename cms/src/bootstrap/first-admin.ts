/**
 * At a start on an empty database: the first admin account, a super admin, so editors can sign in without Strapi's
 * registration form. `npm run cms` (scripts/cms.ts) generates its password on the first start, keeps it in
 * cms/.data/admin-account.json, passes it here as CMS_FIRST_ADMIN_EMAIL and CMS_FIRST_ADMIN_PASSWORD, and prints it
 * once. Once any admin exists nothing is done: an editor may have changed the password, or made other accounts.
 */
import type { Core } from '@strapi/strapi';

/** What is used here of the admin's user and role services (@strapi/admin server/src/services). */
interface AdminUsers {
  exists(attributes?: Record<string, unknown>): Promise<boolean>;
  create(user: {
    email: string;
    firstname: string;
    lastname: string;
    password: string;
    registrationToken: null;
    isActive: boolean;
    roles: number[];
  }): Promise<unknown>;
}
interface AdminRoles {
  getSuperAdmin(): Promise<{ id: number } | null>;
}

export async function createFirstAdmin(strapi: Core.Strapi): Promise<void> {
  const email = process.env.CMS_FIRST_ADMIN_EMAIL;
  const password = process.env.CMS_FIRST_ADMIN_PASSWORD;
  if (!email || !password) return;
  const users = strapi.service('admin::user') as unknown as AdminUsers;
  if (await users.exists()) return;
  const superAdmin = await (strapi.service('admin::role') as unknown as AdminRoles).getSuperAdmin();
  if (!superAdmin) throw new Error('Strapi has no super admin role: its admin did not finish its first start.');
  await users.create({
    email,
    firstname: 'Maison Gamelle',
    lastname: 'Admin',
    password,
    registrationToken: null,
    isActive: true,
    roles: [superAdmin.id],
  });
  strapi.log.info(`First admin account created: ${email}.`);
}
