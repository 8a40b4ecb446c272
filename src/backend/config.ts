/**
 * The platform's settings, read once from the environment and checked. Outside production every setting
 * has a local default so `npm start` works on a fresh machine. In production (`NODE_ENV=production`)
 * every default that would fail open is refused instead: the process prints one line per problem and
 * does not start, because a shop that half-works with a guessable secret or a public mailbox is worse
 * than a shop that is down.
 */
import { channelCodes, siteUrlOf, type ChannelCode } from '../lib/channels.ts';
import { trustedProxyHops } from './shop/limits/client-address.ts';
import { SANDBOX_ACCOUNT } from './relay/routes.ts';
import { EMBEDDED_CAPTCHA_SITE_KEY, EMBEDDED_GOOGLE_CLIENT_ID } from '../lib/captcha/embedded.ts';
import type { GoogleSignInSettings } from './google/verify.ts';
import { EMBEDDED_SEARCH } from '../lib/search/hosts.ts';
import { DEFAULT_POOL_SIZE } from './db/database.ts';
import { localPlatformUrl } from '../lib/local-defaults.ts';
import { PASSWORD_COST, TEST_PASSWORD_COST, type PasswordCost } from './shop/shared/passwords.ts';

export type Env = Record<string, string | undefined>;

/** HS256 needs a key at least as long as its output (RFC 7518 §3.2). */
const MIN_JWT_SECRET_BYTES = 32;
/** The bearer token staff send (operator/staff.ts refuses every call with a shorter one). */
const MIN_OPERATOR_TOKEN_LENGTH = 16;

export interface PlatformConfig {
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
  /** The local mail outbox page (/outbox, /outbox.json): never in production. */
  outbox: boolean;
  /** Where mails go out: an SMTP URL (smtp:// or smtps://, with credentials), or none (outbox only). */
  smtpUrl?: string;
  mailFrom: string;
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
  /** The content service of record the catalogue is copied from (content/mirror.ts); null: the embedded service is. */
  contentSource: ContentSourceSettings | null;
  /** Google one-click sign-in and its captcha. */
  signIn: SignInSettings;
  /** The platform's search service (Algolia's protocol at /1); null: not mounted. */
  search: SearchSettings | null;
  /** The content service's editor API and its publish webhooks. */
  contentEditor: ContentEditorSettings;
  /** The bearer token of the staff's calls (OPERATOR_TOKEN, operator/staff.ts); unset: every staff call is refused. */
  operatorToken?: string;
}

export interface MediaConfig {
  /** Signs the upload authentications (IMAGEKIT_PRIVATE_KEY): never sent to a browser. */
  privateKey: string;
  /** Sent with each upload (IMAGEKIT_PUBLIC_KEY). */
  publicKey: string;
  /** Where the photos are served (IMAGEKIT_URL_ENDPOINT): the shop's ImageKit URL endpoint, or the embedded /media. */
  urlEndpoint: string;
  /** The embedded media service at /media, checking signatures with these keys: never in production. */
  embedded: boolean;
}

interface RelayConfig {
  /** The carrier's base URL: Colissimo (https://ws.colissimo.fr) in production, the embedded /relay elsewhere. */
  apiUrl: string;
  accountNumber: string;
  password: string;
  /** Outside production: the embedded service at /relay, accepting this account. */
  sandbox?: { accountNumber: string; password: string };
}

interface PaymentsConfig {
  /** The shop's Mollie key: live_… in production, the sandbox's test_… key by default elsewhere. */
  apiKey: string;
  /** Mollie's API root for the shop's client; unset means Mollie itself (https://api.mollie.com/v2/). */
  apiUrl?: string;
  /** Shared with the provider: webhook calls are signed with it (X-Mollie-Signature) and checked by the shop. */
  webhookSecret?: string;
  /** The embedded sandbox at /payments and the keys it accepts: never in production, off with PAYMENTS_SANDBOX=off. */
  sandbox?: { apiKeys: string[] };
}

/**
 * The key and webhook secret of the embedded sandbox when none is configured: published in the README,
 * worthless anywhere else (the sandbox moves no money and production refuses test keys).
 */
export const SANDBOX_API_KEY = 'test_MaisonGamelleSandbox000000000000';
export const SANDBOX_WEBHOOK_SECRET = 'sandbox-webhook-secret-for-local-use-only';
/** The embedded media service's keys when none is configured: published, and refused in production (no default there). */
const EMBEDDED_MEDIA_KEYS = { privateKey: 'private_embedded_media_key', publicKey: 'public_embedded_media_key' };

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Refusing to start:\n${problems.map((p) => `- ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

const isProduction = (env: Env): boolean => env.NODE_ENV === 'production';

const DEFAULT_MAIL_FROM = 'Maison Gamelle <bonjour@maison-gamelle.test>';

const isUrl = (text: string, protocols: string[]) => {
  try {
    return protocols.includes(new URL(text).protocol);
  } catch {
    return false;
  }
};

/** How a secret of ours is made: 48 random bytes, 64 characters of base64. */
const MAKE_A_SECRET = 'openssl rand -base64 48';

/**
 * Every value this repository publishes for the embedded services and the sandboxes (README, source): in
 * production no secret may be one of them, whichever variable it is given to. A function, not a constant:
 * some of them are declared further down.
 */
const publishedValues = (): readonly string[] => [
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

/**
 * The signs of a secret typed by a person rather than drawn at random. The limits are set so that a random
 * secret of the minimum length passes: among 300,000 draws of `openssl rand -hex 12` (24 hex characters,
 * the weakest random secret a minimum here lets through) fewer than 1 in 10,000 had fewer than 8 different
 * characters or under 2.5 bits a character, and none was mostly a run; longer or base64 secrets, none.
 */
const MIN_DISTINCT_CHARACTERS = 8;
const MIN_BITS_PER_CHARACTER = 2.5;
/** Neighbouring characters one apart or equal (0123…, abcd…, aaaa…): about 1 pair in 5 in random hex. */
const MAX_RUN_SHARE = 0.6;

/**
 * Why `value` cannot be a secret, in words that never quote it; null when nothing gives it away. Not a
 * proof of randomness: a sentence passes, but the published values, repeated characters, short patterns
 * and alphabet runs (aaaa…, abab…, 0123456789…) do not.
 */
export function weakSecret(value: string): string | null {
  if (publishedValues().includes(value)) return 'is a value published in this repository for the embedded services';
  const characters = [...value];
  const counts = new Map<string, number>();
  for (const character of characters) counts.set(character, (counts.get(character) ?? 0) + 1);
  if (counts.size < MIN_DISTINCT_CHARACTERS) return `uses only ${counts.size} different characters`;
  const bits = -[...counts.values()].reduce((sum, n) => sum + (n / characters.length) * Math.log2(n / characters.length), 0);
  if (bits < MIN_BITS_PER_CHARACTER)
    return `repeats its characters too much (${bits.toFixed(1)} bits of entropy a character, a random one has over ${MIN_BITS_PER_CHARACTER})`;
  const codes = characters.map((character) => character.codePointAt(0) ?? 0);
  let runs = 0;
  for (let i = 1; i < codes.length; i += 1) if (Math.abs(codes[i]! - codes[i - 1]!) <= 1) runs += 1;
  if (runs > MAX_RUN_SHARE * (codes.length - 1)) return 'is mostly a run of neighbouring characters (like 0123… or abcd…)';
  for (let period = 1; period <= characters.length / 2; period += 1)
    if (characters.every((character, i) => i < period || character === characters[i - period])) return 'repeats a shorter text';
  return null;
}

interface SecretRule {
  /** At least this many characters (UTF-16 code units, as the existing limits count them)… */
  minLength?: number;
  /** …or bytes in UTF-8 (a key's size). */
  minBytes?: number;
  /** What the secret protects, for the message. */
  guards: string;
  /** How to get a good one: ours are random (MAKE_A_SECRET); a provider's is copied from its dashboard. */
  source?: string;
}

/**
 * Refuses in production a secret that is short, published or guessable: one line naming the variable, what
 * is wrong and how to make a good one. The value itself is never printed (the line goes to the logs).
 */
function checkSecret(problems: string[], name: string, value: string, rule: SecretRule): void {
  const remedy = rule.source ?? `make a random one: ${MAKE_A_SECRET}`;
  if (publishedValues().includes(value)) {
    problems.push(
      `${name} is a value published in this repository for the embedded services, so anyone knows it (${rule.guards}): ${remedy}.`,
    );
    return;
  }
  const bytes = Buffer.byteLength(value);
  if (rule.minBytes !== undefined && bytes < rule.minBytes) {
    problems.push(`${name} is too short (${bytes} bytes): it needs at least ${rule.minBytes} (${rule.guards}); ${remedy}.`);
    return;
  }
  if (rule.minLength !== undefined && value.length < rule.minLength) {
    problems.push(`${name} is shorter than ${rule.minLength} characters (${rule.guards}): ${remedy}.`);
    return;
  }
  const weakness = weakSecret(value);
  if (weakness) problems.push(`${name} is too easy to guess: it ${weakness} (${rule.guards}); ${remedy}.`);
}

/**
 * Production's mails carry password reset links: they leave over TLS or not at all. nodemailer (mail/delivery.ts)
 * takes the URL's query as transport options, so `smtps://…` (TLS from the first byte, port 465) or
 * `smtp://…?requireTLS=true` (STARTTLS, and no mail sent when the server does not offer it, port 587) are
 * encrypted; a bare `smtp://` upgrades only if the server offers to, so anyone on the path can strip it. A URL
 * that turns the certificate check off is refused as well: TLS to whoever answers protects nothing.
 */
function unencryptedSmtp(smtpUrl: string): string | null {
  const url = new URL(smtpUrl);
  const option = (key: string) => {
    const values = url.searchParams.getAll(key);
    return values.length > 1 ? 'repeated' : values[0];
  };
  const how =
    'use smtps://user:password@host:465 (TLS from the start) or smtp://user:password@host:587?requireTLS=true (STARTTLS required)';
  for (const key of ['secure', 'requireTLS', 'tls.rejectUnauthorized'])
    if (option(key) === 'repeated') return `SMTP_URL gives ${key} more than once: ${how}.`;
  if (option('tls.rejectUnauthorized') === 'false')
    return `SMTP_URL turns off the check of the mail server's certificate (tls.rejectUnauthorized=false): ${how}, with a certificate the server's name matches.`;
  const secure = url.protocol === 'smtps:' ? option('secure') !== 'false' : option('secure') === 'true';
  if (secure || option('requireTLS') === 'true') return null;
  return `SMTP_URL sends mail unencrypted (the mails carry password reset links): ${how}.`;
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
  const smtpUrl = env.SMTP_URL || undefined;
  if (smtpUrl && !isUrl(smtpUrl, ['smtp:', 'smtps:']))
    problems.push('SMTP_URL must be an smtp:// or smtps:// URL (smtps://user:password@host:465).');
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
    if (env.OUTBOX_PAGE && env.OUTBOX_PAGE !== 'off')
      problems.push('OUTBOX_PAGE cannot be turned on in production: the outbox shows password reset links to anyone.');
    if (!smtpUrl) problems.push('SMTP_URL is not set: production sends mails through an SMTP server (smtps://user:password@host:465).');
    else if (isUrl(smtpUrl, ['smtp:', 'smtps:'])) {
      const problem = unencryptedSmtp(smtpUrl);
      if (problem) problems.push(problem);
    }
    // Behind a load balancer every client would otherwise share its address, and the per-address limits
    // would refuse everyone at once: production says how many proxies stand in front (0 for none).
    if (env.TRUST_PROXY === undefined || env.TRUST_PROXY === '')
      problems.push(
        'TRUST_PROXY is not set: the number of proxies (load balancers) in front of the platform that add X-Forwarded-For, 0 if none.',
      );
    if (!env.MAIL_FROM)
      problems.push('MAIL_FROM is not set: the sender of the shop\'s mails, e.g. "Maison Gamelle <bonjour@example.com>".');
  }
  if (problems.length) throw new ConfigError(problems);

  return {
    production,
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize,
    dataDir: env.DATA_DIR || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    siteUrls,
    siteOrigins: [...Object.values(siteUrls), ...extraOrigins],
    outbox: !production && env.OUTBOX_PAGE !== 'off',
    smtpUrl,
    mailFrom: env.MAIL_FROM || DEFAULT_MAIL_FROM,
    payments,
    relay,
    scheduler: env.SCHEDULER === 'off' ? null : { intervalMs: schedulerSeconds * 1000 },
    media,
    passwordCost,
    contentSource,
    signIn,
    search,
    contentEditor,
    operatorToken: env.OPERATOR_TOKEN || undefined,
  };
}

/** One group of settings alone (its problems refused at once), for the part of the platform that needs only it. */
function readAlone<T>(env: Env, read: (env: Env, production: boolean, problems: string[]) => T): T {
  const problems: string[] = [];
  const settings = read(env, isProduction(env), problems);
  if (problems.length) throw new ConfigError(problems);
  return settings;
}

/**
 * PASSWORD_HASH_COST: `test` makes new password hashes cheap (TEST_PASSWORD_COST, scrypt N=1024), for test
 * suites that register hundreds of customers; unset or `standard` is the real cost (PASSWORD_COST, N=32768).
 * Production refuses `test`: a stolen hash would be 32 times cheaper to guess. Hashes keep their own
 * parameters, so a change of setting leaves every stored password verifiable.
 */
function readPasswordCost(env: Env, production: boolean, problems: string[]): PasswordCost {
  const setting = env.PASSWORD_HASH_COST?.trim() || 'standard';
  if (setting === 'standard') return PASSWORD_COST;
  if (setting !== 'test') {
    problems.push(`PASSWORD_HASH_COST must be standard or test (it is ${setting}).`);
    return PASSWORD_COST;
  }
  if (production) {
    problems.push(
      `PASSWORD_HASH_COST=test cannot be used in production: its hashes (scrypt N=${TEST_PASSWORD_COST.N}) are ${PASSWORD_COST.N / TEST_PASSWORD_COST.N} times cheaper to guess; it is for test suites only.`,
    );
    return PASSWORD_COST;
  }
  return TEST_PASSWORD_COST;
}

/** The password hashing cost alone, for the shop's registrations, logins and password changes. */
export const readPasswordCostSetting = (env: Env): PasswordCost => readAlone(env, readPasswordCost);

/** The media settings alone, for the shop's authentication endpoint and the embedded service's mount. */
export const readMediaSettings = (env: Env): MediaConfig => readAlone(env, readMediaConfig);

/**
 * Production's photos live at ImageKit: its keys and the shop's URL endpoint have no default there, since
 * the embedded keys are published and would let anyone sign uploads. Elsewhere the embedded service on the
 * platform's own port stands in, with its published keys unless others are given.
 */
function readMediaConfig(env: Env, production: boolean, problems: string[]): MediaConfig {
  const privateKey = env.IMAGEKIT_PRIVATE_KEY || undefined;
  const publicKey = env.IMAGEKIT_PUBLIC_KEY || undefined;
  const urlEndpoint = env.IMAGEKIT_URL_ENDPOINT || undefined;
  if (urlEndpoint && !isUrl(urlEndpoint, production ? ['https:'] : ['http:', 'https:']))
    problems.push(
      `IMAGEKIT_URL_ENDPOINT must be ${production ? 'an https://' : 'an http(s)://'} URL (the shop's is https://ik.imagekit.io/<its id>).`,
    );
  if (production) {
    if (!privateKey)
      problems.push("IMAGEKIT_PRIVATE_KEY is not set: the shop signs the pets' photo uploads with its ImageKit private key.");
    else
      checkSecret(problems, 'IMAGEKIT_PRIVATE_KEY', privateKey, {
        guards: "whoever knows it can sign uploads to the shop's ImageKit account",
        source: "copy the private key from ImageKit's dashboard (Developer options)",
      });
    if (!publicKey) problems.push("IMAGEKIT_PUBLIC_KEY is not set: the ImageKit public key the site's uploads are sent with.");
    else if (publicKey === EMBEDDED_MEDIA_KEYS.publicKey)
      problems.push(
        "IMAGEKIT_PUBLIC_KEY is the embedded media service's published key: give the public key of the shop's ImageKit account.",
      );
    if (!urlEndpoint)
      problems.push(
        "IMAGEKIT_URL_ENDPOINT is not set: the shop's ImageKit URL endpoint, where the photos are served (https://ik.imagekit.io/<its id>).",
      );
    return { privateKey: privateKey ?? '', publicKey: publicKey ?? '', urlEndpoint: urlEndpoint ?? '', embedded: false };
  }
  return {
    privateKey: privateKey ?? EMBEDDED_MEDIA_KEYS.privateKey,
    publicKey: publicKey ?? EMBEDDED_MEDIA_KEYS.publicKey,
    urlEndpoint: (urlEndpoint ?? `${localPlatformUrl(env)}/media`).replace(/\/+$/, ''),
    embedded: true,
  };
}

/**
 * The platform's search service (Algolia's protocol at /1, search/routes.ts): the application id and
 * search-only key its callers send, and how often an instance looks for content changes. `null`: not mounted.
 */
export interface SearchSettings {
  appId: string;
  apiKey: string;
  refreshEveryMs: number;
}

/** The search service's settings alone, for its mount. */
export const readSearchSettings = (env: Env): SearchSettings | null => readAlone(env, readSearchConfig);

/**
 * Outside production the service answers the published embedded keys (EMBEDDED_SEARCH, the site's
 * defaults) unless SEARCH_APP_ID and SEARCH_API_KEY name others. Production's site searches Algolia, so
 * there the service is mounted only with keys of the shop's own: the published ones are refused, since
 * anyone could read the indices with them.
 */
function readSearchConfig(env: Env, production: boolean, problems: string[]): SearchSettings | null {
  const appId = env.SEARCH_APP_ID?.trim() || undefined;
  const apiKey = env.SEARCH_API_KEY?.trim() || undefined;
  const seconds = Number(env.SEARCH_REFRESH_SECONDS || 2);
  if (!(Number.isFinite(seconds) && seconds >= 0 && seconds <= 3600))
    problems.push('SEARCH_REFRESH_SECONDS must be a number of seconds from 0 to 3600 (how often the search looks for published content).');
  const refreshEveryMs = seconds * 1000;
  if (production) {
    if (appId === EMBEDDED_SEARCH.appId || apiKey === EMBEDDED_SEARCH.apiKey)
      problems.push(
        `SEARCH_APP_ID and SEARCH_API_KEY cannot be the embedded search service's published ones (${EMBEDDED_SEARCH.appId}, ${EMBEDDED_SEARCH.apiKey}) in production: give the shop's own, or leave both unset (the sites search Algolia).`,
      );
    else if (Boolean(appId) !== Boolean(apiKey))
      problems.push(
        `${appId ? 'SEARCH_API_KEY' : 'SEARCH_APP_ID'} is not set: the platform's search service needs both its application id and its key.`,
      );
    return appId && apiKey ? { appId, apiKey, refreshEveryMs } : null;
  }
  return { appId: appId ?? EMBEDDED_SEARCH.appId, apiKey: apiKey ?? EMBEDDED_SEARCH.apiKey, refreshEveryMs };
}

/** Google one-click sign-in (null: off) and the captcha its sign-ins must pass. */
export interface SignInSettings {
  google: GoogleSignInSettings | null;
  captcha: CaptchaSettings;
}
/**
 * reCAPTCHA's siteverify (v3 keys, and Enterprise keys, which keep a secret key for this endpoint): the
 * platform posts the secret and the token; `minScore` is the least v3 score taken for a person.
 * `embedded`: the embedded captcha's tokens (google/captcha.ts); `off`: no captcha asked (outside production only).
 */
export type CaptchaSettings =
  | { kind: 'siteverify'; secret: string; verifyUrl: string; minScore: number }
  | { kind: 'embedded' }
  | { kind: 'off' };

const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
const RECAPTCHA_SITEVERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

/** The sign-in settings alone, for the shop's login and the embedded issuer's mount. */
export const readSignInSettings = (env: Env): SignInSettings => readAlone(env, readSignIn);

/**
 * Production takes Google's own tokens only, checked against Google's keys, and a captcha checked by
 * reCAPTCHA with the shop's secret: Google sign-in is on when GOOGLE_CLIENT_ID is set (GOOGLE_SIGN_IN=on
 * without one is refused). Elsewhere it is on unless GOOGLE_SIGN_IN=off, with the embedded issuer and
 * captcha standing in for Google unless GOOGLE_JWKS_URL or CAPTCHA_SECRET name real ones. The embedded
 * issuer signs anyone in as any e-mail, so it goes with the developer tools: a deployment others reach
 * turns the outbox off (OUTBOX_PAGE=off), and the embedded issuer with it (Google's own tokens still work
 * there, with GOOGLE_CLIENT_ID).
 */
function readSignIn(env: Env, production: boolean, problems: string[]): SignInSettings {
  const switched = env.GOOGLE_SIGN_IN || undefined;
  if (switched && switched !== 'on' && switched !== 'off') problems.push('GOOGLE_SIGN_IN must be on or off.');
  const clientId = env.GOOGLE_CLIENT_ID?.trim() || undefined;
  const jwksUrl = env.GOOGLE_JWKS_URL?.trim() || undefined;
  const verifyUrl = env.CAPTCHA_VERIFY_URL?.trim() || undefined;
  const https = production ? ['https:'] : ['http:', 'https:'];
  if (jwksUrl && !isUrl(jwksUrl, https))
    problems.push(`GOOGLE_JWKS_URL must be ${production ? 'an https://' : 'an http(s)://'} URL (Google's is ${GOOGLE_JWKS_URL}).`);
  if (verifyUrl && !isUrl(verifyUrl, https))
    problems.push(
      `CAPTCHA_VERIFY_URL must be ${production ? 'an https://' : 'an http(s)://'} URL (reCAPTCHA's is ${RECAPTCHA_SITEVERIFY_URL}).`,
    );
  const minScore = Number(env.CAPTCHA_MIN_SCORE || 0.5);
  if (!(minScore >= 0 && minScore <= 1))
    problems.push('CAPTCHA_MIN_SCORE must be a number from 0 to 1 (the least reCAPTCHA score taken for a person).');
  const secret = env.CAPTCHA_SECRET?.trim() || undefined;
  const siteverify = (key: string): CaptchaSettings => ({
    kind: 'siteverify',
    secret: key,
    verifyUrl: verifyUrl ?? RECAPTCHA_SITEVERIFY_URL,
    minScore,
  });
  if (production) {
    if (env.CAPTCHA === 'off') problems.push('CAPTCHA cannot be turned off in production: every Google sign-in passes the captcha.');
    const on = switched === 'on' || (switched === undefined && clientId !== undefined);
    if (!on) return { google: null, captcha: { kind: 'off' } };
    if (!clientId)
      problems.push("GOOGLE_CLIENT_ID is not set: Google sign-in checks that each token was made for the shop's OAuth client id.");
    else if (clientId === EMBEDDED_GOOGLE_CLIENT_ID)
      problems.push(
        "GOOGLE_CLIENT_ID is the embedded Google's published client id: give the shop's OAuth client id from Google's console.",
      );
    if (!secret)
      problems.push(
        'CAPTCHA_SECRET is not set: every Google sign-in passes the captcha, checked with the secret key of the reCAPTCHA site key.',
      );
    else
      checkSecret(problems, 'CAPTCHA_SECRET', secret, {
        guards: "it checks each sign-in's captcha with reCAPTCHA",
        source: "copy the secret key of the site key from reCAPTCHA's console",
      });
    return {
      google: { clientId: clientId ?? '', jwksUrl: jwksUrl ?? GOOGLE_JWKS_URL, embedded: false },
      captcha: siteverify(secret ?? ''),
    };
  }
  const captcha: CaptchaSettings = secret ? siteverify(secret) : env.CAPTCHA === 'off' ? { kind: 'off' } : { kind: 'embedded' };
  if (switched === 'off') return { google: null, captcha };
  if (env.OUTBOX_PAGE === 'off')
    return { google: clientId ? { clientId, jwksUrl: jwksUrl ?? GOOGLE_JWKS_URL, embedded: false } : null, captcha };
  return { google: { clientId: clientId ?? EMBEDDED_GOOGLE_CLIENT_ID, jwksUrl, embedded: true }, captcha };
}

/**
 * The embedded relay points are made up, so production asks the carrier with the shop's own account;
 * elsewhere the checkout asks the embedded service on the platform's own port with its sandbox account.
 */
function readRelayConfig(env: Env, production: boolean, problems: string[]): RelayConfig {
  const apiUrl = env.RELAY_API_URL || undefined;
  if (apiUrl && !isUrl(apiUrl, production ? ['https:'] : ['http:', 'https:']))
    problems.push(`RELAY_API_URL must be ${production ? 'an https://' : 'an http(s)://'} URL (Colissimo's is https://ws.colissimo.fr).`);
  if (production) {
    if (!apiUrl)
      problems.push("RELAY_API_URL is not set: production offers the relay points of the carrier's web service (https://ws.colissimo.fr).");
    if (!env.RELAY_ACCOUNT_NUMBER)
      problems.push("RELAY_ACCOUNT_NUMBER is not set: the shop's account number with the relay-point carrier.");
    if (!env.RELAY_PASSWORD) problems.push("RELAY_PASSWORD is not set: the password of the shop's account with the relay-point carrier.");
    else if (env.RELAY_PASSWORD === SANDBOX_ACCOUNT.password)
      problems.push(
        "RELAY_PASSWORD is the embedded relay-point service's published sandbox password: give the password of the shop's account with the carrier.",
      );
    return { apiUrl: apiUrl ?? '', accountNumber: env.RELAY_ACCOUNT_NUMBER ?? '', password: env.RELAY_PASSWORD ?? '' };
  }
  const account = {
    accountNumber: env.RELAY_ACCOUNT_NUMBER || SANDBOX_ACCOUNT.accountNumber,
    password: env.RELAY_PASSWORD || SANDBOX_ACCOUNT.password,
  };
  return { apiUrl: (apiUrl ?? `${localPlatformUrl(env)}/relay`).replace(/\/+$/, ''), ...account, sandbox: account };
}

/**
 * Production talks to Mollie with a live key and checks every webhook's signature; elsewhere the shop
 * talks to the embedded sandbox on the platform's own port unless MOLLIE_API_URL says otherwise.
 */
function readPaymentsConfig(env: Env, production: boolean, problems: string[]): PaymentsConfig {
  const apiKey = env.MOLLIE_API_KEY || undefined;
  const apiUrl = env.MOLLIE_API_URL || undefined;
  const webhookSecret = env.MOLLIE_WEBHOOK_SECRET || undefined;
  if (apiKey && !/^(test|live)_\w+$/.test(apiKey)) problems.push('MOLLIE_API_KEY must be a Mollie API key (test_… or live_…).');
  if (apiUrl && !isUrl(apiUrl, production ? ['https:'] : ['http:', 'https:']))
    problems.push(`MOLLIE_API_URL must be ${production ? 'an https://' : 'an http(s)://'} URL (Mollie's is https://api.mollie.com/v2/).`);
  if (production) {
    if (!apiKey) problems.push('MOLLIE_API_KEY is not set: production takes payments through Mollie with the live API key (live_…).');
    else if (!apiKey.startsWith('live_'))
      problems.push('MOLLIE_API_KEY must be a live key (live_…) in production: a test key takes no real payment.');
    else {
      // Mollie's keys are live_ and a random part: a made-up one (live_xxxx…) only fails later, at the first payment.
      const weakness = weakSecret(apiKey.slice('live_'.length));
      if (weakness)
        problems.push(
          `MOLLIE_API_KEY is not a key Mollie issued: its random part ${weakness}. Copy the live API key from Mollie's dashboard.`,
        );
    }
    if (!webhookSecret)
      problems.push(
        'MOLLIE_WEBHOOK_SECRET is not set: the shop checks the signature of every payment webhook with the secret shared with Mollie.',
      );
    else
      checkSecret(problems, 'MOLLIE_WEBHOOK_SECRET', webhookSecret, {
        minLength: MIN_SHARED_SECRET_LENGTH,
        guards: 'whoever knows it can sign a payment webhook',
        source: "copy the signing secret Mollie's dashboard gives the webhook",
      });
    return { apiKey: apiKey ?? '', apiUrl, webhookSecret };
  }
  return {
    apiKey: apiKey ?? SANDBOX_API_KEY,
    apiUrl: apiUrl ?? `${localPlatformUrl(env)}/payments/v2/`,
    webhookSecret: webhookSecret ?? SANDBOX_WEBHOOK_SECRET,
    // The sandbox knows its published key and the configured one, so either works with the client.
    sandbox:
      env.PAYMENTS_SANDBOX === 'off'
        ? undefined
        : { apiKeys: [...new Set([SANDBOX_API_KEY, apiKey ?? SANDBOX_API_KEY])].filter((key) => key.startsWith('test_')) },
  };
}

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

/** Published in the README, never used in production: they only guard a laptop's own content. */
export const LOCAL_CONTENT_EDITOR_TOKEN = 'local-content-editor-token';
export const LOCAL_WEBHOOK_SECRET = 'local-webhook-secret';
/** A secret someone could guess in less than a lifetime is no secret. */
const MIN_SHARED_SECRET_LENGTH = 24;

function readContentEditor(env: Env, production: boolean, problems: string[]): ContentEditorSettings {
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
interface ContentSourceSettings {
  url: string;
  token?: string;
  pollMs: number;
  /** What the source's webhook must carry (`Authorization: Bearer …`): WEBHOOK_SECRET, the publish receiver's. */
  webhookSecret: string;
}

function readContentSource(env: Env, production: boolean, problems: string[], webhookSecret: string): ContentSourceSettings | null {
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

/** For the commands: prints the refusal, one line a problem, and exits. */
export function exitOnConfigError(error: unknown): never {
  if (error instanceof ConfigError) {
    console.error('Refusing to start in production mode (NODE_ENV=production):');
    for (const problem of error.problems) console.error(`  ${problem}`);
    process.exit(1);
  }
  throw error;
}
