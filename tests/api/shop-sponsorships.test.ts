/**
 * Sponsorships: the referral code and link (GET /shop/sponsorships), the friend recorded at registration,
 * the sponsor's code on the friend's carts (their first-order reduction), and the sponsor's reward once the
 * friend's first order is paid, over the embedded payment sandbox as in production.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPONSORSHIP, sponsorship, type Sponsorship } from '../../src/lib/shop-api/sponsorships.ts';
import { jwtError } from '../../src/lib/shop-api/errors.ts';
import { payingPlatform } from './paying-platform.ts';
import { shopApi, uniqueEmail, type TestPlatform } from './platform.ts';
import { cheapest, checkout, expectViolation, frAddress, ok, payByCard, type Api } from './shop-checkout-support.ts';

let platform: TestPlatform;
let api: Api;
let origin: string;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ platform, origin, close } = await payingPlatform());
  api = shopApi(platform);
});
afterAll(async () => {
  await close();
});

const sponsorshipOf = async (token: string, query?: string): Promise<Sponsorship> => {
  const res = await api.call('GET', '/sponsorships', { token, query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return sponsorship.parse(res.body);
};
type Mail = { to: string; subject: string; text: string };
const mailsTo = async (to: string): Promise<Mail[]> => (await platform.get(`/outbox.json?to=${encodeURIComponent(to)}`)).body.mails;
/** Enough of the cheapest variant for the friend's minimum. */
const enough = Math.ceil(SPONSORSHIP.friendMinimum / cheapest.basePrice);

/** The sandbox's accepted test cards (src/backend/payments/test-cards.ts): one number is one card (brand, last four, expiry). */
const VISA = '4543474002249996';
const MASTERCARD = '5555555555554444';

async function cardToken(cardNumber = VISA) {
  const res = await fetch(`${origin}/payments/components/card-tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ cardHolder: 'Lotte Peeters', cardNumber, expiryDate: '12/35', verificationCode: '123' }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { token: string }).token;
}

/** Another household than frAddress's (the checkout's default address). */
const otherAddress = { ...frAddress, firstName: 'Lotte', lastName: 'Peeters', street: '12 rue de la République', postcode: '69002' };

/**
 * The customer's order placed from their cart (whatever coupon it holds), delivered to `address` (frAddress by
 * default), then paid by card when asked (`card`: its number).
 */
async function placeOrder(session: string, { pay, address = frAddress, card = VISA }: { pay: boolean; address?: object; card?: string }) {
  const steps = checkout(api, session);
  const token = await steps.cart([{ code: cheapest.code, quantity: enough }]);
  await steps.upToPayment(token, 'visa', address);
  const order = ok(await steps.complete(token));
  if (pay) expect((await payByCard(api, session, order.payments.at(-1)!.id, await cardToken(card))).status).toBe(201);
  return order;
}

/** Why the friend's first paid order brought no reward (shop.referrals.refusal), null when it did or has not yet. */
const refusalOf = async (friendCustomer: string) =>
  (
    await platform.db.query<{ refusal: string | null }>('SELECT refusal FROM shop.referrals WHERE friend_customer_id = $1', [
      Number(friendCustomer.split('/').at(-1)),
    ])
  )[0]?.refusal ?? null;
const rewardMailsTo = async (email: string) => (await mailsTo(email)).filter((m) => /MERCI-/.test(m.text));

describe('GET /sponsorships', () => {
  it('needs a session, and gives the customer one stable code and a link to the account creation in their language', async () => {
    const noToken = await api.call('GET', '/sponsorships');
    expect(noToken.status).toBe(401);
    expect(jwtError.parse(noToken.body).message).toBe('JWT Token not found');

    const sponsor = await api.signUp({ firstName: 'Élodie' });
    const first = await sponsorshipOf(sponsor.token);
    expect(first.code).toMatch(/^ELODIE-[A-Z2-9]{4}$/);
    expect(first.link).toBe(`http://localhost:4321/creer-un-compte/?parrain=${first.code}`);
    expect(first.rule).toEqual(SPONSORSHIP);
    expect(first.friends).toEqual([]);
    const again = await sponsorshipOf(sponsor.token, 'locale=nl_BE');
    expect(again.code).toBe(first.code);
    expect(again.link).toBe(`http://localhost:4322/nl/account-aanmaken/?parrain=${first.code}`);
    // A first name without a letter gives the shop's own word.
    expect((await sponsorshipOf((await api.signUp({ firstName: '李' })).token)).code).toMatch(/^AMI-/);
  });
});

describe('a sponsored friend', () => {
  it('registers through the link, finds the reduction on their cart, and the sponsor is rewarded once the first order is paid', async () => {
    const sponsor = await api.signUp({ firstName: 'Camille' });
    const { code } = await sponsorshipOf(sponsor.token);
    const friend = await api.signUp({ firstName: 'Lotte', lastName: 'Peeters', sponsorCode: ` ${code.toLowerCase()} ` });

    let page = await sponsorshipOf(sponsor.token);
    expect(page.friends).toEqual([{ name: 'Lotte P.', registeredAt: expect.any(String), state: 'registered', reward: null }]);
    // Nothing of the friend beyond a first name and an initial.
    expect(JSON.stringify(page)).not.toContain(friend.email);
    expect(JSON.stringify(page)).not.toContain('Peeters');

    // The sponsor's code is on the friend's new cart, and gives its reduction from the minimum.
    const steps = checkout(api, friend.token);
    const small = ok(await steps.get(await steps.cart([{ code: cheapest.code, quantity: 1 }])));
    expect(small.couponCode).toBe(code);
    if (cheapest.basePrice < SPONSORSHIP.friendMinimum)
      expect(small.coupon).toMatchObject({ applicable: false, refusal: { code: 'COUPON_MINIMUM' } });
    const order = await placeOrder(friend.token, { pay: false });
    expect(order).toMatchObject({ couponCode: code, orderPromotionTotal: -SPONSORSHIP.friendDiscount });

    // Placed, not paid: the friend has ordered, the sponsor waits.
    page = await sponsorshipOf(sponsor.token);
    expect(page.friends[0]).toMatchObject({ state: 'ordered', reward: null });
    expect(await mailsTo(sponsor.email)).toHaveLength(1); // the welcome mail only

    expect((await payByCard(api, friend.token, order.payments.at(-1)!.id, await cardToken())).status).toBe(201);
    page = await sponsorshipOf(sponsor.token);
    const reward = page.friends[0]!.reward!;
    expect(page.friends[0]!.state).toBe('rewarded');
    expect(reward).toMatchObject({ code: expect.stringMatching(/^MERCI-[A-Z2-9]{6}$/), amount: SPONSORSHIP.sponsorReward, used: false });
    const days = (new Date(reward.expiresAt!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(SPONSORSHIP.rewardValidityDays - 1);
    expect(days).toBeLessThanOrEqual(SPONSORSHIP.rewardValidityDays);
    const mail = (await mailsTo(sponsor.email)).find((m) => m.text.includes(reward.code));
    expect(mail?.subject).toBe('Votre récompense de parrainage\u00A0: 10\u00A0€');
    expect(mail?.text).toContain('Lotte a passé et réglé sa première commande');
    expect(mail?.text).toContain('/mon-compte/mes-parrainages/');

    // A second paid order brings nothing more, and the friend's next cart has no code of the sponsor.
    await placeOrder(friend.token, { pay: true });
    page = await sponsorshipOf(sponsor.token);
    expect(page.friends).toHaveLength(1);
    expect(page.friends[0]!.reward!.code).toBe(reward.code);
    expect((await mailsTo(sponsor.email)).filter((m) => /MERCI-/.test(m.text))).toHaveLength(1);
    const later = ok(await steps.get(await steps.cart()));
    expect(later.couponCode).toBeNull();

    // The reward is the sponsor's own code, once.
    const theirs = checkout(api, sponsor.token);
    const sponsorCart = await theirs.cart([{ code: cheapest.code, quantity: enough }]);
    const applied = ok(await theirs.call('PATCH', `/orders/${sponsorCart}/apply-coupon`, { couponCode: reward.code }));
    expect(applied.orderPromotionTotal).toBe(-SPONSORSHIP.sponsorReward);
    const friendCart = await steps.cart();
    expectViolation(
      await steps.call('PATCH', `/orders/${friendCart}/apply-coupon`, { couponCode: reward.code }),
      'couponCode',
      'COUPON_PERSONAL',
    );
  });

  it('may type the code in the cart instead; the sponsor cannot use their own; a customer who ordered before cannot use any', async () => {
    const sponsor = await api.signUp({ firstName: 'Noah' });
    const { code } = await sponsorshipOf(sponsor.token);
    const own = checkout(api, sponsor.token);
    const ownCart = await own.cart([{ code: cheapest.code, quantity: enough }]);
    expectViolation(
      await own.call('PATCH', `/orders/${ownCart}/apply-coupon`, { couponCode: code }),
      'couponCode',
      'COUPON_OWN_REFERRAL',
      'Vous ne pouvez pas utiliser votre propre code de parrainage.',
    );

    // Registered without the link (an unknown code is ignored): they type the code.
    const friend = await api.signUp({ firstName: 'Zoë', lastName: 'de Smet', sponsorCode: 'NOBODY-XXXX' });
    expect((await sponsorshipOf(sponsor.token)).friends).toEqual([]);
    const steps = checkout(api, friend.token);
    const token = await steps.cart([{ code: cheapest.code, quantity: enough }]);
    expect(ok(await steps.get(token)).couponCode).toBeNull();
    expect(ok(await steps.call('PATCH', `/orders/${token}/apply-coupon`, { couponCode: code })).orderPromotionTotal).toBe(
      -SPONSORSHIP.friendDiscount,
    );
    await steps.upToPayment(token, 'visa');
    const order = ok(await steps.complete(token));
    expect((await payByCard(api, friend.token, order.payments.at(-1)!.id, await cardToken())).status).toBe(201);
    const page = await sponsorshipOf(sponsor.token);
    expect(page.friends).toEqual([
      expect.objectContaining({
        name: 'Zoë D.',
        state: 'rewarded',
        reward: expect.objectContaining({ amount: SPONSORSHIP.sponsorReward }),
      }),
    ]);

    // The friend has ordered now: nobody's code works for them any more.
    const other = await sponsorshipOf((await api.signUp({ firstName: 'Sam' })).token);
    const next = await steps.cart([{ code: cheapest.code, quantity: enough }]);
    expectViolation(
      await steps.call('PATCH', `/orders/${next}/apply-coupon`, { couponCode: other.code }),
      'couponCode',
      'COUPON_FIRST_ORDER',
    );
  });

  it('registers whatever the link’s code says, and an anonymous cart takes a referral code (checked again at sign-in)', async () => {
    const email = uniqueEmail('friend');
    const res = await api.call('POST', '/customers', {
      body: { firstName: 'Ana', lastName: 'Lopes', email, password: 'croquettes5', acceptTerms: true, sponsorCode: 'x'.repeat(33) },
    });
    expectViolation(res, 'sponsorCode', 'TOO_LONG');
    const sponsor = await api.signUp({ firstName: 'Inès' });
    const { code } = await sponsorshipOf(sponsor.token);
    const cart = ok(await api.call('POST', '/orders', { body: { localeCode: 'fr_FR', channelCode: 'FR' } }), 201);
    ok(await api.call('PATCH', `/orders/${cart.tokenValue}/items`, { body: { productVariant: cheapest.code, quantity: enough } }));
    expect(ok(await api.call('PATCH', `/orders/${cart.tokenValue}/apply-coupon`, { body: { couponCode: code } })).orderPromotionTotal).toBe(
      -SPONSORSHIP.friendDiscount,
    );
    // Assigned to its sponsor, it gives nothing and says why.
    const assigned = ok(
      await api.call('PUT', `/orders/${cart.tokenValue}`, { body: { customer: sponsor.customer }, token: sponsor.token }),
    );
    expect(assigned).toMatchObject({ couponCode: code, orderPromotionTotal: 0, coupon: { refusal: { code: 'COUPON_OWN_REFERRAL' } } });
  });
});

describe('a friend of the same household as their sponsor', () => {
  it('is refused the discount at the sponsor’s address, when the code is applied and at completion, and brings no reward', async () => {
    const sponsor = await api.signUp({ firstName: 'Hugo' });
    const { code } = await sponsorshipOf(sponsor.token);
    // The sponsor's address book says where they live, written otherwise than the friends will.
    const booked = await api.call('POST', '/addresses', {
      token: sponsor.token,
      body: { ...frAddress, firstName: 'Hugo', street: '8 AV Foch', postcode: '69006' },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);

    // A friend who types the code, their default address being the sponsor's: refused, in their language.
    const typing = await api.signUp({ firstName: 'Léa' });
    const defaulted = await api.call('POST', '/addresses', { token: typing.token, body: { ...frAddress, isDefault: true } });
    expect(defaulted.status, JSON.stringify(defaulted.body)).toBe(201);
    const steps = checkout(api, typing.token);
    const cart = await steps.cart([{ code: cheapest.code, quantity: enough }]);
    expectViolation(
      await steps.call('PATCH', `/orders/${cart}/apply-coupon`, { couponCode: code }),
      'couponCode',
      'COUPON_REFERRAL_SAME_HOUSEHOLD',
      'Ce code de parrainage est réservé à un nouveau client d’un autre foyer\u00A0: il ne s’applique pas à une livraison chez votre parrain.',
    );
    expect(ok(await steps.get(cart)).couponCode).toBeNull();

    // A friend through the link: the code is on their cart, and gives nothing once it ships to the sponsor.
    const friend = await api.signUp({ firstName: 'Tom', sponsorCode: code });
    const theirs = checkout(api, friend.token);
    const token = await theirs.cart([{ code: cheapest.code, quantity: enough }]);
    expect(ok(await theirs.get(token))).toMatchObject({ couponCode: code, orderPromotionTotal: -SPONSORSHIP.friendDiscount });
    const addressed = await theirs.upToPayment(token, 'visa', { ...frAddress, street: '8 Avenue  Foch' });
    expect(addressed).toMatchObject({
      couponCode: code,
      orderPromotionTotal: 0,
      coupon: { applicable: false, refusal: { code: 'COUPON_REFERRAL_SAME_HOUSEHOLD' } },
    });
    const dutch = await api.call('GET', `/orders/${token}`, { token: friend.token, query: 'locale=nl_BE' });
    expect(ok(dutch).coupon?.refusal?.message).toBe(
      'Deze sponsorcode is voorbehouden aan een nieuwe klant uit een ander huishouden: hij geldt niet voor een levering bij wie je uitnodigde.',
    );
    const placed = ok(await theirs.complete(token));
    expect(placed).toMatchObject({ couponCode: code, orderPromotionTotal: 0, promotions: [] });

    // Paid: the sponsor is not rewarded, their page says so, and no mail tells otherwise.
    expect((await payByCard(api, friend.token, placed.payments.at(-1)!.id, await cardToken(MASTERCARD))).status).toBe(201);
    const page = await sponsorshipOf(sponsor.token);
    expect(page.friends).toEqual([expect.objectContaining({ name: 'Tom M.', state: 'refused', reward: null })]);
    expect(await refusalOf(friend.customer)).toBe('same_address');
    expect(await rewardMailsTo(sponsor.email)).toEqual([]);
  });

  it('gets the discount at another address with the sponsor’s card, but only a real friend rewards the sponsor, once', async () => {
    const sponsor = await api.signUp({ firstName: 'Margot' });
    const { code } = await sponsorshipOf(sponsor.token);
    // The sponsor ordered before, delivered home and paid by card.
    await placeOrder(sponsor.token, { pay: true, address: frAddress, card: VISA });

    // A "friend" at another address paying with the sponsor's card: their discount, no reward.
    const borrower = await api.signUp({ firstName: 'Paul', sponsorCode: code });
    const borrowed = await placeOrder(borrower.token, { pay: true, address: otherAddress, card: VISA });
    expect(borrowed).toMatchObject({ couponCode: code, orderPromotionTotal: -SPONSORSHIP.friendDiscount });
    let page = await sponsorshipOf(sponsor.token);
    expect(page.friends).toEqual([expect.objectContaining({ name: 'Paul M.', state: 'refused', reward: null })]);
    expect(await refusalOf(borrower.customer)).toBe('same_payment');
    expect(await rewardMailsTo(sponsor.email)).toEqual([]);
    // Their next paid order is not a first order: still nothing.
    await placeOrder(borrower.token, { pay: true, address: otherAddress, card: MASTERCARD });
    expect((await sponsorshipOf(sponsor.token)).friends[0]).toMatchObject({ state: 'refused', reward: null });

    // A real friend: another address, their own card.
    const friend = await api.signUp({ firstName: 'Jade', sponsorCode: code });
    const first = await placeOrder(friend.token, { pay: true, address: otherAddress, card: MASTERCARD });
    expect(first.orderPromotionTotal).toBe(-SPONSORSHIP.friendDiscount);
    page = await sponsorshipOf(sponsor.token);
    expect(page.friends.map((f) => [f.name, f.state])).toEqual([
      ['Paul M.', 'refused'],
      ['Jade M.', 'rewarded'],
    ]);
    expect(await refusalOf(friend.customer)).toBeNull();
    expect(await rewardMailsTo(sponsor.email)).toHaveLength(1);
    await placeOrder(friend.token, { pay: true, address: otherAddress, card: MASTERCARD });
    expect(await rewardMailsTo(sponsor.email)).toHaveLength(1);
  });
});
