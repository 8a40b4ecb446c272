/**
 * Carts and orders: created without any session (the token is the key), assigned to a customer, priced
 * on every answer from their items and coupon. A cart of a customer is theirs alone: with any other
 * session, or none, it is a 404 as if it did not exist. An anonymous cart is usable by whoever holds its
 * token, which is unguessable.
 */
import type { Queryable } from '../../db/database.ts';
import {
  FREE_SHIPPING_THRESHOLD,
  iri,
  type CouponState,
  type Order,
  type OrderItem,
  type Payment,
  type Shipment,
} from '../../../lib/shop-api/wire.ts';
import { channels, htmlLangOf, languageOf, type Language, type LocaleCode } from '../../../lib/channels.ts';
import { pathTo } from '../../../lib/routes/paths.ts';
import { displayGroupOf, displayLabelOf, orderDisplayStatus } from '../../../lib/orders/display-status.ts';
import {
  findVariantDisplays,
  type SellableVariant,
  type VariantDisplay,
  type VariantDisplayRow,
  variantDisplaysOf,
} from '../../content/repository.ts';
import { notFound, violation } from '../shared/errors.ts';
import { tokenParam } from '../shared/ids.ts';
import type { ShopContext, ShopDeps } from '../shared/deps.ts';
import { optionalCustomer } from '../sessions/access.ts';
import { discountOf, isPersonal, refusalOf, type Coupon, type CouponRefusal } from './promotions.ts';
import {
  couponUsedElsewhere,
  findCoupon,
  findOrder,
  hasCompletedOrder,
  itemsOf,
  lockCartForAdd,
  type FrozenTotals,
  type ItemRow,
  type OrderRow,
} from './repository.ts';
import { cartTotals, type ChosenFees, type Totals } from './totals.ts';
import {
  findPaymentMethod,
  openPayment,
  shipmentAndPaymentsOf,
  shipmentOf,
  type PaymentRow,
  type ShipmentAndPayments,
  type ShipmentRow,
} from '../orders/repository.ts';
import { shippingMethodFor } from '../shipping/repository.ts';
import { canonicalEmailOf } from '../customers/repository.ts';
import { shipsToSponsor } from '../sponsorships/household.ts';

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
 * with the variant to add in each language (repository.ts lockCartForAdd).
 */
export async function withCartForAdd<T>(
  c: ShopContext,
  deps: ShopDeps,
  variantCode: string,
  fn: (tx: Queryable, order: OrderRow, variants: Partial<Record<Language, SellableVariant>>) => Promise<T>,
): Promise<T> {
  const customerId = await optionalCustomer(c, deps);
  const token = tokenParam(c);
  return deps.db.transaction(async (tx) => {
    const locked = await lockCartForAdd(tx, token, variantCode);
    return fn(tx, accessible(locked?.order ?? null, customerId, true), locked?.variants ?? {});
  });
}

/** The tags of an Accept-Language header, most wanted first (`q=0` excluded). */
function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { tag: tag.trim().toLowerCase(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/**
 * The locale an answer about a cart is written in (names, labels, page paths): the one the request
 * names (the `locale` query parameter, or Sylius's `localeCode`), else the first language of
 * Accept-Language that the cart's channel speaks, else the cart's own locale. One cart serves both
 * languages of the BE site: each page reads it in its own. A placed order keeps its own locale: it is
 * what was sold, in the words of its confirmation and invoice.
 */
function answerLocale(c: ShopContext, order: Pick<OrderRow, 'state' | 'channel_code' | 'locale_code'>): LocaleCode {
  if (order.state !== 'cart') return order.locale_code;
  if (c.req.query('locale') !== undefined) return c.get('locale');
  const spoken = channels[order.channel_code].locales;
  const named = c.req.query('localeCode');
  if (named !== undefined && (spoken as readonly string[]).includes(named)) return named as LocaleCode;
  for (const tag of acceptedLanguages(c.req.header('accept-language'))) {
    const exact = spoken.find((locale) => htmlLangOf(locale).toLowerCase() === tag);
    const sameLanguage = spoken.find((locale) => languageOf(locale) === tag);
    if (exact ?? sameLanguage) return (exact ?? sameLanguage)!;
  }
  return order.locale_code;
}

/** Why the coupon gives nothing to this order now, or null when it applies. */
export async function couponRefusal(
  q: Queryable,
  order: OrderRow,
  coupon: Coupon | null,
  itemsTotal: number,
  now: Date,
): Promise<CouponRefusal | null> {
  const firstOrderChecked = !!coupon?.firstOrderOnly && order.customer_id !== null;
  const email = coupon && isPersonal(coupon) && order.customer_id !== null ? await canonicalEmailOf(q, order.customer_id) : null;
  const ordered = firstOrderChecked && (await hasCompletedOrder(q, order.customer_id!));
  // A friend's cart only (not the sponsor's own, not a customer who ordered before: refused anyway).
  const sponsorId = coupon?.sponsorCustomerId ?? null;
  const friendsCart = sponsorId !== null && order.customer_id !== null && order.customer_id !== sponsorId && !ordered;
  return refusalOf(coupon, {
    now,
    itemsTotal,
    hasCompletedOrder: ordered,
    customer: order.customer_id === null ? null : { id: order.customer_id, email: email ?? '' },
    usedElsewhere: !!coupon?.singleUse && (await couponUsedElsewhere(q, coupon.code, order.id)),
    shipsToSponsor: friendsCart && (await shipsToSponsor(q, sponsorId, order)),
  });
}

/**
 * How an answer about an order is written for its caller: in which locale (answerLocale), and where the
 * caller's browser finds the content service's uploads (the lines' pictures): the platform's public
 * address (SHOP_API_URL, as the payment provider is given it), else the address the request reached.
 */
export interface AnswerView {
  locale: LocaleCode;
  uploadsUrl: string;
}
export function answerView(
  c: ShopContext,
  deps: Pick<ShopDeps, 'env'>,
  order: Pick<OrderRow, 'state' | 'channel_code' | 'locale_code'>,
): AnswerView {
  const platform = (deps.env.SHOP_API_URL ?? new URL(c.req.url).origin).replace(/\/+$/, '');
  return { locale: answerLocale(c, order), uploadsUrl: `${platform}${CONTENT_UPLOADS_PATH}` };
}
/** Where the embedded platform serves the content service's uploads (app.ts mounts it at /content). */
const CONTENT_UPLOADS_PATH = '/content/uploads/';

/** The view with what the caller did not say (no request: a mail, an invoice): the order's locale, a path for pictures. */
interface View extends AnswerView {
  /** The lines keep the names they were sold under (a placed order). */
  copiedNames: boolean;
}
/** A locale alone says the language, the pictures keeping their path. */
type AnswerOptions = LocaleCode | Partial<AnswerView>;
function viewOf(order: OrderRow, answer: AnswerOptions): View {
  const view = typeof answer === 'string' ? { locale: answer } : answer;
  return {
    locale: view.locale ?? order.locale_code,
    uploadsUrl: view.uploadsUrl ?? CONTENT_UPLOADS_PATH,
    copiedNames: order.frozen !== null,
  };
}

/** The page of a line's product in the view's language: a sample's page, else its format's page. */
function productPathOf(shown: VariantDisplay, locale: LocaleCode): string | null {
  if (!shown.listed) return null;
  return shown.isSample
    ? pathTo('sample', locale, { sample: shown.productSlug })
    : pathTo('product', locale, { product: shown.productSlug, format: shown.variantSlug });
}

const itemJson = (order: OrderRow, r: ItemRow, view: View, shown: VariantDisplay | undefined): OrderItem => ({
  '@id': iri.orderItem(order.token_value, r.id),
  '@type': 'OrderItem',
  id: r.id,
  variant: iri.variant(r.variant_code),
  variantCode: r.variant_code,
  // A cart line is named in the language of the page that reads it, not in the one it was added from;
  // a variant gone from the catalogue keeps the name it was added under.
  productName: (!view.copiedNames && shown?.productName) || r.product_name,
  variantName: (!view.copiedNames && shown?.variantName) || r.variant_name,
  quantity: r.quantity,
  unitPrice: r.unit_price,
  originalUnitPrice: r.original_unit_price,
  total: r.unit_price * r.quantity,
  subscriptionInterval: r.subscription_interval,
  sourceItemList: r.source_item_list,
  upsell: r.upsell,
  productPath: shown ? productPathOf(shown, view.locale) : null,
  image: shown?.image ?? null,
  animal: shown?.animal ?? null,
  sample: shown?.isSample ?? false,
});

/** `read`: the order's lines when the call already has them (an add answers them with its write, their variants' displays with them). */
async function itemsJson(q: Queryable, order: OrderRow, view: View, read?: OrderRead): Promise<OrderItem[]> {
  const rows = read?.items ?? (await itemsOf(q, order.id));
  const shown = read?.displays
    ? variantDisplaysOf(read.displays, view.uploadsUrl)
    : await findVariantDisplays(q, [...new Set(rows.map((r) => r.variant_code))], languageOf(view.locale), view.uploadsUrl);
  return rows.map((r) => itemJson(order, r, view, shown.get(r.variant_code)));
}

/** The coupon's state for the answer: its reason in the view's language when it gives nothing now. */
function couponStateOf(
  code: string,
  coupon: Coupon | null,
  state: { discount: number; refusal: CouponRefusal | null },
  lang: Language,
): CouponState {
  const minimumItemsTotal = coupon?.minimumItemsTotal ?? 0;
  return {
    code,
    applicable: state.refusal === null,
    amount: -state.discount,
    minimumItemsTotal,
    refusal: state.refusal && violation(lang, { path: 'couponCode', code: state.refusal, params: { amount: minimumItemsTotal } }),
  };
}

/**
 * What an order in its checkout costs now: its items, its coupon, its carrier and its payment method.
 * Names, labels and the coupon's reason are in the view's language (the order's by default).
 */
export async function priceOrder(q: Queryable, order: OrderRow, now: Date, answer: AnswerOptions = {}, read?: OrderRead) {
  const view = viewOf(order, answer);
  const lang = languageOf(view.locale);
  const items = await itemsJson(q, order, view, read);
  const itemsTotal = items.reduce((sum, item) => sum + item.total, 0);
  const coupon = order.coupon_code ? await findCoupon(q, order.coupon_code) : null;
  // A code whose coupon was deleted is refused like an unknown one.
  const refusal = order.coupon_code ? await couponRefusal(q, order, coupon, itemsTotal, now) : null;
  const eligible = coupon && !refusal ? coupon : null;
  const discount = eligible ? discountOf(eligible, itemsTotal) : 0;
  const promotions = eligible ? [{ code: eligible.code, label: eligible.label, amount: -discount }] : [];
  const totals = cartTotals(order.channel_code, itemsTotal, discount, items.length > 0, await chosenFees(q, order));
  const couponState = order.coupon_code ? couponStateOf(order.coupon_code, coupon, { discount, refusal }, lang) : null;
  return { items, discount, promotions, totals, coupon: couponState };
}

/** A placed order's coupon: applied if it reduced the order when it was placed. */
async function placedCouponState(q: Queryable, order: OrderRow, frozen: FrozenTotals, lang: Language): Promise<CouponState | null> {
  if (!order.coupon_code) return null;
  const applied = frozen.promotions.find((p) => p.code === order.coupon_code);
  const coupon = await findCoupon(q, order.coupon_code);
  return { ...couponStateOf(order.coupon_code, coupon, { discount: -(applied?.amount ?? 0), refusal: null }, lang), applicable: !!applied };
}

/** The fees of the carrier and the payment method chosen so far (none before the checkout). */
async function chosenFees(q: Queryable, order: OrderRow): Promise<ChosenFees> {
  if (order.checkout_state === 'cart' || !order.shipping_address) return {};
  const shipment = await shipmentOf(q, order.id);
  const method = shipment?.method_code
    ? await shippingMethodFor(q, shipment.method_code, order.channel_code, order.shipping_address.countryCode)
    : null;
  const payment = order.checkout_state === 'payment_skipped' ? null : await openPayment(q, order.id);
  const paymentMethod = payment?.method_code ? await findPaymentMethod(q, payment.method_code) : null;
  return { shippingFee: method?.fee ?? null, serviceFee: paymentMethod?.service_fee ?? 0 };
}

const shipmentJson = (order: OrderRow, s: ShipmentRow): Shipment => ({
  '@id': iri.shipment(order.token_value, s.id),
  '@type': 'Shipment',
  id: s.id,
  state: s.state,
  method: s.method_code && iri.shippingMethod(s.method_code),
  carrier: s.carrier,
  relayPoint: s.relay_point,
  trackingNumber: s.tracking_number,
  shippedAt: s.shipped_at,
});

const paymentJson = (order: OrderRow, p: PaymentRow): Payment => ({
  '@id': iri.payment(order.token_value, p.id),
  '@type': 'Payment',
  id: p.id,
  state: p.state,
  method: p.method_code && iri.paymentMethod(p.method_code),
  amount: p.amount,
  currencyCode: 'EUR',
  card: p.card_brand && p.card_last4 ? { brand: p.card_brand, last4: p.card_last4, expiry: p.card_expiry } : null,
});

/** What a call already read of the order (an add answers it with its write): the answer reads none of it again. */
export interface OrderRead extends ShipmentAndPayments {
  items: readonly ItemRow[];
  /** The lines' variants as the answer's view shows them (its language), when the call read them. */
  displays?: readonly VariantDisplayRow[];
}

/**
 * The order as the API answers it: a cart priced now, a placed order with the figures it was placed with;
 * names, labels and statuses in the view's language (answerView; the order's by default).
 */
export async function orderJson(
  q: Queryable,
  order: OrderRow,
  now: Date,
  answer: AnswerOptions = {},
  read?: OrderRead,
): Promise<Order & { '@context': string }> {
  const view = viewOf(order, answer);
  const lang = languageOf(view.locale);
  const priced = order.frozen ? null : await priceOrder(q, order, now, view, read);
  const items = priced?.items ?? (await itemsJson(q, order, view, read));
  const coupon = priced ? priced.coupon : await placedCouponState(q, order, order.frozen!, lang);
  const { promotions, ...totals } = order.frozen ?? { ...priced!.totals, promotions: priced!.promotions };
  const { shipment, payments } = read ?? (await shipmentAndPaymentsOf(q, order.id));
  const status = orderDisplayStatus({
    state: order.state,
    checkoutState: order.checkout_state,
    paymentState: order.payment_state,
    shippingState: order.shipping_state,
    paymentFailed: payments.some((p) => p.state === 'failed'),
  });
  return {
    '@context': '/api/v2/contexts/Order',
    '@id': iri.order(order.token_value),
    '@type': 'Order',
    tokenValue: order.token_value,
    number: order.number,
    state: order.state,
    checkoutState: order.checkout_state,
    paymentState: order.payment_state,
    shippingState: order.shipping_state,
    checkoutCompletedAt: order.checkout_completed_at,
    currencyCode: 'EUR',
    localeCode: order.locale_code,
    channelCode: order.channel_code,
    customer: order.customer_id === null ? null : iri.customer(order.customer_id),
    items,
    freeProducts: [],
    couponCode: order.coupon_code,
    coupon,
    promotions: promotions.map((p) => ({ code: p.code, label: p.label[lang], amount: p.amount })),
    ...totalsOf(totals),
    notes: order.notes,
    billingAddress: order.billing_address,
    shippingAddress: order.shipping_address,
    shipments: shipment ? [shipmentJson(order, shipment)] : [],
    payments: payments.map((p) => paymentJson(order, p)),
    status: { code: status, group: displayGroupOf(status), label: displayLabelOf(status, lang) },
  };
}

/** A placed order's lines with the free-shipping figures a cart shows (nothing left to reach once placed). */
function totalsOf(totals: Omit<FrozenTotals, 'promotions'> | Totals): Totals {
  if ('freeShippingThreshold' in totals) return totals;
  return { ...totals, freeShippingThreshold: FREE_SHIPPING_THRESHOLD, amountToFreeShipping: 0 };
}
