/**
 * The platform's settings, read once from the environment and checked. Outside production every setting
 * has a local default so `npm start` works on a fresh machine. In production (`NODE_ENV=production`)
 * every default that would fail open is refused instead: the process prints one line per problem and
 * does not start, because a shop that half-works with a guessable secret or a public mailbox is worse
 * than a shop that is down.
 *
 * `readPlatformConfig` is the one reader of the whole: each group of settings has its own small reader in
 * config/ (payments, relay, media, mail, search, sign-in, publishing and the content source, passwords), which it calls in turn.
 */
import { channelCodes, siteUrlOf, type ChannelCode } from '../lib/channels.ts';
import { trustedProxyHops } from './config/proxies.ts';
import { DEFAULT_POOL_SIZE } from './db/database.ts';
import type { PasswordCost } from './config/passwords.ts';
import { checkSecret, ConfigError, type Env, isProduction, isUrl, MAKE_A_SECRET } from './config/checks.ts';
import { type MailConfig, readMailConfig } from './config/mail.ts';
import { type MediaConfig, readMediaConfig } from './config/media.ts';
import { readPasswordCost } from './config/passwords.ts';
import { type PaymentsConfig, readPaymentsConfig } from './config/payments.ts';
import { type ContentEditorSettings, type ContentSourceSettings, readContentEditor, readContentSource } from './config/publishing.ts';
import { type RelayConfig, readRelayConfig } from './config/relay.ts';
import { readSearchConfig, type SearchSettings } from './config/search.ts';
import { readSignIn, type SignInSettings } from './config/sign-in.ts';

/** HS256 needs a key at least as long as its output (RFC 7518 §3.2). */
const MIN_JWT_SECRET_BYTES = 32;
/** The bearer token staff send (operator/staff.ts refuses every call with a shorter one). */
const MIN_OPERATOR_TOKEN_LENGTH = 16;

/** The mails' settings (outbox, smtpUrl, mailFrom) are at its top level, as the platform has always read them. */
export interface PlatformConfig extends MailConfig {
  production: boolean;
  /** postgres://… ; unset outside production means PGlite in `dataDir`. */
  databaseUrl?: string;
  /** Connections to that server (DATABASE_POOL_SIZE, db/database.ts). */
  databasePoolSize: number;
  dataDir?: string;
  /** Unset outside production: the shop signs with a random per-process secret (and says so). */
  jwtSecret?: string;
  siteUrls: Record<ChannelCode, string>;
  /** Browser origins allowed to call the shop API: the sites, plus SITE_ORIGINS. */
  siteOrigins: string[];
  /** The payment provider (Mollie) and its embedded sandbox. */
  payments: PaymentsConfig;
  /** The relay-point carrier (Colissimo's "Point Retrait" wire format) and the embedded stand-in. */
  relay: RelayConfig;
  /**
   * The subscription scheduler run by the platform process every `intervalMs` (SCHEDULER_INTERVAL_SECONDS,
   * 60 by default); null with SCHEDULER=off (tests run it themselves, on a fixed clock).
   */
  scheduler: { intervalMs: number } | null;
  /** The pets' photos: ImageKit in production, the embedded media service at /media elsewhere. */
  media: MediaConfig;
  /** The scrypt cost of new password hashes (PASSWORD_HASH_COST): the real one, or the test suites' cheap one. */
  passwordCost: PasswordCost;
  /** Google one-click sign-in and its captcha. */
  signIn: SignInSettings;
  /** The platform's search service (Algolia's protocol at /1); null: not mounted. */
  search: SearchSettings | null;
  /** The content service's editor API and its publish webhooks. */
  contentEditor: ContentEditorSettings;
  /** The bearer token of the staff's calls (OPERATOR_TOKEN, operator/staff.ts); unset: every staff call is refused. */
  operatorToken?: string;
  /** The content service of record the catalogue is copied from (content/mirror.ts); null: the embedded service is. */
  contentSource: ContentSourceSettings | null;
}

/** Reads the platform's settings; throws a ConfigError listing every problem at once. */
export function readPlatformConfig(env: Env): PlatformConfig {
  const production = isProduction(env);
  const problems: string[] = [];
  const siteUrls = Object.fromEntries(channelCodes.map((code) => [code, siteUrlOf(code, env)])) as Record<ChannelCode, string>;
  const extraOrigins = (env.SITE_ORIGINS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  try {
    trustedProxyHops(env);
  } catch (error) {
    problems.push((error as Error).message);
  }
  const payments = readPaymentsConfig(env, production, problems);
  const relay = readRelayConfig(env, production, problems);
  const media = readMediaConfig(env, production, problems);
  const passwordCost = readPasswordCost(env, production, problems);
  const signIn = readSignIn(env, production, problems);
  const search = readSearchConfig(env, production, problems);
  const contentEditor = readContentEditor(env, production, problems);
  const contentSource = readContentSource(env, production, problems, contentEditor.webhookSecret);
  const schedulerSeconds = Number(env.SCHEDULER_INTERVAL_SECONDS || 60);
  if (!Number.isInteger(schedulerSeconds) || schedulerSeconds < 1 || schedulerSeconds > 86_400)
    problems.push('SCHEDULER_INTERVAL_SECONDS must be a whole number of seconds from 1 to 86400 (one day).');
  const databasePoolSize = Number(env.DATABASE_POOL_SIZE || DEFAULT_POOL_SIZE);
  if (!Number.isInteger(databasePoolSize) || databasePoolSize < 1 || databasePoolSize > 100)
    problems.push('DATABASE_POOL_SIZE must be a whole number of connections from 1 to 100.');

  if (production) {
    if (!env.DATABASE_URL) problems.push('DATABASE_URL is not set: production runs on a PostgreSQL server, never on the embedded PGlite.');
    else if (!isUrl(env.DATABASE_URL, ['postgres:', 'postgresql:'])) problems.push('DATABASE_URL must be a postgres:// URL.');
    if (!env.JWT_SECRET)
      problems.push(
        `JWT_SECRET is not set: give every platform instance the same random secret of at least ${MIN_JWT_SECRET_BYTES} bytes (${MAKE_A_SECRET}).`,
      );
    else
      checkSecret(problems, 'JWT_SECRET', env.JWT_SECRET, {
        minBytes: MIN_JWT_SECRET_BYTES,
        guards: 'it signs every shopper session',
      });
    if (env.OPERATOR_TOKEN)
      checkSecret(problems, 'OPERATOR_TOKEN', env.OPERATOR_TOKEN, {
        minLength: MIN_OPERATOR_TOKEN_LENGTH,
        guards: "staff read the shoppers' contact requests and their files with it",
      });
    for (const code of channelCodes) {
      const name = `SITE_URL_${code}`;
      if (!env[name])
        problems.push(
          `${name} is not set: links in mails and allowed origins are built from the public https address of the ${code} site.`,
        );
      else if (!isUrl(env[name]!, ['https:'])) problems.push(`${name} must be an https:// URL (it is ${env[name]}).`);
    }
    for (const origin of extraOrigins)
      if (!isUrl(origin, ['https:'])) problems.push(`SITE_ORIGINS may only name https:// origins (not ${origin}).`);
    // Behind a load balancer every client would otherwise share its address, and the per-address limits
    // would refuse everyone at once: production says how many proxies stand in front (0 for none).
    if (env.TRUST_PROXY === undefined || env.TRUST_PROXY === '')
      problems.push(
        'TRUST_PROXY is not set: the number of proxies (load balancers) in front of the platform that add X-Forwarded-For, 0 if none.',
      );
  }
  const mail = readMailConfig(env, production, problems);
  if (problems.length) throw new ConfigError(problems);

  return {
    production,
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize,
    dataDir: env.DATA_DIR || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    siteUrls,
    siteOrigins: [...Object.values(siteUrls), ...extraOrigins],
    ...mail,
    payments,
    relay,
    scheduler: env.SCHEDULER === 'off' ? null : { intervalMs: schedulerSeconds * 1000 },
    media,
    passwordCost,
    signIn,
    search,
    contentEditor,
    operatorToken: env.OPERATOR_TOKEN || undefined,
    contentSource,
  };
}

/** For the commands: prints the refusal, one line a problem, and exits. */
export function exitOnConfigError(error: unknown): never {
  if (error instanceof ConfigError) {
    console.error('Refusing to start in production mode (NODE_ENV=production):');
    for (const problem of error.problems) console.error(`  ${problem}`);
    process.exit(1);
  }
  throw error;
}
