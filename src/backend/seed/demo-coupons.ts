/**
 * The coupons of demos and end-to-end tests, which a real shop must never honour: OFFERT100 takes 100 %
 * off the items (with free shipping from the threshold, a free order: no payment at all). The promotion
 * model has no limit of uses, so the coupon exists only outside production: seeded there, and removed
 * from a production database that ever got it (a copy of a demo database, say).
 */
import type { Queryable } from '../db/database.ts';

export const FREE_ORDER_COUPON = 'OFFERT100';

export async function seedDemoCoupons(q: Queryable, { production }: { production: boolean }): Promise<void> {
  if (production) {
    await q.query('DELETE FROM shop.coupons WHERE code = $1', [FREE_ORDER_COUPON]);
    return;
  }
  await q.query(
    `INSERT INTO shop.coupons (code, kind, value, label_fr, label_nl) VALUES ($1, 'percentage', 100, $2, $3) ON CONFLICT (code) DO NOTHING`,
    [FREE_ORDER_COUPON, 'Commande offerte (démonstration)', 'Gratis bestelling (demonstratie)'],
  );
}
