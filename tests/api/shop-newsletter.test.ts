/**
 * The newsletter sign-up (double opt-in) and the 5 € first-order offer it brings: the personal code, who
 * may use it, and the public BIENVENUE5 refused to everyone else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { shopApi, testClock, testPlatform, uniqueEmail, type TestPlatform } from './platform.ts';
import { loadFixtures } from '../../src/backend/seed/seed.ts';
import { EXIT_INTENT_DISCOUNT } from '../../src/lib/constants.ts';
import { hydraError, violationList } from '../../src/lib/shop-api/errors.ts';
import { newsletterSubscription } from '../../src/lib/shop-api/newsletter.ts';
import { order as orderSchema } from '../../src/lib/shop-api/orders.ts';

const clock = testClock();
let platform: TestPlatform;
let api: ReturnType<typeof shopApi>;
const fixtures = loadFixtures();
const variant = fixtures.products
  .filter((p) => p.viewable && !p.isSample)
  .flatMap((p) => p.variants.filter((v) => v.showVariant && v.inStock))[0]!;

beforeAll(async () => {
  platform = await testPlatform({ clock: clock.now });
  api = shopApi(platform);
});
afterAll(async () => {
  await platform.db.close();
});

type Mail = { id: number; to: string; subject: string; text: string; html: string };
const mailsTo = async (to: string): Promise<Mail[]> => (await platform.get(`/outbox.json?to=${encodeURIComponent(to)}`)).body.mails;
const signUp = (body: unknown, query?: string) => api.call('POST', '/newsletter-subscriptions', { body, query });
const confirm = (token: string, query?: string) => api.call('PATCH', `/newsletter-subscriptions/${token}`, { body: {}, query });
/** The confirmation link's token in the newest confirmation mail to this e-mail. */
const confirmationToken = async (email: string): Promise<string> => {
  const mail = (await mailsTo(email)).find((m) => /newsletter|nieuwsbrief/i.test(m.subject) && /confirmation=/.test(m.text));
  expect(mail, 'a confirmation mail').toBeDefined();
  return /\?confirmation=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
};
const expectViolation = (res: { status: number; body: unknown }, propertyPath: string, code: string, message?: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  const found = violationList.parse(res.body).violations.find((v) => v.propertyPath === propertyPath);
  expect(found, JSON.stringify(res.body)).toBeDefined();
  expect(found!.code).toBe(code);
  if (message) expect(found!.message).toBe(message);
};
const expectNotFound = (res: { status: number; body: unknown }) => {
  expect(res.status).toBe(404);
  expect(hydraError.parse(res.body)['hydra:description']).toBe('Not Found');
};
/** A signed-up, confirmed subscriber: their e-mail and the answer of the confirmation. */
const subscribed = async (email = uniqueEmail('news'), query?: string) => {
  expect((await signUp({ email }, query)).status).toBe(202);
  const res = await confirm(await confirmationToken(email), query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { email, answer: newsletterSubscription.parse(res.body) };
};
const cartOf = async (session?: string) => {
  const created = await api.call('POST', '/orders', { body: { localeCode: 'fr_FR', channelCode: 'FR' }, token: session });
  const token = orderSchema.parse(created.body).tokenValue;
  const res = await api.call('PATCH', `/orders/${token}/items`, { body: { productVariant: variant.code, quantity: 3 }, token: session });
  expect(res.status).toBe(200);
  return token;
};
const apply = (cart: string, couponCode: string, session?: string, query?: string) =>
  api.call('PATCH', `/orders/${cart}/apply-coupon`, { body: { couponCode }, token: session, query });
const completedOrderWith = (customerId: number, couponCode: string | null) =>
  platform.db.query(
    `INSERT INTO shop.orders (token_value, customer_id, channel_code, locale_code, state, checkout_state, payment_state, shipping_state,
       coupon_code, checkout_completed_at, created_at, updated_at)
     VALUES ($1, $2, 'FR', 'fr_FR', 'new', 'completed', 'paid', 'ready', $3, now(), now(), now())`,
    [randomUUID().replaceAll('-', ''), customerId, couponCode],
  );

describe('POST /newsletter-subscriptions', () => {
  it('refuses a missing or invalid e-mail with the form’s words, in French and Dutch', async () => {
    expectViolation(await signUp({}), 'email', 'NOT_BLANK');
    expectViolation(await signUp({ email: '' }), 'email', 'NOT_BLANK');
    expectViolation(await signUp({ email: 'pas-un-email' }), 'email', 'INVALID_EMAIL', "L'email est invalide.");
    expectViolation(await signUp({ email: 'geen-email' }, 'locale=nl_BE'), 'email', 'INVALID_EMAIL', 'Het e-mailadres is ongeldig.');
    expectViolation(await signUp({ email: 42 }), 'email', 'INVALID_TYPE');
    expectViolation(await signUp({ email: `${'a'.repeat(250)}@example.com` }), 'email', 'TOO_LONG');
    expectViolation(await signUp({ email: uniqueEmail(), source: 'spam' }), 'source', 'INVALID_CHOICE');
    expectViolation(await signUp({ email: uniqueEmail(), localeCode: 'de_DE' }), 'localeCode', 'INVALID_CHOICE');
  });

  it('answers 400 to malformed JSON and 415 to another content type, never 500', async () => {
    const bad = await api.call('POST', '/newsletter-subscriptions', { raw: '{"email":' });
    expect(bad.status).toBe(400);
    const form = await api.call('POST', '/newsletter-subscriptions', {
      raw: 'email=a@b.c',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    expect((await api.call('POST', '/newsletter-subscriptions', { body: ['a@b.c'] })).status).toBe(400);
  });

  it('mails a confirmation link and subscribes nobody before it is followed', async () => {
    const email = uniqueEmail('news');
    const res = await signUp({ email: `  ${email.toUpperCase()} `, source: 'footer' });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({
      '@context': '/api/v2/contexts/NewsletterSubscription',
      '@type': 'NewsletterSubscription',
      confirmed: false,
    });
    const [mail, ...others] = await mailsTo(email);
    expect(others).toHaveLength(0);
    expect(mail!.subject).toBe('Confirmez votre inscription à la newsletter');
    expect(mail!.text).toMatch(/\/newsletter\/\?confirmation=[A-Za-z0-9_-]{40,}/);
    const [row] = await platform.db.query<{ confirmed_at: string | null }>(
      'SELECT confirmed_at FROM shop.newsletter_subscribers WHERE email_canonical = $1',
      [email],
    );
    expect(row!.confirmed_at).toBeNull();
  });

  it('writes the Dutch mail with the Dutch page’s link', async () => {
    const email = uniqueEmail('nieuws');
    expect((await signUp({ email, localeCode: 'nl_BE' })).status).toBe(202);
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toBe('Bevestig je inschrijving op de nieuwsbrief');
    expect(mail!.text).toMatch(/\/nl\/nieuwsbrief\/\?confirmation=/);
  });

  it('sends a confirmed subscriber nothing more, and answers the same', async () => {
    const { email } = await subscribed();
    const before = (await mailsTo(email)).length;
    const again = await signUp({ email });
    expect(again.status).toBe(202);
    expect(newsletterSubscription.parse(again.body).confirmed).toBe(false);
    expect(await mailsTo(email)).toHaveLength(before);
  });

  it('mails one e-mail three times an hour at most, with a Retry-After and a message in the shopper’s language', async () => {
    const email = uniqueEmail('flood');
    for (let i = 0; i < 3; i++) expect((await signUp({ email })).status).toBe(202);
    const refused = await signUp({ email }, 'locale=nl_BE');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(hydraError.parse(refused.body)['hydra:description']).toContain('nieuwsbrief');
    expect(await mailsTo(email)).toHaveLength(3);
  });
});

describe('PATCH /newsletter-subscriptions/{token}', () => {
  it('confirms once, with a personal single-use 5 € code mailed to a new subscriber', async () => {
    const email = uniqueEmail('news');
    await signUp({ email });
    const token = await confirmationToken(email);
    const res = await confirm(token);
    expect(res.status).toBe(200);
    const answer = newsletterSubscription.parse(res.body);
    expect(answer).toMatchObject({ confirmed: true, email });
    expect(answer.welcomeCoupon).toEqual({
      code: expect.stringMatching(/^BIENVENUE5-[A-Z2-9]{6}$/),
      amount: EXIT_INTENT_DISCOUNT,
      hasAccount: false,
    });
    const codeMail = (await mailsTo(email)).find((m) => m.text.includes(answer.welcomeCoupon!.code));
    expect(codeMail?.subject).toBe('Votre code de 5,00\u00A0€ de réduction');
    expect(codeMail?.text).toContain('/creer-un-compte/');
    // The link works once.
    expectNotFound(await confirm(token));
  });

  it('answers 404 to an unknown or malformed token, and refuses an expired link (fixed clock)', async () => {
    expectNotFound(await confirm('x'.repeat(43)));
    expectNotFound(await confirm('not%20a%20token'));
    expectNotFound(await api.call('PATCH', `/newsletter-subscriptions/${'a'.repeat(200)}`, { body: {} }));
    const email = uniqueEmail('late');
    clock.set('2026-03-02T10:00:00Z');
    try {
      await signUp({ email });
      const token = await confirmationToken(email);
      clock.set('2026-03-09T10:00:00.001Z');
      expectViolation(
        await confirm(token),
        'token',
        'SIGN_UP_LINK_EXPIRED',
        'Ce lien de confirmation a expiré\u00A0: merci de vous inscrire à nouveau à la newsletter.',
      );
      // Signing up again mails a new link; the old one is dead.
      await signUp({ email });
      const fresh = await confirmationToken(email);
      expect(fresh).not.toBe(token);
      expectNotFound(await confirm(token));
      expect((await confirm(fresh)).status).toBe(200);
    } finally {
      clock.reset();
    }
  });

  it('gives one code per e-mail ever, and none to a customer who has ordered', async () => {
    const { email, answer } = await subscribed();
    expect(answer.welcomeCoupon).not.toBeNull();
    await platform.db.query(`UPDATE shop.newsletter_subscribers SET confirmed_at = NULL WHERE email_canonical = $1`, [email]);
    await signUp({ email });
    expect(newsletterSubscription.parse((await confirm(await confirmationToken(email))).body).welcomeCoupon).toBeNull();

    const regular = await api.signUp();
    await completedOrderWith(regular.profile.id, null);
    const second = await subscribed(regular.email);
    expect(second.answer.welcomeCoupon).toBeNull();
    const customer = await api.call('GET', `/customers/${regular.profile.id}`, { token: regular.token });
    expect(customer.body.subscribedToNewsletter).toBe(true);
  });

  it('starts the sign-up when a shopper registers with the newsletter box ticked; its code is theirs', async () => {
    const newcomer = await api.signUp({ subscribedToNewsletter: true });
    const res = await confirm(await confirmationToken(newcomer.email));
    const { welcomeCoupon } = newsletterSubscription.parse(res.body);
    expect(welcomeCoupon).toMatchObject({ amount: EXIT_INTENT_DISCOUNT, hasAccount: true });
    const cart = await cartOf(newcomer.token);
    const applied = orderSchema.parse((await apply(cart, welcomeCoupon!.code, newcomer.token)).body);
    expect(applied).toMatchObject({ couponCode: welcomeCoupon!.code, orderPromotionTotal: -EXIT_INTENT_DISCOUNT });
    // In the customer's language: Dutch is the BE site's, whichever site they registered on.
    const dutch = await api.signUp({ subscribedToNewsletter: true, preferredLanguage: 'nl' });
    const confirmation = (await mailsTo(dutch.email)).find((m) => /confirmation=/.test(m.text));
    expect(confirmation?.subject).toBe('Bevestig je inschrijving op de nieuwsbrief');
    expect(confirmation?.text).toContain('/nl/nieuwsbrief/?confirmation=');
    // Registering without the box mails no confirmation.
    const other = await api.signUp();
    expect((await mailsTo(other.email)).some((m) => /confirmation=/.test(m.text))).toBe(false);
  });
});

describe('the personal 5 € code', () => {
  it('works only on its owner’s signed-in cart, once, for the first order; BIENVENUE5 applies it for its owner only', async () => {
    const { email, answer } = await subscribed();
    const code = answer.welcomeCoupon!.code;

    // Anonymous cart: the owner must sign in.
    const anonymous = await cartOf();
    expectViolation(
      await apply(anonymous, code.toLowerCase()),
      'couponCode',
      'COUPON_SIGN_IN',
      'Ce code promo est personnel\u00A0: connectez-vous au compte auquel il a été envoyé pour l’utiliser.',
    );
    expectViolation(await apply(anonymous, 'BIENVENUE5'), 'couponCode', 'COUPON_RESERVED');

    // Someone else's account.
    const stranger = await api.signUp();
    const theirs = await cartOf(stranger.token);
    expectViolation(await apply(theirs, code, stranger.token), 'couponCode', 'COUPON_PERSONAL');
    expectViolation(
      await apply(theirs, code, stranger.token, 'locale=nl_BE'),
      'couponCode',
      'COUPON_PERSONAL',
      'Deze kortingscode is persoonlijk: hij geldt alleen voor het account waarnaar hij werd gestuurd.',
    );
    expectViolation(await apply(theirs, 'BIENVENUE5', stranger.token), 'couponCode', 'COUPON_RESERVED');

    // The subscriber opens their account with that e-mail: the plain BIENVENUE5 applies their own code.
    const owner = await api.signUp({ email });
    const own = await cartOf(owner.token);
    const applied = orderSchema.parse((await apply(own, ' bienvenue5 ', owner.token)).body);
    expect(applied).toMatchObject({ couponCode: code, orderPromotionTotal: -EXIT_INTENT_DISCOUNT });
    expect(applied.promotions).toEqual([{ code, label: expect.stringContaining('5'), amount: -EXIT_INTENT_DISCOUNT }]);

    // Once their first order is placed with it, the code is spent: a new cart refuses it.
    await completedOrderWith(owner.profile.id, code);
    const next = await cartOf(owner.token);
    expectViolation(await apply(next, code, owner.token), 'couponCode', 'COUPON_USED', 'Ce code promo a déjà été utilisé.');
    expectViolation(await apply(next, 'BIENVENUE5', owner.token), 'couponCode', 'COUPON_RESERVED');
  });

  it('is spent by one completed order: another cart holding it gives nothing and says why', async () => {
    const { email, answer } = await subscribed();
    const code = answer.welcomeCoupon!.code;
    const owner = await api.signUp({ email });
    const first = await cartOf(owner.token);
    const second = await cartOf(owner.token);
    expect((await apply(second, code, owner.token)).status).toBe(200);
    // The same code placed on another order (by a staff action, say) without making this customer a regular one.
    const other = await api.signUp();
    await completedOrderWith(other.profile.id, code);
    const priced = orderSchema.parse((await api.call('GET', `/orders/${second}`, { token: owner.token })).body);
    expect(priced.orderPromotionTotal).toBe(0);
    expect(priced.coupon).toMatchObject({
      code,
      applicable: false,
      refusal: { code: 'COUPON_USED', message: 'Ce code promo a déjà été utilisé.' },
    });
    expectViolation(await apply(first, code, owner.token), 'couponCode', 'COUPON_USED');
  });
});
