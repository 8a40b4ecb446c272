/**
 * The admin panel editors sign in to: the secret that signs their sessions, the salts of API tokens (the build's
 * read-only token among them) and transfer tokens, and the key that encrypts tokens at rest. All required in
 * production (src/environment.ts).
 */
import type { Core } from '@strapi/strapi';
import { secretOf } from '../src/environment';

export default ({ env }: Core.Config.Shared.ConfigParams) => ({
  auth: { secret: secretOf(env, 'ADMIN_JWT_SECRET') },
  apiToken: { salt: secretOf(env, 'API_TOKEN_SALT') },
  transfer: { token: { salt: secretOf(env, 'TRANSFER_TOKEN_SALT') } },
  secrets: { encryptionKey: secretOf(env, 'ENCRYPTION_KEY') },
  // `npm run cms -- --no-admin` (the contract test): the REST API alone, no panel built nor served.
  serveAdminPanel: env.bool('CMS_SERVE_ADMIN', true),
  // No survey nor enterprise offers in the editors' panel.
  flags: { nps: false, promoteEE: false },
});
