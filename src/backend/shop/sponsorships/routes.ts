/**
 * GET /shop/sponsorships: the signed-in customer's referral code and link (to the account creation, which
 * records the friend), the rule (lib/shop-api/sponsorships.ts) and their friends with how far each got. Of a friend it shows a
 * first name and the initial of the last name only.
 */
import { Hono } from 'hono';
import { channelOf, siteUrlOf } from '../../../lib/channels.ts';
import { pathTo } from '../../../lib/routes/paths.ts';
import { SHOP_API_PREFIX } from '../../../lib/shop-api/iri.ts';
import { notFound } from '../shared/errors.ts';
import { ld } from '../shared/request.ts';
import type { ShopDeps, ShopEnv } from '../shared/deps.ts';
import { requireCustomer } from '../sessions/access.ts';
import { friendsOf, type FriendRow, sponsorOf } from './repository.ts';
import { SPONSORSHIP } from '../../../lib/shop-api/sponsorships.ts';
import { ensureReferralCode } from './service.ts';

const initial = (lastName: string) => {
  const first = [...lastName.trim()][0];
  return first ? ` ${first.toUpperCase()}.` : '';
};

const friendJson = (f: FriendRow) => ({
  name: `${f.first_name.trim()}${initial(f.last_name)}`,
  registeredAt: f.registered_at,
  state: f.rewarded_at ? 'rewarded' : f.refusal ? 'refused' : f.ordered ? 'ordered' : 'registered',
  reward: f.reward_code ? { code: f.reward_code, amount: f.reward_value ?? 0, expiresAt: f.reward_expires_at, used: f.reward_used } : null,
});

export function sponsorshipRoutes(deps: ShopDeps): Hono<ShopEnv> {
  const { db } = deps;
  const app = new Hono<ShopEnv>();

  app.get('/sponsorships', async (c) => {
    const customer = await sponsorOf(db, await requireCustomer(c, deps));
    if (!customer) throw notFound();
    const code = await db.transaction((tx) => ensureReferralCode(tx, customer, deps.clock()));
    const locale = c.get('locale');
    return ld(c, {
      '@context': '/api/v2/contexts/Sponsorship',
      '@id': `${SHOP_API_PREFIX}/sponsorships`,
      '@type': 'Sponsorship',
      code,
      link: `${siteUrlOf(channelOf(locale).code, deps.env)}${pathTo('register', locale)}?parrain=${encodeURIComponent(code)}`,
      rule: SPONSORSHIP,
      friends: (await friendsOf(db, customer.id)).map(friendJson),
    });
  });

  return app;
}
