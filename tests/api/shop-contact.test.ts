/**
 * The contact request (POST /shop/contact-requests): its fields' rules, its files (type, first bytes, size,
 * number, total), the acknowledgement and the customer service's notice, the rate limit, and the staff's
 * reading on the operator API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { randomClientAddress, shopApi, testPlatform, uniqueEmail, type TestPlatform } from './platform.ts';
import { CONTACT_FILES } from '../../src/lib/shop-api/requests/contact.ts';
import { contactRequestAnswer } from '../../src/lib/shop-api/contact.ts';
import { hydraError, violationList } from '../../src/lib/shop-api/errors.ts';
import { createPlatform } from '../../src/backend/app.ts';

const OPERATOR_TOKEN = 'staff-token-for-the-contact-tests';
const CUSTOMER_SERVICE = 'abonnements@maison-gamelle.test';
let platform: TestPlatform;
let api: ReturnType<typeof shopApi>;

beforeAll(async () => {
  platform = await testPlatform({ env: { OPERATOR_TOKEN } });
  api = shopApi(platform);
});
afterAll(async () => {
  await platform.db.close();
});

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const bytes = (head: number[] | string, size = 64): Uint8Array<ArrayBuffer> => {
  const out = new Uint8Array(size);
  out.set(typeof head === 'string' ? [...head].map((ch) => ch.charCodeAt(0)) : head);
  return out;
};
const png = (name = 'photo.png', size = 64) => new File([bytes(PNG, size)], name, { type: 'image/png' });
const pdf = (name = 'facture.pdf', size = 64) => new File([bytes('%PDF-1.7', size)], name, { type: 'application/pdf' });

type Fields = Record<string, string>;
/** A multipart contact request from its own client address (the address limit would count every test). */
const send = (fields: Fields, files: File[] = [], options: { token?: string; query?: string; address?: string } = {}) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('files[]', file);
  return platform.request(`/api/v2/shop/contact-requests${options.query ? `?${options.query}` : ''}`, {
    method: 'POST',
    body: form,
    headers: {
      accept: 'application/ld+json',
      'x-forwarded-for': options.address ?? randomClientAddress(),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
  });
};
const anonymous = (overrides: Fields = {}): Fields => ({
  email: uniqueEmail('contact'),
  name: 'Anne Peeters',
  message: 'Mon colis est arrivé abîmé.',
  ...overrides,
});
const violationsOf = (res: { status: number; body: unknown }) => {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  return Object.fromEntries(violationList.parse(res.body).violations.map((v) => [v.propertyPath, v]));
};
type Mail = { to: string; subject: string; text: string; html: string };
const mailsTo = async (to: string): Promise<Mail[]> =>
  (await platform.get(`/outbox.json?to=${encodeURIComponent(to)}&limit=200`)).body.mails;
const staff = (path: string, token: string | null = OPERATOR_TOKEN) =>
  platform.request(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('POST /contact-requests', () => {
  it('keeps an anonymous request with its files, acknowledges it to the shopper and tells the customer service', async () => {
    const fields = anonymous({ productName: 'Croquettes Poulet Adulte', orderId: '000001234' });
    const res = await send(fields, [png(), pdf('facture mars.pdf')]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const answer = contactRequestAnswer.parse(res.body);
    expect(answer.reference).toMatch(/^C-[A-Z2-9]{8}$/);
    expect(answer.files).toEqual([
      { name: 'photo.png', size: 64 },
      { name: 'facture mars.pdf', size: 64 },
    ]);

    const [ack] = await mailsTo(fields.email!);
    expect(ack!.subject).toBe(`Nous avons bien reçu votre message (${answer.reference})`);
    expect(ack!.text).toContain('Bonjour Anne Peeters,');
    expect(ack!.text).toContain('du lundi au vendredi de 9\u00A0h à 18\u00A0h');
    // Anyone may type any e-mail: the acknowledgement repeats nothing of the message.
    expect(ack!.text).not.toContain('abîmé');
    const notice = (await mailsTo(CUSTOMER_SERVICE)).find((m) => m.subject.includes(answer.reference));
    expect(notice!.text).toContain('Mon colis est arrivé abîmé.');
    expect(notice!.text).toContain('Commande\u00A0: 000001234');
    expect(notice!.text).toContain('facture mars.pdf');
    expect(notice!.text).toContain('/operator/contact-requests');
  });

  it('acknowledges in Dutch on the Dutch site, and takes a JSON request without files', async () => {
    const email = uniqueEmail('contact');
    const res = await api.call('POST', '/contact-requests', {
      body: { email, message: 'Wanneer komt mijn bestelling aan?' },
      query: 'locale=nl_BE',
      headers: { 'x-forwarded-for': randomClientAddress() },
    });
    expect(res.status).toBe(201);
    const [ack] = await mailsTo(email);
    expect(ack!.subject).toMatch(/^We hebben je bericht ontvangen \(C-/);
    expect(ack!.text).toContain('/nl/veelgestelde-vragen/');
  });

  it('answers every broken rule of the fields at once, in the shopper’s language', async () => {
    const all = violationsOf(await send({ message: '%', productName: '5%', orderId: 'commande 12', email: 'pas-un-email' }));
    expect(all.message).toMatchObject({ code: 'TOO_SHORT' });
    expect(all.productName).toMatchObject({ code: 'PERCENT_NOT_ALLOWED', message: 'Le caractère % n’est pas autorisé.' });
    expect(all.orderId).toMatchObject({ code: 'INVALID_CHOICE' });
    expect(all.email).toMatchObject({ code: 'INVALID_EMAIL', message: "L'email est invalide." });

    expect(violationsOf(await send({ email: uniqueEmail() })).message).toMatchObject({ code: 'NOT_BLANK' });
    expect(violationsOf(await send({ email: uniqueEmail(), message: 'a' })).message).toMatchObject({
      code: 'TOO_SHORT',
      message: 'Ce champ doit comporter au moins 2 caractères.',
    });
    expect(violationsOf(await send({ email: uniqueEmail(), message: 'Remise de 10 % ?' })).message).toMatchObject({
      code: 'PERCENT_NOT_ALLOWED',
    });
    expect(violationsOf(await send({ email: uniqueEmail(), message: 'ok\u0000ok' })).message).toMatchObject({ code: 'INVALID_CHARACTERS' });
    // Anonymous: the e-mail the answer goes to is required.
    expect(violationsOf(await send({ message: 'Bonjour à vous' })).email).toMatchObject({ code: 'NOT_BLANK' });
    expect(violationsOf(await send({ message: '%%' }, [], { query: 'locale=nl_BE' })).message).toMatchObject({
      message: 'Het teken % is niet toegestaan.',
    });
  });

  it('refuses a file of another type, one whose bytes contradict its name, and a too large one, with SPEC’s words', async () => {
    const program = new File([bytes('MZ\u0090\u0000')], 'setup.exe', { type: 'application/x-msdownload' });
    const disguised = new File([bytes('MZ\u0090\u0000')], 'photo.jpg', { type: 'image/jpeg' });
    const pdfAsHtml = new File([bytes('%PDF-1.4')], 'devis.pdf', { type: 'text/html' });
    const large = png('grande.png', CONTACT_FILES.maxFileBytes + 1);
    const res = violationsOf(await send(anonymous(), [png(), program, disguised, pdfAsHtml, large]));
    expect(res['files[0]']).toBeUndefined();
    expect(res['files[1]']).toMatchObject({ code: 'FILE_TYPE_NOT_SUPPORTED', message: 'Type de fichier non supporté' });
    expect(res['files[2]']).toMatchObject({ code: 'FILE_TYPE_NOT_SUPPORTED' });
    expect(res['files[3]']).toMatchObject({ code: 'FILE_TYPE_NOT_SUPPORTED' });
    expect(res['files[4]']).toMatchObject({ code: 'FILE_TOO_LARGE', message: 'Fichier trop volumineux' });
    const dutch = violationsOf(await send(anonymous(), [program, large], { query: 'locale=nl_BE' }));
    expect(dutch['files[0]']!.message).toBe('Bestandstype niet ondersteund');
    expect(dutch['files[1]']!.message).toBe('Bestand te groot');
    // An empty file is no file.
    expect(violationsOf(await send(anonymous(), [new File([], 'vide.txt', { type: 'text/plain' })]))['files[0]']).toMatchObject({
      code: 'FILE_TOO_LARGE',
    });
  });

  it('takes an accepted file whatever the case of its extension or a missing type, a file of exactly the maximum', async () => {
    const files = [
      new File([bytes(PNG)], 'SCAN.PNG', { type: '' }),
      new File(['date;poids\n2026-03-01;12'], 'pesées.csv', { type: 'text/csv' }),
      new File([bytes([0x50, 0x4b, 0x03, 0x04])], 'billet.pkpass', { type: 'application/octet-stream' }),
      png('juste.png', CONTACT_FILES.maxFileBytes),
    ];
    const res = await send(anonymous(), files);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(contactRequestAnswer.parse(res.body).files.map((f) => f.name)).toEqual(['SCAN.PNG', 'pesées.csv', 'billet.pkpass', 'juste.png']);
  });

  it('takes five files at most, 20 MB together, and a body beyond that is refused before it is read', async () => {
    const six = Array.from({ length: CONTACT_FILES.maxFiles + 1 }, (_, i) => png(`p${i}.png`));
    expect(violationsOf(await send(anonymous(), six)).files).toMatchObject({
      code: 'TOO_MANY_FILES',
      message: 'Vous pouvez joindre au plus 5 fichiers.',
    });
    const together = [png('a.png', CONTACT_FILES.maxFileBytes), png('b.png', CONTACT_FILES.maxFileBytes), png('c.png', 200 * 1024)];
    expect(violationsOf(await send(anonymous(), together)).files).toMatchObject({
      code: 'FILES_TOO_LARGE',
      message: 'Vos fichiers ne peuvent pas dépasser 20\u00A0Mo au total.',
    });
    const tooMuch = await send(anonymous(), [
      png('a.png', CONTACT_FILES.maxFileBytes),
      png('b.png', CONTACT_FILES.maxFileBytes),
      png('c.png', 2 * 1024 * 1024),
    ]);
    expect(tooMuch.status).toBe(413);
    expect(hydraError.parse(tooMuch.body)['hydra:description']).toBe('Request body too large');
  });

  it('answers 400 to a malformed body and a file sent as text, never 500', async () => {
    const res = await platform.request('/api/v2/shop/contact-requests', {
      method: 'POST',
      body: '--x\r\nContent-Disposition: form-data; name="message"\r\n\r\nunterminated',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'x-forwarded-for': randomClientAddress() },
    });
    expect([400, 422]).toContain(res.status);
    expect((await api.call('POST', '/contact-requests', { raw: '{"message":' })).status).toBe(400);
    const form = new FormData();
    form.append('message', 'Bonjour à vous');
    form.append('email', uniqueEmail());
    form.append('files[]', 'not a file');
    const text = await platform.request('/api/v2/shop/contact-requests', {
      method: 'POST',
      body: form,
      headers: { 'x-forwarded-for': randomClientAddress() },
    });
    expect(violationsOf(text)['files[0]']).toMatchObject({ code: 'INVALID_TYPE' });
  });

  it('answers a signed-in shopper at their account, about their own orders only', async () => {
    const owner = await api.signUp();
    const number = String(Math.floor(Math.random() * 1e8)).padStart(9, '0');
    await platform.db.query(
      `INSERT INTO shop.orders (token_value, customer_id, channel_code, locale_code, state, checkout_state, payment_state, shipping_state,
         number, checkout_completed_at, created_at, updated_at)
       VALUES ($1, $2, 'FR', 'fr_FR', 'new', 'completed', 'paid', 'ready', $3, now(), now(), now())`,
      [randomUUID().replaceAll('-', ''), owner.profile.id, number],
    );
    const other = await api.signUp();
    expect(
      violationsOf(await send({ message: 'Où en est ma commande ?', orderId: number }, [], { token: other.token })).orderId,
    ).toMatchObject({
      code: 'ORDER_NOT_FOUND',
    });
    const res = await send({ message: 'Où en est ma commande ?', orderId: number, email: 'someone.else@example.com' }, [], {
      token: owner.token,
    });
    expect(res.status).toBe(201);
    const { reference } = contactRequestAnswer.parse(res.body);
    expect((await mailsTo(owner.email)).some((m) => m.subject.includes(reference))).toBe(true);
    expect(await mailsTo('someone.else@example.com')).toHaveLength(0);
  });

  it('takes five requests an hour for one e-mail, with a Retry-After and a message in the shopper’s language', async () => {
    const email = uniqueEmail('flood');
    for (let i = 0; i < 5; i++) expect((await send(anonymous({ email }))).status).toBe(201);
    const refused = await send(anonymous({ email }), [], { query: 'locale=nl_BE' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(hydraError.parse(refused.body)['hydra:description']).toMatch(/^Je hebt ons al meerdere keren geschreven/);
    // A refused request keeps nothing and mails nothing.
    expect(await mailsTo(email)).toHaveLength(5);
  });
});

describe('GET /operator/contact-requests', () => {
  it('lists the requests to staff with a token only, and serves each file as a download', async () => {
    const fields = anonymous({ message: 'Photo du sac percé jointe.' });
    const created = contactRequestAnswer.parse((await send(fields, [png('sac.png', 100), pdf()])).body);
    expect((await staff('/operator/contact-requests', null)).status).toBe(401);
    expect((await staff('/operator/contact-requests', 'x'.repeat(OPERATOR_TOKEN.length))).status).toBe(401);
    // As many characters as the token, one of them not ASCII (so one byte more): a refusal, never a 500.
    expect((await staff('/operator/contact-requests', `é${OPERATOR_TOKEN.slice(1)}`)).status).toBe(401);
    expect((await staff('/operator/contact-requests', `${OPERATOR_TOKEN.slice(0, -2)}é`)).status).toBe(401);
    const list = await staff('/operator/contact-requests');
    expect(list.status).toBe(200);
    const found = list.body.requests.find((r: { reference: string }) => r.reference === created.reference);
    expect(found).toMatchObject({
      email: fields.email,
      name: 'Anne Peeters',
      message: 'Photo du sac percé jointe.',
      customerId: null,
      locale: 'fr_FR',
    });
    expect(found.files.map((f: { name: string; size: number }) => [f.name, f.size])).toEqual([
      ['sac.png', 100],
      ['facture.pdf', 64],
    ]);

    const download = await platform.app.request(new URL(found.files[0].href).pathname, {
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/octet-stream');
    expect(download.headers.get('content-disposition')).toContain('attachment; filename="sac.png"');
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(bytes(PNG, 100));
    expect((await staff(`/operator/contact-requests/${created.reference}/files/7`)).status).toBe(404);
    expect((await staff(`/operator/contact-requests/${created.reference}/files/0`, null)).status).toBe(401);
    expect((await staff('/operator/contact-requests?before=abc')).status).toBe(400);
  });

  it('is there on a production platform too (no outbox), with the token only', async () => {
    const production = createPlatform({
      db: platform.db,
      siteOrigins: [],
      outbox: false,
      shop: { env: { OPERATOR_TOKEN, JWT_SECRET: 'api-test-secret' } },
    });
    const call = (path: string, token?: string) =>
      production.request(`http://platform.test${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    expect((await call('/operator/contact-requests', OPERATOR_TOKEN)).status).toBe(200);
    expect((await call('/operator/contact-requests')).status).toBe(401);
    expect((await call('/outbox.json')).status).toBe(404);
  });
});
