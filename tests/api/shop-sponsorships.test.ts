/**
 * Sponsorships: the referral code and link (GET /shop/sponsorships), the friend recorded at registration,
 * the sponsor's code on the friend's carts (their first-order reduction), and the sponsor's reward once the
 * friend's first order is paid, over the embedded payment sandbox as in production.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPONSORSHIP } from '../../src/lib/shop-api/sponsorship-rule.ts';
import { jwtError, sponsorship, type Sponsorship } from '../../src/lib/shop-api/wire.ts';
import { payingPlatform } from './paying-platform.ts';
import { shopApi, uniqueEmail, type TestPlatform } from './platform.ts';
import { cheapest, checkout, expectViolation, ok, payByCard, type Api } from './shop-checkout-support.ts';

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

async function cardToken() {
  const res = await fetch(`${origin}/payments/components/card-tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ cardHolder: 'Lotte Peeters', cardNumber: '4543474002249996', expiryDate: '12/35', verificationCode: '123' }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { token: string }).token;
}

/** The friend's order placed from their cart (whatever coupon it holds), then paid by card when asked. */
async function placeOrder(session: string, { pay }: { pay: boolean }) {
  const steps = checkout(api, session);
  const token = await steps.cart([{ code: cheapest.code, quantity: enough }]);
  await steps.upToPayment(token, 'visa');
  const order = ok(await steps.complete(token));
  if (pay) expect((await payByCard(api, session, order.payments.at(-1)!.id, await cardToken())).status).toBe(201);
  return order;
}

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
