/**
 * Publishing: the content service's editor API and the webhooks it sends, the content service of record the
 * catalogue is copied from, and the publish receiver that rebuilds the sites (scripts/publish, the Netlify
 * functions). They share WEBHOOK_SECRET.
 */
import { channelCodes } from '../../lib/channels.ts';
import { checkSecret, ConfigError, type Env, isProduction, isUrl, MAKE_A_SECRET, MIN_SHARED_SECRET_LENGTH, readAlone } from './checks.ts';
import { LOCAL_CONTENT_EDITOR_TOKEN, LOCAL_WEBHOOK_SECRET } from './published.ts';

/**
 * The content service's editor API and its publish webhooks: editors call it with CONTENT_EDITOR_TOKEN,
 * and each write is POSTed to every CONTENT_WEBHOOK_URLS, signed with WEBHOOK_SECRET (the receivers'
 * shared secret). Outside production both secrets have published local defaults. Production has none:
 * without a token there the editor API refuses every call (production's content service is Strapi itself).
 */
export interface ContentEditorSettings {
  /** Undefined: every editor call is refused. */
  token?: string;
  webhookUrls: string[];
  webhookSecret: string;
}

export function readContentEditor(env: Env, production: boolean, problems: string[]): ContentEditorSettings {
  const token = env.CONTENT_EDITOR_TOKEN || undefined;
  const webhookSecret = env.WEBHOOK_SECRET || undefined;
  const webhookUrls = (env.CONTENT_WEBHOOK_URLS ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
  for (const url of webhookUrls)
    if (!isUrl(url, production ? ['https:'] : ['http:', 'https:']))
      problems.push(`CONTENT_WEBHOOK_URLS may only name ${production ? 'https://' : 'http(s)://'} receivers (not ${url}).`);
  if (!production) return { token: token ?? LOCAL_CONTENT_EDITOR_TOKEN, webhookUrls, webhookSecret: webhookSecret ?? LOCAL_WEBHOOK_SECRET };
  if (token)
    checkSecret(problems, 'CONTENT_EDITOR_TOKEN', token, {
      minLength: MIN_SHARED_SECRET_LENGTH,
      guards: 'editors write the catalogue with it',
    });
  if (webhookUrls.length && !webhookSecret)
    problems.push(
      `WEBHOOK_SECRET is not set: the publish webhooks to CONTENT_WEBHOOK_URLS are signed with it (at least ${MIN_SHARED_SECRET_LENGTH} characters, ${MAKE_A_SECRET}).`,
    );
  else if (webhookSecret) checkWebhookSecret(problems, webhookSecret);
  return { token, webhookUrls, webhookSecret: webhookSecret ?? '' };
}

/**
 * The content service of record, when it is not the embedded one (Strapi in production): the platform copies its
 * catalogue into its own tables (content/mirror.ts) at start, on its webhook, and every CONTENT_SOURCE_POLL_SECONDS.
 * CONTENT_SOURCE_URL is where the sites' builds read it (the same as their CONTENT_API_URL), CONTENT_SOURCE_TOKEN
 * the read-only token they read with. Its webhook carries WEBHOOK_SECRET, as the publish receiver's does.
 */
export interface ContentSourceSettings {
  url: string;
  token?: string;
  pollMs: number;
  /** What the source's webhook must carry (`Authorization: Bearer …`): WEBHOOK_SECRET, the publish receiver's. */
  webhookSecret: string;
}

export function readContentSource(env: Env, production: boolean, problems: string[], webhookSecret: string): ContentSourceSettings | null {
  const url = env.CONTENT_SOURCE_URL || undefined;
  const seconds = Number(env.CONTENT_SOURCE_POLL_SECONDS || 300);
  if (!Number.isInteger(seconds) || seconds < 10 || seconds > 86_400)
    problems.push('CONTENT_SOURCE_POLL_SECONDS must be a whole number of seconds from 10 to 86400 (one day).');
  if (!url) return null;
  // The catalogue's prices come from there: in production never over plain HTTP, where anyone on the way could change them.
  if (!isUrl(url, production ? ['https:'] : ['http:', 'https:']))
    problems.push(`CONTENT_SOURCE_URL must be an ${production ? 'https://' : 'http(s)://'} URL (it is ${url}).`);
  if (!webhookSecret)
    problems.push(
      `WEBHOOK_SECRET is not set: the content source's webhook to /catalogue/events carries it (at least ${MIN_SHARED_SECRET_LENGTH} characters, ${MAKE_A_SECRET}).`,
    );
  return { url, token: env.CONTENT_SOURCE_TOKEN || undefined, pollMs: seconds * 1000, webhookSecret };
}

/** The secret the content service's publish webhooks carry (Strapi) or are signed with (the embedded service), the same on the receivers. */
const checkWebhookSecret = (problems: string[], secret: string) =>
  checkSecret(problems, 'WEBHOOK_SECRET', secret, {
    minLength: MIN_SHARED_SECRET_LENGTH,
    guards: 'whoever knows it can trigger rebuilds of the sites',
  });

/** The editor API's settings alone, for the content service's mount. */
export const readContentEditorSettings = (env: Env): ContentEditorSettings => readAlone(env, readContentEditor);

/**
 * The publish receiver's settings (scripts/publish/receiver.ts): the shared WEBHOOK_SECRET every
 * event must carry (Strapi's as `Authorization: Bearer <secret>`, the embedded service's as the key of its
 * signature), and the Netlify build hooks it calls (NETLIFY_BUILD_HOOK_FR / _BE) when it
 * runs as the Netlify function; without hooks it rebuilds on this machine, once events have stopped for
 * WEBHOOK_QUIET_MS. Production has no default secret.
 */
export interface WebhookSettings {
  secret: string;
  buildHooks: Partial<Record<'fr' | 'be', string>>;
  quietMs: number;
  /**
   * The channels a local receiver builds (PUBLISH_CHANNELS, both by default): one alone is a channel's own site, as
   * Netlify builds it on a machine of its own (the benchmark's "one channel alone", scripts/bench/publish.ts).
   */
  channels: Array<'fr' | 'be'>;
}

/**
 * A quarter of a second without events before a local rebuild: the events of one burst (a bulk publish, a
 * script) come within milliseconds of each other, and every moment waited adds to the editor's
 * publish-to-visible time. Events arriving during a build schedule exactly one more, so a slower burst
 * still costs two builds at most.
 */
export const DEFAULT_WEBHOOK_QUIET_MS = 250;

export function readWebhookConfig(env: Env): WebhookSettings {
  const problems: string[] = [];
  const production = isProduction(env);
  const buildHooks: WebhookSettings['buildHooks'] = {};
  for (const code of ['fr', 'be'] as const) {
    const hook = env[`NETLIFY_BUILD_HOOK_${code.toUpperCase()}`] || undefined;
    if (!hook) continue;
    if (isUrl(hook, ['https:'])) buildHooks[code] = hook;
    else problems.push(`NETLIFY_BUILD_HOOK_${code.toUpperCase()} must be the https:// build hook of the ${code.toUpperCase()} site.`);
  }
  const quietMs = Number(env.WEBHOOK_QUIET_MS || DEFAULT_WEBHOOK_QUIET_MS);
  if (!Number.isInteger(quietMs) || quietMs < 0 || quietMs > 60_000)
    problems.push('WEBHOOK_QUIET_MS must be a whole number of milliseconds from 0 to 60000 (a minute).');
  const channels = (env.PUBLISH_CHANNELS || 'fr,be').split(',').map((code) => code.trim().toLowerCase());
  if (!channels.every((code): code is 'fr' | 'be' => code === 'fr' || code === 'be'))
    problems.push('PUBLISH_CHANNELS must name fr, be or both, comma-separated.');
  if (production) {
    if (!env.WEBHOOK_SECRET)
      problems.push(
        `WEBHOOK_SECRET is not set: without it anyone could trigger rebuilds. Give the content service and this receiver the same random secret of at least ${MIN_SHARED_SECRET_LENGTH} characters (${MAKE_A_SECRET}); Strapi's webhook sends it as the header Authorization: Bearer <secret>.`,
      );
    else checkWebhookSecret(problems, env.WEBHOOK_SECRET);
    // Rebuilding here (no build hooks) writes the site addresses into every page.
    if (!buildHooks.fr && !buildHooks.be)
      for (const code of channelCodes) {
        const value = env[`SITE_URL_${code}`];
        if (!value || !isUrl(value, ['https:']))
          problems.push(`SITE_URL_${code} must be the https:// address of the ${code} site (the builds write it into every page).`);
      }
  }
  if (problems.length) throw new ConfigError(problems);
  return { secret: env.WEBHOOK_SECRET || LOCAL_WEBHOOK_SECRET, buildHooks, quietMs, channels: channels as Array<'fr' | 'be'> };
}
