/**
 * Who may read or change a cart: carts are created without any session (the token is the key) and
 * assigned to a customer. A cart of a customer is theirs alone: with any other session, or none, it is a
 * 404 as if it did not exist. An anonymous cart is usable by whoever holds its token, which is unguessable.
 * Each answer prices the cart anew (orders/pricing.ts).
 */
import type { Queryable, Transaction } from '../../db/database.ts';
import type { Language } from '../../../lib/channels.ts';
import type { SellableVariant } from '../../content/repository.ts';
import { jwtInvalid, notFound } from '../shared/errors.ts';
import { tokenParam, tokenParamOrNull } from '../shared/ids.ts';
import type { ShopContext, ShopDeps } from '../shared/deps.ts';
import { claimedSession, optionalCustomer } from '../sessions/access.ts';
import { findOrder, type OrderRow } from '../orders/repository.ts';
import { lockCartForAdd } from './repository.ts';

/**
 * The order of the path as the caller may see it: an order of a customer needs that customer's
 * session; `cartOnly` refuses orders past the cart state (they cannot change any more).
 */
export async function accessibleOrder(
  q: Queryable,
  token: string,
  customerId: number | null,
  { cartOnly = true, forUpdate = false } = {},
): Promise<OrderRow> {
  return accessible(await findOrder(q, token, forUpdate), customerId, cartOnly);
}

function accessible(order: OrderRow | null, customerId: number | null, cartOnly: boolean): OrderRow {
  if (!order || (order.customer_id !== null && order.customer_id !== customerId) || (cartOnly && order.state !== 'cart')) throw notFound();
  return order;
}

/**
 * Reads or changes the order of the path in a transaction holding its row: parallel calls on one cart
 * (adds, coupon, assignment) queue up on it.
 */
export async function withCart<T>(c: ShopContext, deps: ShopDeps, fn: (tx: Queryable, order: OrderRow) => Promise<T>): Promise<T> {
  const customerId = await optionalCustomer(c, deps);
  const token = tokenParam(c);
  return deps.db.transaction(async (tx) => fn(tx, await accessibleOrder(tx, token, customerId, { forUpdate: true })));
}

/**
 * Adds to the cart of the path in a transaction holding its row (as withCart), which the same statement reads
 * with the variant to add in each language and the liveness of the caller's session (repository.ts lockCartForAdd).
 */
export async function withCartForAdd<T>(
  c: ShopContext,
  deps: ShopDeps,
  variantCode: string,
  fn: (tx: Transaction, order: OrderRow, variants: Partial<Record<Language, SellableVariant>>) => Promise<T>,
): Promise<T> {
  const session = await claimedSession(c, deps);
  // A malformed token finds no cart (tokenParam's 404), once the session was checked: a dead one is a 401 first, as ever.
  const token = tokenParamOrNull(c) ?? '';
  return deps.db.transaction(async (tx) => {
    const locked = await lockCartForAdd(tx, token, variantCode, session && { ...session, now: deps.clock() });
    // As optionalCustomer would have refused it before the transaction: a revoked session ends access at once.
    if (!locked.sessionAlive) throw jwtInvalid();
    return fn(tx, accessible(locked.order, session?.customerId ?? null, true), locked.variants);
  });
}
