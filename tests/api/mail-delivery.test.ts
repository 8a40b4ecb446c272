/**
 * Mails go out by SMTP (a real SMTP server on the loopback, smtp-server) when SMTP_URL is set, with links
 * built from the public site URLs; the outbox page is for development only and is never readable from
 * another origin.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { preparePlatform, type Platform } from '../../src/backend/platform.ts';
import { uniqueEmail, seededDatabase } from './platform.ts';

interface Received {
  envelopeTo: string[];
  mail: ParsedMail;
}

/** An SMTP server on a free loopback port that keeps what it receives; `failing` makes it refuse mails. */
async function smtpServer() {
  const received: Received[] = [];
  let failing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        if (failing) return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 451 }));
        received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), mail: await simpleParser(Buffer.concat(chunks)) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    fail(value: boolean) {
      failing = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const SITE_FR = 'https://www.maison-gamelle.example';
const SITE_BE = 'https://be.maison-gamelle.example';

async function platformWith(env: Record<string, string | undefined>) {
  return preparePlatform({
    ...seededDatabase(),
    env: { DATABASE_URL: process.env.TEST_DATABASE_URL, JWT_SECRET: 'mail-test-secret', PASSWORD_HASH_COST: 'test', ...env },
  });
}

const call = (platform: Platform, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  platform.app.request(`http://platform.test${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { accept: 'application/ld+json', ...(body === undefined ? {} : { 'content-type': 'application/ld+json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const register = (platform: Platform, email: string, firstName = 'Camille') =>
  call(platform, '/api/v2/shop/customers', {
    firstName,
    lastName: 'Martin',
    email,
    password: 'croquettes5',
    acceptTerms: true,
    subscribedToNewsletter: false,
  });

/** A customer whose first name was stored as given, before registration checked names (fields.ts withoutLink). */
async function withStoredFirstName(platform: Platform, email: string, firstName: string) {
  expect((await register(platform, email)).status).toBe(201);
  await platform.db.query('UPDATE shop.customers SET first_name = $1 WHERE email = $2', [firstName, email]);
}

describe('SMTP delivery', () => {
  let smtp: Awaited<ReturnType<typeof smtpServer>>;
  let platform: Platform;
  beforeAll(async () => {
    smtp = await smtpServer();
    platform = await platformWith({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Maison Gamelle <bonjour@maison-gamelle.example>',
      SITE_URL_FR: SITE_FR,
      SITE_URL_BE: SITE_BE,
      OUTBOX_PAGE: 'off',
    });
  });
  afterAll(async () => {
    await platform.close();
    await smtp.close();
  });
  afterEach(() => smtp.fail(false));

  const mailsTo = (email: string) => smtp.received.filter((r) => r.envelopeTo.includes(email));

  it('sends the welcome mail by SMTP, from MAIL_FROM, linking to the public site', async () => {
    const email = uniqueEmail('smtp');
    expect((await register(platform, email)).status).toBe(201);
    // The mail committed woke the delivery (mail/outbox.ts): wait for it rather than for the next poll.
    await platform.mailDelivery!.deliverDue();
    const [welcome] = mailsTo(email);
    expect(welcome?.mail.from?.value).toEqual([{ name: 'Maison Gamelle', address: 'bonjour@maison-gamelle.example' }]);
    expect(welcome?.mail.subject).toBe('Bienvenue chez Maison Gamelle');
    expect(welcome?.mail.text).toContain(`${SITE_FR}/`);
    expect(welcome?.mail.text).not.toContain('localhost');
  });

  it("sends a reset link on the https site of the shopper's channel, and keeps no copy of it once sent", async () => {
    const email = uniqueEmail('reset');
    await register(platform, email);
    const reset = await call(platform, '/api/v2/shop/reset-password-requests?locale=nl_BE', { email });
    expect(reset.status).toBe(202);
    await platform.mailDelivery!.deliverDue();
    const resetMail = mailsTo(email).find((r) => r.mail.subject === 'Je wachtwoord opnieuw instellen');
    expect(resetMail?.mail.text).toMatch(new RegExp(`${SITE_BE}/nl/[a-z-]+/[A-Za-z0-9_-]{20,}/`));
    // Nobody reads an outbox in production: the sent bodies (and their links) are not kept at rest.
    const rows = await platform.db.query<{ text: string; html: string; sent: boolean }>(
      'SELECT text, html, sent_at IS NOT NULL AS sent FROM mail.outbox WHERE "to" = $1',
      [email],
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toEqual({ text: '', html: '', sent: true });
  });

  it('keeps a mail the SMTP server refused and sends it on a later attempt', async () => {
    const email = uniqueEmail('retry');
    smtp.fail(true);
    await register(platform, email);
    await platform.mailDelivery!.deliverDue();
    expect(mailsTo(email)).toHaveLength(0);
    const [queued] = await platform.db.query<{ attempts: number; last_error: string; sent: boolean }>(
      'SELECT attempts, last_error, sent_at IS NOT NULL AS sent FROM mail.outbox WHERE "to" = $1',
      [email],
    );
    expect(queued).toMatchObject({ attempts: 1, sent: false });
    expect(queued!.last_error).toContain('Mailbox unavailable');
    smtp.fail(false);
    // Due again once its retry delay has passed.
    await platform.db.query(`UPDATE mail.outbox SET not_before = now() - interval '1 second' WHERE "to" = $1`, [email]);
    await platform.mailDelivery!.deliverDue();
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('never turns a name into a link: a first name carrying an address (kept from before names were checked) is greeted without it', async () => {
    const email = uniqueEmail('link');
    // Registration refuses such a name (LINK_NOT_ALLOWED); an account may still hold one from before.
    expect((await register(platform, email, 'www.evil.example')).status).toBe(422);
    await withStoredFirstName(platform, email, 'www.evil.example');
    expect((await call(platform, '/api/v2/shop/reset-password-requests', { email })).status).toBe(202);
    await platform.mailDelivery!.deliverDue();
    const reset = mailsTo(email).find((r) => r.mail.subject === 'Réinitialisation de votre mot de passe');
    expect(reset?.mail.text).toBeDefined();
    expect(reset!.mail.text).toMatch(/^Bonjour,\n/);
    expect(reset!.mail.text).not.toContain('evil');
    expect(reset!.mail.html || '').not.toContain('evil');
  });

  it('has no outbox page when the outbox is off', async () => {
    expect((await call(platform, '/outbox')).status).toBe(404);
    expect((await call(platform, '/outbox.json')).status).toBe(404);
  });
});

describe('the local outbox page', () => {
  let platform: Platform;
  beforeAll(async () => {
    platform = await platformWith({});
  });
  afterAll(() => platform.close());

  it('answers its own origin and the test tools', async () => {
    const email = uniqueEmail('outbox');
    await register(platform, email);
    const res = await call(platform, `/outbox.json?to=${encodeURIComponent(email)}`);
    expect(res.status).toBe(200);
    expect((await res.json()).mails).toHaveLength(1);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it("is never readable from another origin: no CORS grant, and browsers' cross-origin reads are refused", async () => {
    const fromSite = await call(platform, '/outbox.json', undefined, { origin: 'http://localhost:4321', 'sec-fetch-site': 'same-site' });
    expect(fromSite.status).toBe(403);
    expect(fromSite.headers.get('access-control-allow-origin')).toBeNull();
    const fromElsewhere = await call(platform, '/outbox', undefined, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(fromElsewhere.status).toBe(403);
    // The shop API keeps its CORS grant for the sites.
    const api = await call(platform, '/api/v2/shop/orders', { localeCode: 'fr_FR' }, { origin: 'http://localhost:4321' });
    expect(api.headers.get('access-control-allow-origin')).toBe('http://localhost:4321');
  });

  it("shows a customer's text as text, and as links only the links the platform wrote", async () => {
    const email = uniqueEmail('page');
    // A name registration now refuses, kept from before names were checked.
    await withStoredFirstName(platform, email, 'https://evil.example/login');
    expect((await call(platform, '/api/v2/shop/reset-password-requests', { email })).status).toBe(202);
    const page = await (await call(platform, `/outbox?to=${encodeURIComponent(email)}`)).text();
    expect(page).not.toMatch(/<a [^>]*evil\.example/);
    expect(page).toContain('<a href="http://localhost:4321/">');
    expect(page).toContain('<a href="http://localhost:4321/mot-de-passe-oublie/');
  });
});
