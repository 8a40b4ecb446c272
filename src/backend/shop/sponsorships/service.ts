/**
 * Sponsorships at work (lib/shop-api/sponsorships.ts says the rule): the referral code made on first need, the friend recorded
 * at registration, the sponsor's code put on the friend's carts, and the sponsor rewarded when the friend's
 * first order is paid (one of the effects of a paid order, shop/paid-order.ts, run in the payment's transaction),
 * provided the friend is of another household (household.ts).
 */
import { type ChannelCode, channelOf, intlLocaleOf, type Language, type LocaleCode, siteUrlOf } from '../../../lib/channels.ts';
import { pathTo } from '../../../lib/routes/paths.ts';
import type { Queryable } from '../../db/database.ts';
import { sendMail } from '../../mail/outbox.ts';
import { readableCode } from '../shared/random.ts';
import { rewardRefusal } from './household.ts';
import { rewardMail } from '../../mail/templates/sponsorships.ts';
import {
  giveReward,
  insertReferral,
  insertReferralCode,
  isFirstOrder,
  lockReferral,
  peopleOf,
  referralCodeOf,
  refuseReward,
  sponsorOfCode,
} from './repository.ts';
import { SPONSORSHIP } from '../../../lib/shop-api/sponsorships.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** "10 €", "€ 10": whole euros without cents, as a label says them. */
const euros = (lang: Language, minor: number): string =>
  new Intl.NumberFormat(intlLocaleOf(lang), {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: minor % 100 === 0 ? 0 : 2,
  }).format(minor / 100);

/** The code's first part: the sponsor's first name in capitals without accents (CAMILLE-7KQ2), AMI when it has no letter. */
const namePart = (firstName: string): string =>
  firstName
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toUpperCase()
    .slice(0, 10) || 'AMI';

/** The customer's referral code, made the first time it is asked for. */
export async function ensureReferralCode(q: Queryable, sponsor: { id: number; first_name: string }, now: Date): Promise<string> {
  const labels = {
    fr: `Parrainage\u00A0: ${euros('fr', SPONSORSHIP.friendDiscount)} offerts sur votre première commande`,
    nl: `Peterschap: ${euros('nl', SPONSORSHIP.friendDiscount)} korting op je eerste bestelling`,
  };
  for (let attempt = 0; attempt < 5; attempt++) {
    const existing = await referralCodeOf(q, sponsor.id);
    if (existing) return existing;
    const code = readableCode(namePart(sponsor.first_name), 4);
    const made = await insertReferralCode(q, sponsor.id, {
      code,
      value: SPONSORSHIP.friendDiscount,
      minimum: SPONSORSHIP.friendMinimum,
      labels,
      now,
    });
    if (made) return code;
  }
  throw new Error(`No free referral code for customer ${sponsor.id}`);
}

/** A new customer who came through a sponsor's link: an unknown code is ignored (registering must not fail on it). */
export async function recordReferral(q: Queryable, friendId: number, code: string, now: Date): Promise<void> {
  const sponsorId = await sponsorOfCode(q, code);
  if (sponsorId !== null) await insertReferral(q, friendId, sponsorId, now);
}

/**
 * After a payment of an order: when it is the friend's first order, their sponsor gets their reward, once.
 * A friend who typed a referral code rather than following the link becomes that sponsor's friend here.
 * A free order (nothing paid) never gets here: it brings no reward.
 *
 * A friend who is the sponsor in disguise brings nothing: an order shipped to one of the sponsor's addresses,
 * or paid with an instrument the sponsor used, gives no reward and no mail; the referral records why, and
 * that first order stays the only one that could have rewarded.
 *
 * The reward is given at payment. The shop refunds no order today (only charges it does not keep, which
 * never paid an order); when an order refund flow exists, refunding a friend's rewarded first order must
 * withdraw the sponsor's reward if it is still unused (its coupon expired or deleted, the referral marked).
 */
export async function rewardSponsor(
  tx: Queryable,
  order: { id: number; customer_id: number | null; coupon_code: string | null; channel_code: ChannelCode },
  { now, env }: { now: Date; env: Record<string, string | undefined> },
): Promise<void> {
  if (order.customer_id === null) return;
  const friendId = order.customer_id;
  if (order.coupon_code) {
    const sponsorId = await sponsorOfCode(tx, order.coupon_code);
    if (sponsorId !== null) await insertReferral(tx, friendId, sponsorId, now);
  }
  const referral = await lockReferral(tx, friendId);
  if (!referral || referral.rewarded_at !== null || referral.refusal !== null || !(await isFirstOrder(tx, friendId, order.id))) return;
  const refusal = await rewardRefusal(tx, referral.sponsor_customer_id, order.id);
  if (refusal) {
    await refuseReward(tx, { friendId, orderId: order.id }, refusal, now);
    return;
  }
  const people = await peopleOf(tx, referral.sponsor_customer_id, friendId);
  if (!people) return;
  const expiresAt = new Date(now.getTime() + SPONSORSHIP.rewardValidityDays * DAY_MS);
  const labels = {
    fr: `Merci pour votre parrainage\u00A0: ${euros('fr', SPONSORSHIP.sponsorReward)} offerts`,
    nl: `Bedankt voor je uitnodiging: ${euros('nl', SPONSORSHIP.sponsorReward)} korting`,
  };
  let code = '';
  for (let attempt = 0; attempt < 5 && !code; attempt++) {
    const candidate = readableCode('MERCI', 6);
    const given = await giveReward(
      tx,
      { friendId, sponsorId: referral.sponsor_customer_id, orderId: order.id },
      { code: candidate, value: SPONSORSHIP.sponsorReward, minimum: 0, labels, now, expiresAt },
    );
    if (given) code = candidate;
  }
  if (!code) throw new Error(`No free reward code for the sponsor of customer ${friendId}`);
  const language = people.preferred_language;
  const locale: LocaleCode = language === 'nl' ? 'nl_BE' : order.channel_code === 'BE' ? 'fr_BE' : 'fr_FR';
  const href = siteUrlOf(channelOf(locale).code, env) + pathTo('sponsorships', locale);
  await sendMail(
    tx,
    rewardMail(language, people.email, {
      firstName: people.first_name,
      friend: people.friend_first_name,
      code,
      amount: euros(language, SPONSORSHIP.sponsorReward),
      validDays: SPONSORSHIP.rewardValidityDays,
      href,
    }),
    now,
  );
}
