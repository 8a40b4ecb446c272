/**
 * What every checkout call shares: the signed-in owner's order, locked for the whole call (two tabs
 * acting on one order queue up on its row), and the steps of the checkout state machine, whose refusals
 * are 422s with a violation.
 */
import type { Queryable } from '../../db/database.ts';
import type { Language } from '../../../lib/channels.ts';
import { type CheckoutState, type CheckoutTransition, checkoutMachine } from '../../../lib/orders/checkout.ts';
import { type AddressRequest, phoneE164 } from '../../../lib/shop-api/requests/addresses.ts';
import { SHOP_API_PREFIX } from '../../../lib/shop-api/iri.ts';
import type { OrderAddress } from '../../../lib/shop-api/orders.ts';
import { findOrder, type OrderRow } from '../orders/repository.ts';
import type { ShopContext, ShopDeps } from '../shared/deps.ts';
import { notFound, refuse } from '../shared/errors.ts';
import { tokenParam } from '../shared/ids.ts';
import { requireCustomer } from '../sessions/access.ts';

/**
 * Runs `fn` on the order of the path in a transaction holding its row. The checkout is for the signed-in
 * owner only: no session is a 401, someone else's order a 404. An anonymous cart is taken by the
 * customer who checks it out (`claimAnonymous`, the address step), as Sylius assigns it at that step.
 */
export async function withCheckout<T>(
  c: ShopContext,
  deps: ShopDeps,
  fn: (tx: Queryable, order: OrderRow, customerId: number) => Promise<T>,
  { claimAnonymous = false } = {},
): Promise<T> {
  const customerId = await requireCustomer(c, deps);
  const token = tokenParam(c);
  return deps.db.transaction(async (tx) => {
    const order = await findOrder(tx, token, true);
    const mine = order && (order.customer_id === customerId || (claimAnonymous && order.customer_id === null && order.state === 'cart'));
    if (!mine) throw notFound();
    return fn(tx, order, customerId);
  });
}

/** The state the step leads to; a placed order or a step out of order is refused (422). */
export function checkoutStep(lang: Language, order: OrderRow, step: CheckoutTransition, path = ''): CheckoutState {
  if (order.state !== 'cart' || order.checkout_state === 'completed') throw refuse(lang, { path, code: 'ORDER_ALREADY_PLACED' });
  const to = checkoutMachine.apply(order.checkout_state, step);
  if (to === null) throw refuse(lang, { path, code: 'CHECKOUT_STEP_NOT_ALLOWED' });
  return to;
}

/** An address as the order keeps it: the book's fields but its name and favourite mark, phones in E.164. */
export const orderAddressOf = (a: AddressRequest): OrderAddress => ({
  firstName: a.firstName,
  lastName: a.lastName,
  company: a.company,
  street: a.street,
  street2: a.street2,
  city: a.city,
  postcode: a.postcode,
  countryCode: a.countryCode,
  provinceCode: a.provinceCode,
  provinceName: a.provinceName,
  phoneNumber: phoneE164(a.phoneNumber, a.countryCode) ?? a.phoneNumber,
  phoneNumber2: a.phoneNumber2 && (phoneE164(a.phoneNumber2, a.countryCode) ?? a.phoneNumber2),
  deliveryInstructions: a.deliveryInstructions,
});

/** The code at the end of a method's IRI (`/api/v2/shop/shipping-methods/home_delivery`), or a bare code. */
export function codeFromIri(value: string, resource: 'shipping-methods' | 'payment-methods'): string {
  const prefix = `${SHOP_API_PREFIX}/${resource}/`;
  return value.startsWith(prefix) ? value.slice(prefix.length) : value;
}
