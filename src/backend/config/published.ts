/**
 * The values this repository publishes for the embedded services and the sandboxes (README, source): the
 * defaults outside production, and what production refuses as a secret wherever it is given.
 */
import { SANDBOX_ACCOUNT } from '../relay/routes.ts';
import { EMBEDDED_CAPTCHA_SITE_KEY, EMBEDDED_GOOGLE_CLIENT_ID } from '../../lib/captcha/embedded.ts';
import { EMBEDDED_SEARCH } from '../../lib/search/hosts.ts';

/**
 * The key and webhook secret of the embedded sandbox when none is configured: published in the README,
 * worthless anywhere else (the sandbox moves no money and production refuses test keys).
 */
export const SANDBOX_API_KEY = 'test_MaisonGamelleSandbox000000000000';
export const SANDBOX_WEBHOOK_SECRET = 'sandbox-webhook-secret-for-local-use-only';
/** The embedded media service's keys when none is configured: published, and refused in production (no default there). */
export const EMBEDDED_MEDIA_KEYS = { privateKey: 'private_embedded_media_key', publicKey: 'public_embedded_media_key' };
/** Published in the README, never used in production: they only guard a laptop's own content. */
export const LOCAL_CONTENT_EDITOR_TOKEN = 'local-content-editor-token';
export const LOCAL_WEBHOOK_SECRET = 'local-webhook-secret';

/**
 * Every value this repository publishes for the embedded services and the sandboxes (README, source): in
 * production no secret may be one of them, whichever variable it is given to (checks.ts).
 */
export const publishedValues = (): readonly string[] => [
  SANDBOX_API_KEY,
  SANDBOX_WEBHOOK_SECRET,
  EMBEDDED_MEDIA_KEYS.privateKey,
  EMBEDDED_MEDIA_KEYS.publicKey,
  LOCAL_CONTENT_EDITOR_TOKEN,
  LOCAL_WEBHOOK_SECRET,
  SANDBOX_ACCOUNT.password,
  EMBEDDED_SEARCH.apiKey,
  EMBEDDED_GOOGLE_CLIENT_ID,
  EMBEDDED_CAPTCHA_SITE_KEY,
];
