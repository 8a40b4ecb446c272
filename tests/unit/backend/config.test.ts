import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  readMediaSettings,
  readPasswordCostSetting,
  readPlatformConfig,
  readWebhookConfig,
  DEFAULT_WEBHOOK_QUIET_MS,
  readContentEditorSettings,
  LOCAL_CONTENT_EDITOR_TOKEN,
  LOCAL_WEBHOOK_SECRET,
  SANDBOX_API_KEY,
  SANDBOX_WEBHOOK_SECRET,
} from '../../../src/backend/config.ts';
import { PASSWORD_COST, TEST_PASSWORD_COST } from '../../../src/backend/shop/customers/passwords.ts';

const safeProduction = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://shop:secret@db.internal:5432/shop',
  JWT_SECRET: 'x'.repeat(32),
  SITE_URL_FR: 'https://www.maison-gamelle.fr',
  SITE_URL_BE: 'https://www.maison-gamelle.be',
  SMTP_URL: 'smtps://shop:secret@smtp.example.com:465',
  MAIL_FROM: 'Maison Gamelle <bonjour@maison-gamelle.fr>',
  TRUST_PROXY: '1',
  MOLLIE_API_KEY: 'live_abcdefghijklmnopqrstuvwxyz0123',
  MOLLIE_WEBHOOK_SECRET: 'webhook-secret',
  RELAY_API_URL: 'https://ws.colissimo.fr',
  RELAY_ACCOUNT_NUMBER: '123456',
  RELAY_PASSWORD: 'relay-secret',
  IMAGEKIT_PRIVATE_KEY: 'private_live_key_of_the_shop',
  IMAGEKIT_PUBLIC_KEY: 'public_live_key_of_the_shop',
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
    expect(config).toMatchObject({ production: true, outbox: false, jwtSecret: 'x'.repeat(32), smtpUrl: safeProduction.SMTP_URL });
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
    expect(problemsOf({ ...safeProduction, JWT_SECRET: 'é'.repeat(16) })).toEqual([]);
    expect(problemsOf({ ...safeProduction, JWT_SECRET: 'é'.repeat(15) })).toEqual([expect.stringContaining('(30 bytes)')]);
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
      webhookSecret: 'webhook-secret',
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
      privateKey: 'private_live_key_of_the_shop',
      publicKey: 'public_live_key_of_the_shop',
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
    expect(readWebhookConfig({})).toEqual({ secret: LOCAL_WEBHOOK_SECRET, buildHooks: {}, quietMs: DEFAULT_WEBHOOK_QUIET_MS });
  });

  it('waits WEBHOOK_QUIET_MS after the last event before a local rebuild, a whole number of milliseconds up to a minute', () => {
    expect(readWebhookConfig({ WEBHOOK_QUIET_MS: '0' }).quietMs).toBe(0);
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
    const secret = 's'.repeat(32);
    expect(readWebhookConfig({ ...safeProduction, WEBHOOK_SECRET: secret })).toEqual({
      secret,
      buildHooks: {},
      quietMs: DEFAULT_WEBHOOK_QUIET_MS,
    });
  });

  it("calls the Netlify sites' https build hooks when given (no site addresses needed then)", () => {
    const hooks = {
      NETLIFY_BUILD_HOOK_FR: 'https://api.netlify.com/build_hooks/fr1',
      NETLIFY_BUILD_HOOK_BE: 'https://api.netlify.com/build_hooks/be1',
    };
    expect(readWebhookConfig({ NODE_ENV: 'production', WEBHOOK_SECRET: 's'.repeat(32), ...hooks })).toEqual({
      secret: 's'.repeat(32),
      buildHooks: { fr: hooks.NETLIFY_BUILD_HOOK_FR, be: hooks.NETLIFY_BUILD_HOOK_BE },
      quietMs: DEFAULT_WEBHOOK_QUIET_MS,
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
    expect(() =>
      readContentEditorSettings({
        NODE_ENV: 'production',
        WEBHOOK_SECRET: 's'.repeat(32),
        CONTENT_WEBHOOK_URLS: 'http://hooks.example/publish',
      }),
    ).toThrow(expect.objectContaining({ problems: [expect.stringContaining('CONTENT_WEBHOOK_URLS may only name https://')] }));
  });
});
