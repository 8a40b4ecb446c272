import { describe, expect, it } from 'vitest';
import { ConfigError, weakSecret } from '../../../src/backend/config/checks.ts';
import { readMediaSettings } from '../../../src/backend/config/media.ts';
import { PASSWORD_COST, readPasswordCostSetting, TEST_PASSWORD_COST } from '../../../src/backend/config/passwords.ts';
import { readPlatformConfig } from '../../../src/backend/config.ts';
import { readWebhookConfig, DEFAULT_WEBHOOK_QUIET_MS, readContentEditorSettings } from '../../../src/backend/config/publishing.ts';
import {
  LOCAL_CONTENT_EDITOR_TOKEN,
  LOCAL_WEBHOOK_SECRET,
  SANDBOX_API_KEY,
  SANDBOX_WEBHOOK_SECRET,
} from '../../../src/backend/config/published.ts';
import { readSignInSettings } from '../../../src/backend/config/sign-in.ts';
import { randomBytes } from 'node:crypto';
import { EMBEDDED_GOOGLE_CLIENT_ID } from '../../../src/lib/captcha/embedded.ts';

/**
 * Secrets as they look for real: random, as `openssl rand -base64 48` makes ours, and the providers' keys as
 * their dashboards give them (made up here, of their shape). Production refuses anything a person typed.
 */
const strong = {
  jwt: 'cJ+9T3mCNbbgMur6rGVhgZW0FD04N1J6+PlhR5HCPpB60JzcYfDTKSJjXJ8e0NYY',
  mollieKey: 'live_aj9qTZcCBT17UYJIb4cLhuwbldikbP',
  mollieWebhook: 'D5OYaMQwuC_GSurfjhOY6_pkwpzNxgo2',
  imagekitPrivate: 'private_jdjwH587C1pJ4DqAJlZWSkYBQNWR',
  imagekitPublic: 'public_xzBIUWbsB2hNVplfTjOGI26gXnfb',
  operator: 'aPZvbbQWfz1otAcAKpMMb_4MkP0O2XPU',
  editor: '9KZDYdcac8AqmPCPst4Rni-M8rQn5Rd8',
  webhook: 'TMZNl-jDCZvsjSWfuCm3bhsMUKzNRyyxHzNMP2CvMydW0z-T',
};

const safeProduction = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://shop:secret@db.internal:5432/shop',
  JWT_SECRET: strong.jwt,
  SITE_URL_FR: 'https://www.maison-gamelle.fr',
  SITE_URL_BE: 'https://www.maison-gamelle.be',
  SMTP_URL: 'smtps://shop:secret@smtp.example.com:465',
  MAIL_FROM: 'Maison Gamelle <bonjour@maison-gamelle.fr>',
  TRUST_PROXY: '1',
  MOLLIE_API_KEY: strong.mollieKey,
  MOLLIE_WEBHOOK_SECRET: strong.mollieWebhook,
  RELAY_API_URL: 'https://ws.colissimo.fr',
  RELAY_ACCOUNT_NUMBER: '123456',
  RELAY_PASSWORD: 'relay-secret',
  IMAGEKIT_PRIVATE_KEY: strong.imagekitPrivate,
  IMAGEKIT_PUBLIC_KEY: strong.imagekitPublic,
  IMAGEKIT_URL_ENDPOINT: 'https://ik.imagekit.io/maisongamelle',
};

const problemsOf = (env: Record<string, string | undefined>): string[] => {
  try {
    readPlatformConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
};

describe('platform configuration outside production', () => {
  it('runs on local defaults: PGlite, the outbox page, local site URLs, no SMTP', () => {
    const config = readPlatformConfig({});
    expect(config).toMatchObject({ production: false, databaseUrl: undefined, outbox: true, smtpUrl: undefined });
    expect(config.siteUrls).toEqual({ FR: 'http://localhost:4321', BE: 'http://localhost:4322' });
    expect(config.siteOrigins).toEqual(['http://localhost:4321', 'http://localhost:4322']);
  });

  it('turns the outbox page off on request', () => {
    expect(readPlatformConfig({ OUTBOX_PAGE: 'off' }).outbox).toBe(false);
  });

  it('sizes the PostgreSQL pool from DATABASE_POOL_SIZE, 10 by default, and refuses a size that is not one', () => {
    expect(readPlatformConfig({}).databasePoolSize).toBe(10);
    expect(readPlatformConfig({ DATABASE_POOL_SIZE: '4' }).databasePoolSize).toBe(4);
    for (const size of ['0', '2.5', 'many', '101'])
      expect(problemsOf({ DATABASE_POOL_SIZE: size })).toEqual([expect.stringContaining('DATABASE_POOL_SIZE must be a whole number')]);
  });

  it('refuses an SMTP_URL that is not one', () => {
    expect(problemsOf({ SMTP_URL: 'http://smtp.example.com' })).toEqual([expect.stringContaining('SMTP_URL must be an smtp://')]);
  });
});

describe('production mode fails closed', () => {
  it('starts on a complete configuration, without the outbox', () => {
    const config = readPlatformConfig(safeProduction);
    expect(config).toMatchObject({ production: true, outbox: false, jwtSecret: strong.jwt, smtpUrl: safeProduction.SMTP_URL });
    expect(config.siteOrigins).toEqual(['https://www.maison-gamelle.fr', 'https://www.maison-gamelle.be']);
  });

  it('says, one line each, everything that is missing', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    const required = [
      'DATABASE_URL',
      'JWT_SECRET',
      'SITE_URL_FR',
      'SITE_URL_BE',
      'SMTP_URL',
      'TRUST_PROXY',
      'MAIL_FROM',
      'MOLLIE_API_KEY',
      'MOLLIE_WEBHOOK_SECRET',
      'RELAY_API_URL',
      'RELAY_ACCOUNT_NUMBER',
      'RELAY_PASSWORD',
      'IMAGEKIT_PRIVATE_KEY',
      'IMAGEKIT_PUBLIC_KEY',
      'IMAGEKIT_URL_ENDPOINT',
    ];
    expect(problems).toHaveLength(required.length);
    for (const name of required) {
      expect(problems.filter((p) => p.startsWith(`${name} is not set`))).toHaveLength(1);
    }
    for (const problem of problems) expect(problem).not.toContain('\n');
  });

  it.each([
    ['a short JWT secret', { JWT_SECRET: 'a' }, 'JWT_SECRET is too short (1 bytes)'],
    ['31 bytes of JWT secret', { JWT_SECRET: 'x'.repeat(31) }, 'JWT_SECRET is too short (31 bytes)'],
    ['an http site', { SITE_URL_BE: 'http://www.maison-gamelle.be' }, 'SITE_URL_BE must be an https:// URL'],
    ['a site URL that is no URL', { SITE_URL_FR: 'maison-gamelle.fr' }, 'SITE_URL_FR must be an https:// URL'],
    ['a database that is not PostgreSQL', { DATABASE_URL: 'mysql://db/shop' }, 'DATABASE_URL must be a postgres:// URL'],
    ['the outbox page turned on', { OUTBOX_PAGE: 'on' }, 'OUTBOX_PAGE cannot be turned on in production'],
    ['an extra origin over http', { SITE_ORIGINS: 'http://preview.example.com' }, 'SITE_ORIGINS may only name https:// origins'],
    ['a proxy count that is no number', { TRUST_PROXY: 'yes' }, 'TRUST_PROXY must be the number of proxies'],
  ])('refuses %s', (_, change, expected) => {
    expect(problemsOf({ ...safeProduction, ...change })).toEqual([expect.stringContaining(expected)]);
  });

  it('accepts a JWT secret of 32 bytes counted in UTF-8, not characters', () => {
    const accented = 'àâäçéèêëîïôöùûüÿ';
    expect(problemsOf({ ...safeProduction, JWT_SECRET: accented })).toEqual([]);
    expect(problemsOf({ ...safeProduction, JWT_SECRET: accented.slice(1) })).toEqual([expect.stringContaining('(30 bytes)')]);
  });
});

describe('production refuses weak secrets, not only missing ones (issue 43)', () => {
  const onlyProblem = (change: Record<string, string>) => {
    const problems = problemsOf({ ...safeProduction, ...change });
    expect(problems).toHaveLength(1);
    // The refusal goes to the logs: it names the variable, never the value.
    for (const value of Object.values(change)) if (value.length >= 8) expect(problems[0]).not.toContain(value);
    return problems[0]!;
  };

  it.each([
    ['JWT_SECRET', SANDBOX_WEBHOOK_SECRET],
    ['MOLLIE_WEBHOOK_SECRET', SANDBOX_WEBHOOK_SECRET],
    ['IMAGEKIT_PRIVATE_KEY', 'private_embedded_media_key'],
    ['OPERATOR_TOKEN', LOCAL_CONTENT_EDITOR_TOKEN],
    ['WEBHOOK_SECRET', LOCAL_WEBHOOK_SECRET],
  ])('refuses %s set to a value published for the embedded services', (name, value) => {
    const change =
      name === 'WEBHOOK_SECRET' ? { WEBHOOK_SECRET: value, CONTENT_WEBHOOK_URLS: 'https://hooks.example/publish' } : { [name]: value };
    expect(onlyProblem(change)).toMatch(
      new RegExp(`^${name} is a value published in this repository for the embedded services, so anyone knows it`),
    );
  });

  it('refuses the published keys that are not secrets but give the embedded services away', () => {
    expect(onlyProblem({ IMAGEKIT_PUBLIC_KEY: 'public_embedded_media_key' })).toMatch(
      /^IMAGEKIT_PUBLIC_KEY is the embedded media service's published key/,
    );
    expect(onlyProblem({ RELAY_PASSWORD: 'bac-a-sable' })).toMatch(
      /^RELAY_PASSWORD is the embedded relay-point service's published sandbox password/,
    );
    expect(onlyProblem({ MOLLIE_API_KEY: SANDBOX_API_KEY })).toMatch(/^MOLLIE_API_KEY must be a live key/);
  });

  it.each([
    ['MOLLIE_WEBHOOK_SECRET', 'x', 'MOLLIE_WEBHOOK_SECRET is shorter than 24 characters'],
    ['OPERATOR_TOKEN', 'staff', 'OPERATOR_TOKEN is shorter than 16 characters'],
    ['JWT_SECRET', 'x'.repeat(31), 'JWT_SECRET is too short (31 bytes)'],
  ])('refuses a %s shorter than its minimum', (name, value, expected) => {
    expect(onlyProblem({ [name]: value })).toContain(expected);
  });

  it.each([
    ['32 × "a"', 'a'.repeat(32), 'uses only 1 different characters'],
    ['"abab…"', 'ab'.repeat(20), 'uses only 2 different characters'],
    ['a word repeated', 'password'.repeat(5), 'uses only 7 different characters'],
    ['"0123456789…"', '0123456789'.repeat(4), 'is mostly a run of neighbouring characters'],
    ['the alphabet', 'abcdefghijklmnopqrstuvwxyz0123456789', 'is mostly a run of neighbouring characters'],
    ['a short text repeated', 'Xk9#Lm2$Qp7!'.repeat(3), 'repeats a shorter text'],
    ['few characters, unevenly', `${'a'.repeat(40)}bcdefghijk`, 'repeats its characters too much'],
  ])('refuses a low-entropy JWT_SECRET: %s', (_, value, reason) => {
    const problem = onlyProblem({ JWT_SECRET: value });
    expect(problem).toContain(`JWT_SECRET is too easy to guess: it ${reason}`);
    expect(problem).toContain('openssl rand -base64 48');
  });

  it('refuses low-entropy values of every secret the platform reads', () => {
    const weak = 'a'.repeat(40);
    for (const name of ['MOLLIE_WEBHOOK_SECRET', 'IMAGEKIT_PRIVATE_KEY', 'OPERATOR_TOKEN', 'CONTENT_EDITOR_TOKEN'])
      expect(onlyProblem({ [name]: weak })).toMatch(new RegExp(`^${name} is too easy to guess: it uses only 1 different characters`));
    expect(onlyProblem({ MOLLIE_API_KEY: `live_${'x'.repeat(30)}` })).toMatch(/^MOLLIE_API_KEY is not a key Mollie issued/);
    expect(onlyProblem({ CONTENT_WEBHOOK_URLS: 'https://hooks.example/publish', WEBHOOK_SECRET: weak })).toMatch(
      /^WEBHOOK_SECRET is too easy to guess/,
    );
    expect(() =>
      readWebhookConfig({
        NODE_ENV: 'production',
        WEBHOOK_SECRET: '0123456789'.repeat(3),
        NETLIFY_BUILD_HOOK_FR: 'https://api.netlify.com/build_hooks/fr1',
      }),
    ).toThrow(expect.objectContaining({ problems: [expect.stringMatching(/^WEBHOOK_SECRET is too easy to guess/)] }));
  });

  it('refuses Google sign-in with the embedded client id or a made-up captcha secret', () => {
    const signIn = { NODE_ENV: 'production', GOOGLE_CLIENT_ID: EMBEDDED_GOOGLE_CLIENT_ID, CAPTCHA_SECRET: 'secret-secret-secret-secret' };
    expect(() => readSignInSettings(signIn)).toThrow(
      expect.objectContaining({
        problems: [
          expect.stringMatching(/^GOOGLE_CLIENT_ID is the embedded Google's published client id/),
          expect.stringMatching(/^CAPTCHA_SECRET is too easy to guess/),
        ],
      }),
    );
  });

  it('starts with strong secrets everywhere, and takes any random secret of the minimum length', () => {
    expect(
      problemsOf({
        ...safeProduction,
        OPERATOR_TOKEN: strong.operator,
        CONTENT_EDITOR_TOKEN: strong.editor,
        WEBHOOK_SECRET: strong.webhook,
        CONTENT_WEBHOOK_URLS: 'https://hooks.example/publish',
      }),
    ).toEqual([]);
    for (let draw = 0; draw < 500; draw += 1) {
      for (const secret of [randomBytes(48).toString('base64'), randomBytes(16).toString('hex'), randomBytes(18).toString('base64url')])
        expect(weakSecret(secret), secret).toBeNull();
    }
  });

  it.each([
    ['smtps:// (TLS from the start)', 'smtps://shop:secret@smtp.example.com:465'],
    ['smtp:// with STARTTLS required', 'smtp://shop:secret@smtp.example.com:587?requireTLS=true'],
    ['smtp:// with TLS from the start', 'smtp://shop:secret@smtp.example.com:465?secure=true'],
  ])('sends mail over %s', (_, url) => {
    expect(problemsOf({ ...safeProduction, SMTP_URL: url })).toEqual([]);
  });

  it.each([
    ['plain smtp://', 'smtp://shop:secret@smtp.example.com:587', 'SMTP_URL sends mail unencrypted'],
    ['smtps:// turned off', 'smtps://shop:secret@smtp.example.com:465?secure=false', 'SMTP_URL sends mail unencrypted'],
    ['STARTTLS only if offered', 'smtp://shop:secret@smtp.example.com:587?requireTLS=false', 'SMTP_URL sends mail unencrypted'],
    [
      'no certificate check',
      'smtps://shop:secret@smtp.example.com:465?tls.rejectUnauthorized=false',
      "SMTP_URL turns off the check of the mail server's certificate",
    ],
    [
      'an option given twice',
      'smtp://shop:secret@smtp.example.com:587?requireTLS=true&requireTLS=false',
      'SMTP_URL gives requireTLS more than once',
    ],
  ])('refuses %s in production, saying how to encrypt it and never printing the URL', (_, url, expected) => {
    const problem = onlyProblem({ SMTP_URL: url });
    expect(problem).toContain(expected);
    expect(problem).toContain('smtp://user:password@host:587?requireTLS=true');
    expect(problem).not.toContain('shop:secret');
  });

  it('leaves secrets and SMTP alone outside production', () => {
    expect(problemsOf({ JWT_SECRET: 'a'.repeat(32), SMTP_URL: 'smtp://127.0.0.1:1025', MOLLIE_WEBHOOK_SECRET: 'x' })).toEqual([]);
  });
});

describe('the password hashing cost (PASSWORD_HASH_COST)', () => {
  it('is the real one, scrypt N=32768 (32 MiB a hash), unless a test suite asks for the cheap one', () => {
    expect(PASSWORD_COST).toEqual({ N: 32768, r: 8, p: 1 });
    expect(TEST_PASSWORD_COST).toEqual({ N: 1024, r: 8, p: 1 });
    expect(readPlatformConfig({}).passwordCost).toEqual(PASSWORD_COST);
    expect(readPlatformConfig({ PASSWORD_HASH_COST: 'standard' }).passwordCost).toEqual(PASSWORD_COST);
    expect(readPlatformConfig({ PASSWORD_HASH_COST: 'test' }).passwordCost).toEqual(TEST_PASSWORD_COST);
    expect(readPasswordCostSetting({ PASSWORD_HASH_COST: 'test' })).toEqual(TEST_PASSWORD_COST);
    expect(readPasswordCostSetting({})).toEqual(PASSWORD_COST);
  });

  it('refuses a value that is neither', () => {
    expect(problemsOf({ PASSWORD_HASH_COST: 'cheap' })).toEqual(['PASSWORD_HASH_COST must be standard or test (it is cheap).']);
    expect(() => readPasswordCostSetting({ PASSWORD_HASH_COST: '1024' })).toThrow(ConfigError);
  });

  it('stays the real one in production, which refuses the tests’ cost with one line saying why', () => {
    expect(readPlatformConfig(safeProduction).passwordCost).toEqual({ N: 32768, r: 8, p: 1 });
    expect(readPlatformConfig({ ...safeProduction, PASSWORD_HASH_COST: 'standard' }).passwordCost).toEqual(PASSWORD_COST);
    const problems = problemsOf({ ...safeProduction, PASSWORD_HASH_COST: 'test' });
    expect(problems).toEqual([
      'PASSWORD_HASH_COST=test cannot be used in production: its hashes (scrypt N=1024) are 32 times cheaper to guess; it is for test suites only.',
    ]);
    // The shop reads the setting alone too (shop/routes.ts): refused there as well.
    expect(() => readPasswordCostSetting({ NODE_ENV: 'production', PASSWORD_HASH_COST: 'test' })).toThrow(ConfigError);
    expect(readPasswordCostSetting({ NODE_ENV: 'production' })).toEqual(PASSWORD_COST);
  });
});

describe('the relay-point carrier', () => {
  it("is the embedded service on the platform's port, with its sandbox account, outside production", () => {
    expect(readPlatformConfig({}).relay).toEqual({
      apiUrl: 'http://localhost:4400/relay',
      accountNumber: '800000',
      password: 'bac-a-sable',
      sandbox: { accountNumber: '800000', password: 'bac-a-sable' },
    });
    expect(readPlatformConfig({ PORT_PLATFORM: '4491' }).relay.apiUrl).toBe('http://localhost:4491/relay');
    const own = readPlatformConfig({ RELAY_API_URL: 'http://relay.test/', RELAY_ACCOUNT_NUMBER: '42', RELAY_PASSWORD: 'pw' }).relay;
    expect(own).toEqual({
      apiUrl: 'http://relay.test',
      accountNumber: '42',
      password: 'pw',
      sandbox: { accountNumber: '42', password: 'pw' },
    });
  });

  it("is the carrier itself in production, over https, with the shop's account and no embedded service", () => {
    expect(readPlatformConfig(safeProduction).relay).toEqual({
      apiUrl: 'https://ws.colissimo.fr',
      accountNumber: '123456',
      password: 'relay-secret',
    });
    expect(problemsOf({ ...safeProduction, RELAY_API_URL: 'http://ws.colissimo.fr' })).toEqual([
      expect.stringContaining('RELAY_API_URL must be an https:// URL'),
    ]);
    expect(problemsOf({ ...safeProduction, RELAY_PASSWORD: '' })).toEqual([expect.stringContaining('RELAY_PASSWORD is not set')]);
  });

  it('refuses a RELAY_API_URL that is no URL', () => {
    expect(problemsOf({ RELAY_API_URL: 'ws.colissimo.fr' })).toEqual([expect.stringContaining('RELAY_API_URL must be an http(s):// URL')]);
  });
});

describe('the payment provider (Mollie)', () => {
  it("is the embedded sandbox on the platform's port, with its published key and secret, outside production", () => {
    expect(readPlatformConfig({}).payments).toEqual({
      apiKey: SANDBOX_API_KEY,
      apiUrl: 'http://localhost:4400/payments/v2/',
      webhookSecret: SANDBOX_WEBHOOK_SECRET,
      sandbox: { apiKeys: [SANDBOX_API_KEY] },
    });
    expect(readPlatformConfig({ PORT_PLATFORM: '4491' }).payments.apiUrl).toBe('http://localhost:4491/payments/v2/');
    // A developer's own test key is accepted by the sandbox too.
    expect(readPlatformConfig({ MOLLIE_API_KEY: 'test_mine' }).payments.sandbox).toEqual({ apiKeys: [SANDBOX_API_KEY, 'test_mine'] });
    expect(readPlatformConfig({ PAYMENTS_SANDBOX: 'off' }).payments.sandbox).toBeUndefined();
  });

  it('is Mollie itself in production: a live key, a webhook secret, no sandbox', () => {
    expect(readPlatformConfig(safeProduction).payments).toEqual({
      apiKey: safeProduction.MOLLIE_API_KEY,
      apiUrl: undefined,
      webhookSecret: strong.mollieWebhook,
    });
    expect(problemsOf({ ...safeProduction, MOLLIE_API_KEY: 'test_abcdefghijklmnopqrstuvwxyz0123' })).toEqual([
      expect.stringContaining('MOLLIE_API_KEY must be a live key'),
    ]);
    expect(problemsOf({ ...safeProduction, MOLLIE_WEBHOOK_SECRET: '' })).toEqual([
      expect.stringContaining('MOLLIE_WEBHOOK_SECRET is not set'),
    ]);
    expect(problemsOf({ ...safeProduction, MOLLIE_API_URL: 'http://api.mollie.test/v2/' })).toEqual([
      expect.stringContaining('MOLLIE_API_URL must be an https://'),
    ]);
  });

  it('refuses a key that is not a Mollie key', () => {
    expect(problemsOf({ MOLLIE_API_KEY: 'sk_live_123' })).toEqual([expect.stringContaining('MOLLIE_API_KEY must be a Mollie API key')]);
  });
});

describe("the media service (the pets' photos)", () => {
  it("is the embedded service on the platform's port, with its published keys, outside production", () => {
    expect(readPlatformConfig({}).media).toEqual({
      privateKey: 'private_embedded_media_key',
      publicKey: 'public_embedded_media_key',
      urlEndpoint: 'http://localhost:4400/media',
      embedded: true,
    });
    expect(readPlatformConfig({ PORT_PLATFORM: '4491' }).media.urlEndpoint).toBe('http://localhost:4491/media');
    expect(readPlatformConfig({ IMAGEKIT_PRIVATE_KEY: 'mine', IMAGEKIT_URL_ENDPOINT: 'http://media.test/' }).media).toMatchObject({
      privateKey: 'mine',
      urlEndpoint: 'http://media.test',
      embedded: true,
    });
    expect(readMediaSettings({})).toEqual(readPlatformConfig({}).media);
  });

  it("is ImageKit in production, with the shop's keys and URL endpoint and no embedded service", () => {
    expect(readPlatformConfig(safeProduction).media).toEqual({
      privateKey: strong.imagekitPrivate,
      publicKey: strong.imagekitPublic,
      urlEndpoint: 'https://ik.imagekit.io/maisongamelle',
      embedded: false,
    });
  });

  it.each(['IMAGEKIT_PRIVATE_KEY', 'IMAGEKIT_PUBLIC_KEY', 'IMAGEKIT_URL_ENDPOINT'])(
    'has no default for %s in production: the embedded keys are published',
    (name) => {
      expect(problemsOf({ ...safeProduction, [name]: '' })).toEqual([expect.stringMatching(new RegExp(`^${name} is not set: `))]);
      expect(() => readMediaSettings({ ...safeProduction, [name]: undefined })).toThrow(ConfigError);
    },
  );

  it('refuses an URL endpoint over http in production, and one that is no URL anywhere', () => {
    expect(problemsOf({ ...safeProduction, IMAGEKIT_URL_ENDPOINT: 'http://ik.imagekit.io/maisongamelle' })).toEqual([
      expect.stringContaining('IMAGEKIT_URL_ENDPOINT must be an https:// URL'),
    ]);
    expect(problemsOf({ IMAGEKIT_URL_ENDPOINT: 'ik.imagekit.io' })).toEqual([
      expect.stringContaining('IMAGEKIT_URL_ENDPOINT must be an http(s):// URL'),
    ]);
  });
});

describe('webhook receiver configuration', () => {
  it('has a published local secret and no build hooks outside production', () => {
    expect(readWebhookConfig({})).toEqual({
      secret: LOCAL_WEBHOOK_SECRET,
      buildHooks: {},
      quietMs: DEFAULT_WEBHOOK_QUIET_MS,
      channels: ['fr', 'be'],
    });
  });

  it('waits WEBHOOK_QUIET_MS after the last event before a local rebuild, a whole number of milliseconds up to a minute', () => {
    expect(readWebhookConfig({ WEBHOOK_QUIET_MS: '0' }).quietMs).toBe(0);
    // One channel's receiver builds it alone, as its own Netlify site does.
    expect(readWebhookConfig({ PUBLISH_CHANNELS: 'FR' }).channels).toEqual(['fr']);
    expect(() => readWebhookConfig({ PUBLISH_CHANNELS: 'fr,lu' })).toThrow(
      expect.objectContaining({ problems: [expect.stringContaining('PUBLISH_CHANNELS must name')] }),
    );
    expect(readWebhookConfig({ WEBHOOK_QUIET_MS: '2500' }).quietMs).toBe(2500);
    for (const bad of ['soon', '-1', '1.5', '60001'])
      expect(() => readWebhookConfig({ WEBHOOK_QUIET_MS: bad })).toThrow(
        expect.objectContaining({ problems: [expect.stringContaining('WEBHOOK_QUIET_MS must be a whole number')] }),
      );
  });

  it('refuses to start in production without a strong WEBHOOK_SECRET, or without https sites when it builds here', () => {
    expect(() => readWebhookConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => readWebhookConfig({ NODE_ENV: 'production', SITE_URL_FR: 'https://a.example', SITE_URL_BE: 'https://b.example' })).toThrow(
      expect.objectContaining({ problems: [expect.stringContaining('WEBHOOK_SECRET is not set')] }),
    );
    expect(() => readWebhookConfig({ ...safeProduction, WEBHOOK_SECRET: 'hook' })).toThrow(ConfigError);
    const secret = strong.webhook;
    expect(readWebhookConfig({ ...safeProduction, WEBHOOK_SECRET: secret })).toEqual({
      secret,
      buildHooks: {},
      quietMs: DEFAULT_WEBHOOK_QUIET_MS,
      channels: ['fr', 'be'],
    });
  });

  it("calls the Netlify sites' https build hooks when given (no site addresses needed then)", () => {
    const hooks = {
      NETLIFY_BUILD_HOOK_FR: 'https://api.netlify.com/build_hooks/fr1',
      NETLIFY_BUILD_HOOK_BE: 'https://api.netlify.com/build_hooks/be1',
    };
    expect(readWebhookConfig({ NODE_ENV: 'production', WEBHOOK_SECRET: strong.webhook, ...hooks })).toEqual({
      secret: strong.webhook,
      buildHooks: { fr: hooks.NETLIFY_BUILD_HOOK_FR, be: hooks.NETLIFY_BUILD_HOOK_BE },
      quietMs: DEFAULT_WEBHOOK_QUIET_MS,
      channels: ['fr', 'be'],
    });
    expect(() => readWebhookConfig({ NETLIFY_BUILD_HOOK_FR: 'http://api.netlify.com/build_hooks/fr1' })).toThrow(
      expect.objectContaining({ problems: [expect.stringContaining('NETLIFY_BUILD_HOOK_FR must be the https://')] }),
    );
  });
});

describe('content editor configuration', () => {
  it('has published local defaults outside production', () => {
    expect(readContentEditorSettings({})).toEqual({
      token: LOCAL_CONTENT_EDITOR_TOKEN,
      webhookUrls: [],
      webhookSecret: LOCAL_WEBHOOK_SECRET,
    });
    expect(readContentEditorSettings({ CONTENT_WEBHOOK_URLS: 'http://localhost:4499/, http://localhost:4498/' }).webhookUrls).toEqual([
      'http://localhost:4499/',
      'http://localhost:4498/',
    ]);
  });

  it('has no default in production: no token turns the editor API off, a short one or an unsigned webhook is refused', () => {
    expect(readContentEditorSettings({ NODE_ENV: 'production' })).toEqual({ token: undefined, webhookUrls: [], webhookSecret: '' });
    expect(() => readContentEditorSettings({ NODE_ENV: 'production', CONTENT_EDITOR_TOKEN: 'short' })).toThrow(
      expect.objectContaining({ problems: [expect.stringContaining('CONTENT_EDITOR_TOKEN is shorter than')] }),
    );
    expect(() => readContentEditorSettings({ NODE_ENV: 'production', CONTENT_WEBHOOK_URLS: 'https://hooks.example/publish' })).toThrow(
      expect.objectContaining({ problems: [expect.stringContaining('WEBHOOK_SECRET is not set')] }),
    );
    expect(
      readContentEditorSettings({
        NODE_ENV: 'production',
        CONTENT_EDITOR_TOKEN: strong.editor,
        WEBHOOK_SECRET: strong.webhook,
        CONTENT_WEBHOOK_URLS: 'https://hooks.example/publish',
      }),
    ).toEqual({ token: strong.editor, webhookUrls: ['https://hooks.example/publish'], webhookSecret: strong.webhook });
    expect(() =>
      readContentEditorSettings({
        NODE_ENV: 'production',
        WEBHOOK_SECRET: strong.webhook,
        CONTENT_WEBHOOK_URLS: 'http://hooks.example/publish',
      }),
    ).toThrow(expect.objectContaining({ problems: [expect.stringContaining('CONTENT_WEBHOOK_URLS may only name https://')] }));
  });
});

describe('the content source the catalogue is copied from (CONTENT_SOURCE_URL)', () => {
  it('is none by default: the embedded content service is the catalogue of record', () => {
    expect(readPlatformConfig({}).contentSource).toBeNull();
  });

  it('reads the source with its token every CONTENT_SOURCE_POLL_SECONDS, its webhook checked with WEBHOOK_SECRET', () => {
    expect(
      readPlatformConfig({
        CONTENT_SOURCE_URL: 'http://127.0.0.1:1337/api',
        CONTENT_SOURCE_TOKEN: 'a-token',
        CONTENT_SOURCE_POLL_SECONDS: '60',
      }).contentSource,
    ).toEqual({ url: 'http://127.0.0.1:1337/api', token: 'a-token', pollMs: 60_000, webhookSecret: LOCAL_WEBHOOK_SECRET });
    expect(problemsOf({ CONTENT_SOURCE_URL: 'ftp://cms.example/api' })).toEqual([expect.stringContaining('CONTENT_SOURCE_URL must be')]);
    expect(problemsOf({ CONTENT_SOURCE_POLL_SECONDS: '1' })).toEqual([expect.stringContaining('CONTENT_SOURCE_POLL_SECONDS')]);
  });

  it('is read over https only in production, and needs the webhook’s secret there', () => {
    const source = { ...safeProduction, CONTENT_SOURCE_URL: 'https://cms.example/api' };
    expect(readPlatformConfig({ ...source, WEBHOOK_SECRET: strong.webhook }).contentSource?.webhookSecret).toBe(strong.webhook);
    expect(problemsOf({ ...source, WEBHOOK_SECRET: undefined })).toEqual([expect.stringContaining('WEBHOOK_SECRET is not set')]);
    expect(problemsOf({ ...source, WEBHOOK_SECRET: strong.webhook, CONTENT_SOURCE_URL: 'http://cms.example/api' })).toEqual([
      expect.stringContaining('CONTENT_SOURCE_URL must be an https:// URL'),
    ]);
  });
});
