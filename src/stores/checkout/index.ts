/**
 * The checkout funnel of one order: its addresses, carrier (home or relay point), payment method, the
 * completion and the payment. Steps run one at a time; each failure is a code the islands translate
 * (with the API's or the bank's own words when it gave some). Cards never reach the shop: the provider
 * makes a single-use token of the card (./card.ts: the sandbox's card-token endpoint, or Mollie
 * Components in production), and the shop pays with the token.
 *
 * Other tabs: every step is announced on the cart's broadcast channel ('updating', then 'updated' with
 * the order), so the cart islands follow, and a funnel of the same order in another tab learns that
 * someone else is acting on it (`$elsewhere`), warns, and reloads when the shopper chooses to continue.
 */
import { atom, type ReadableAtom } from 'nanostores';
import {
  createCheckoutClient,
  type CheckoutClient,
  type FoundRelayPoint,
  type PaymentRequest,
  type PaymentMethod,
  type ShippingMethod,
} from '../../lib/shop-api/checkout.ts';
import type { ShopClient } from '../../lib/shop-api/client.ts';
import { isShopApiError, NETWORK_ERROR_STATUS } from '../../lib/shop-api/http.ts';
import type { Address } from '../../lib/shop-api/addresses.ts';
import type { Order } from '../../lib/shop-api/orders.ts';
import type { Violation } from '../../lib/shop-api/errors.ts';
import { STORAGE_KEYS } from '../../lib/constants.ts';
import { browserChannel, browserStorage, inBrowser, memoryStorage, safeStorage, type ChannelLike, type StorageLike } from '../browser.ts';
import { CART_CHANNEL, orderAnnounced, postCartMessage, type CartMessage } from '../cart/messages.ts';
import { createQueue } from '../cart/queue.ts';
import { getShop } from '../shop.ts';
import type { CardDetails } from '../../lib/payments/card-details.ts';
import { type CardSettings, type CardTokeniser, CardTokenFailure, cardTokeniser } from './card.ts';

/**
 * - `not_found`: no such order for this shopper (the address was mistyped, or the order is someone else's).
 * - `network`: no answer came; the shopper may try again.
 * - `refused`: the shop refused the step (`violations` and `description` say why, in the shopper's language).
 * - `card_invalid`: the provider refused the card details before any payment (`field` names the detail).
 * - `payment_refused`: the bank refused the payment (`bank` holds its message and code).
 * - `relay_none`: no open relay point near the place searched; `relay_unavailable`: the search failed.
 * - `failed`: anything else (the funnel's generic error).
 */
type CheckoutErrorCode =
  | 'not_found'
  | 'network'
  | 'refused'
  | 'card_invalid'
  | 'payment_refused'
  | 'relay_none'
  | 'relay_unavailable'
  | 'failed';

export interface CheckoutError {
  code: CheckoutErrorCode;
  /** The API's or the provider's reason, when it gave one. */
  description: string | null;
  violations: Violation[];
  /** The bank's detailed message and response code of a refused payment. */
  bank?: { message: string; code: string | null };
  /** The card detail the provider refused (cardNumber, expiryDate, verificationCode, cardHolder). */
  field?: string;
}

export type CheckoutStatus = 'idle' | 'loading' | 'ready' | 'busy';

/**
 * The card to pay with: the details typed in the sandbox's form, or `'components'`, the provider's own
 * fields mounted in the page (Mollie Components), which hold the card themselves.
 */
export type CardInput = CardDetails | 'components';

/** How a payment ended for the funnel: paid, to be finished at the provider (a redirect), or waiting (delayed methods). */
export type PaymentOutcome = { kind: 'paid' } | { kind: 'redirect'; url: string } | { kind: 'awaiting' };

/** The bank details of a bank transfer: where to send the money, and the reference to give. */
export type BankTransfer = NonNullable<NonNullable<PaymentRequest['responseData']>['bankTransfer']>;

/** Paying a placed order: with the card form's details for a card, with another method of the same fee if chosen. */
interface PayInput {
  card?: CardInput;
  methodCode?: string;
  redirectUrl: string;
}

export interface CheckoutDeps {
  client: Pick<ShopClient, 'getCart' | 'listAddresses'> & CheckoutClient;
  /** The sandbox's origin and path (`…/payments`): its card tokens are made at `{providerUrl}/components/card-tokens`. */
  providerUrl: string;
  fetch?: typeof fetch;
  /** How cards become tokens (`cardTokeniser`); the sandbox's form at `providerUrl` by default. */
  card?: CardTokeniser;
  /** BroadcastChannel('cart'); null where there is none. */
  channel?: ChannelLike | null;
  /** Called once the order is placed: the cart it was is no longer the shopper's cart. */
  onPlaced?: (order: Order) => void;
  /** Where the last payment request of each order is kept, for the confirmation to ask again (localStorage). */
  storage?: StorageLike;
}

const failure = (code: CheckoutErrorCode, init: Partial<CheckoutError> = {}): CheckoutError => ({
  code,
  description: null,
  violations: [],
  ...init,
});

/** A failed call as the islands get it. */
function checkoutErrorOf(error: unknown): CheckoutError {
  if (isCheckoutError(error)) return error;
  if (!isShopApiError(error)) return failure('failed');
  if (error.status === NETWORK_ERROR_STATUS) return failure('network');
  if (error.status === 404) return failure('not_found');
  if (error.status === 422 || error.status === 400)
    return failure('refused', { description: error.description, violations: error.violations });
  return failure('failed');
}

class CheckoutFailure extends Error {
  readonly error: CheckoutError;
  constructor(error: CheckoutError) {
    super(error.code);
    this.error = error;
  }
}
const isCheckoutError = (value: unknown): value is CheckoutError =>
  typeof value === 'object' && value !== null && 'code' in value && 'violations' in value && !(value instanceof Error);

/** An address of the book as the checkout's address step takes it (the book's own fields are not sent). */
function addressBody(address: Address) {
  const { '@id': _id, '@type': _type, id: _n, isDefault: _d, alias: _a, ...body } = address;
  return body;
}

/** The payment the shopper pays now: the last one, which the API keeps open. */
export const openPayment = (order: Order) => order.payments.at(-1) ?? null;
export const shipmentOf = (order: Order) => order.shipments[0] ?? null;
/** A code from an IRI (`/api/v2/shop/payment-methods/visa` → `visa`). */
export const codeOf = (iriOrCode: string | null | undefined): string | null => (iriOrCode ? (iriOrCode.split('/').at(-1) ?? null) : null);

/** The order is placed and still waits for its money: the shopper may pay (again). */
export const awaitsPayment = (order: Order): boolean => order.state !== 'cart' && order.paymentState === 'awaiting_payment';

export function createCheckoutStore(deps: CheckoutDeps) {
  const { client } = deps;
  const card: CardTokeniser =
    // Without settings, no profile id: the sandbox's form (the locale only matters to Mollie).
    deps.card ?? cardTokeniser({ locale: 'fr_FR' }, { providerUrl: deps.providerUrl, ...(deps.fetch ? { fetch: deps.fetch } : {}) });
  const enqueue = createQueue();

  const $order = atom<Order | null>(null);
  const $status = atom<CheckoutStatus>('idle');
  const $error = atom<CheckoutError | null>(null);
  const $addresses = atom<Address[]>([]);
  const $shippingMethods = atom<ShippingMethod[]>([]);
  const $paymentMethods = atom<PaymentMethod[]>([]);
  const $relayPoints = atom<FoundRelayPoint[] | null>(null);
  /** Another tab is acting on this order (the funnel warns and offers to continue). */
  const $elsewhere = atom(false);
  /** The bank details of the order's bank transfer, once the provider gave them. */
  const $bankTransfer = atom<BankTransfer | null>(null);
  const storage = safeStorage(deps.storage ?? memoryStorage());
  const requestKey = (orderToken: string) => `${STORAGE_KEYS.paymentRequest}/${orderToken}`;
  let token: string | null = null;

  /** A step speaks to the other tabs as the cart does: the order is the cart they show until it is placed. */
  function broadcast(message: CartMessage) {
    if (deps.channel) postCartMessage(deps.channel, message);
  }

  function onMessage(event: { data: unknown }) {
    if (token !== null && orderAnnounced(event.data) === token) $elsewhere.set(true);
  }

  /** The methods the order's current step needs: carriers once addressed, payment methods once a payment exists. */
  async function refreshMethods(order: Order) {
    const shipment = shipmentOf(order);
    const payment = openPayment(order);
    const [shipping, payment_] = await Promise.all([
      shipment && order.shippingAddress && order.state === 'cart' ? client.shippingMethods(order.tokenValue, shipment.id) : [],
      payment && (order.state === 'cart' || awaitsPayment(order)) ? client.paymentMethods(order.tokenValue, payment.id) : [],
    ]);
    $shippingMethods.set(shipping);
    $paymentMethods.set(payment_);
  }

  /** Runs one step of the funnel: announced to the other tabs, its failure kept as a code. */
  function step<T>(run: (orderToken: string) => Promise<T>): Promise<T> {
    return enqueue(async () => {
      const current = token;
      if (current === null) throw new CheckoutFailure(failure('not_found'));
      $status.set('busy');
      $error.set(null);
      broadcast({ type: 'updating', token: current });
      try {
        return await run(current);
      } catch (error) {
        const reason = error instanceof CheckoutFailure ? error.error : checkoutErrorOf(error);
        $error.set(reason);
        throw new CheckoutFailure(reason);
      } finally {
        $status.set('ready');
        const order = $order.get();
        if (order) broadcast({ type: 'updated', token: current, cart: order });
      }
    });
  }

  async function show(order: Order) {
    const wasCart = $order.get()?.state === 'cart';
    $order.set(order);
    if (wasCart && order.state !== 'cart') deps.onPlaced?.(order);
    await refreshMethods(order);
    return order;
  }

  /** The card's single-use token, from the form the build is configured for. */
  async function tokenise(input: CardInput): Promise<string> {
    try {
      if (card.kind === 'components') return await card.tokenise();
      // The sandbox's form sends its details; a form without them is not this build's.
      if (input === 'components') throw new CardTokenFailure('failed');
      return await card.tokenise(input);
    } catch (error) {
      if (!(error instanceof CardTokenFailure)) throw new CheckoutFailure(failure('failed'));
      throw new CheckoutFailure(failure(error.code, { description: error.description, ...(error.field ? { field: error.field } : {}) }));
    }
  }

  /**
   * What a payment request's answer means for the shopper: paid, refused by the bank (its message and
   * code), a provider's page to go to (PayPal, 3-D Secure), or waiting for the money (a bank transfer,
   * whose bank details are kept for the confirmation; a cheque).
   */
  function outcomeOf(request: PaymentRequest): PaymentOutcome {
    const data = request.responseData;
    if (!data) return { kind: 'awaiting' };
    if (data.bankTransfer) $bankTransfer.set(data.bankTransfer);
    if (data.status === 'paid' || data.status === 'authorized') return { kind: 'paid' };
    if (data.status === 'failed' || data.status === 'canceled' || data.status === 'expired') {
      const bank = data.failure ? { message: data.failure.message, code: data.failure.code ?? null } : undefined;
      throw new CheckoutFailure(failure('payment_refused', { description: data.failure?.message ?? null, ...(bank ? { bank } : {}) }));
    }
    return data.checkoutUrl && !data.bankTransfer ? { kind: 'redirect', url: data.checkoutUrl } : { kind: 'awaiting' };
  }

  async function reload(orderToken: string) {
    return show(await client.getCart(orderToken));
  }

  async function pay(orderToken: string, input: PayInput & { cardToken?: string }): Promise<PaymentOutcome> {
    const order = $order.get();
    const payment = order ? openPayment(order) : null;
    const method = input.methodCode ?? codeOf(payment?.method);
    if (!order || !payment || !method) throw new CheckoutFailure(failure('failed'));
    const cardToken = input.cardToken ?? (input.card ? await tokenise(input.card) : undefined);
    const request = await client.requestPayment({
      paymentId: payment.id,
      paymentMethodCode: method,
      payload: { redirectUrl: input.redirectUrl, ...(cardToken ? { cardToken } : {}) },
    });
    storage.setItem(requestKey(orderToken), request.hash);
    try {
      return outcomeOf(request);
    } finally {
      // The payment's state moved either way (paid, or failed with a new one open): show it as it is.
      await reload(orderToken).catch(() => undefined);
    }
  }

  let stopFollowing: (() => void) | null = null;

  return {
    $order: $order as ReadableAtom<Order | null>,
    $status: $status as ReadableAtom<CheckoutStatus>,
    $error: $error as ReadableAtom<CheckoutError | null>,
    $addresses: $addresses as ReadableAtom<Address[]>,
    $shippingMethods: $shippingMethods as ReadableAtom<ShippingMethod[]>,
    $paymentMethods: $paymentMethods as ReadableAtom<PaymentMethod[]>,
    $relayPoints: $relayPoints as ReadableAtom<FoundRelayPoint[] | null>,
    $elsewhere: $elsewhere as ReadableAtom<boolean>,
    $bankTransfer: $bankTransfer as ReadableAtom<BankTransfer | null>,
    /** The card form of this build: the sandbox's inputs, or the provider's fields to mount. */
    card,

    /** Loads the order and the address book; starts following the other tabs. */
    load(orderToken: string): Promise<Order | null> {
      token = orderToken;
      if (!stopFollowing && deps.channel) {
        const channel = deps.channel;
        channel.addEventListener('message', onMessage);
        stopFollowing = () => channel.removeEventListener('message', onMessage);
      }
      return enqueue(async () => {
        $status.set('loading');
        $error.set(null);
        try {
          const [order, addresses] = await Promise.all([client.getCart(orderToken), client.listAddresses()]);
          $addresses.set(addresses);
          return await show(order);
        } catch (error) {
          $error.set(checkoutErrorOf(error));
          return null;
        } finally {
          $status.set('ready');
        }
      });
    },

    /** The shopper chose to continue after another tab acted: the order as it is now. */
    continueHere(): Promise<Order | null> {
      $elsewhere.set(false);
      const current = token;
      if (current === null) return Promise.resolve(null);
      return enqueue(async () => {
        try {
          return await reload(current);
        } catch (error) {
          $error.set(checkoutErrorOf(error));
          return null;
        }
      });
    },

    /** The billing address and, when it differs, the shipping address (addresses of the book). */
    setAddresses(billing: Address, shipping: Address | null): Promise<Order> {
      return step(async (orderToken) =>
        show(
          await client.setAddresses(orderToken, {
            billingAddress: addressBody(billing),
            shippingAddress: shipping && shipping.id !== billing.id ? addressBody(shipping) : null,
          }),
        ),
      );
    },

    /** Adds a new address to the book (created inline in the funnel) and keeps the book current. */
    addressSaved(address: Address): void {
      $addresses.set([...$addresses.get().filter((a) => a.id !== address.id), address]);
    },

    /** Open and closed points near a French postcode or town, nearest first; none is the `relay_none` error. */
    searchRelayPoints(search: { postcode?: string; city?: string }): Promise<FoundRelayPoint[]> {
      return enqueue(async () => {
        $error.set(null);
        try {
          const points = await client.relayPoints(search);
          $relayPoints.set(points);
          if (points.length === 0) $error.set(failure('relay_none'));
          return points;
        } catch (error) {
          $relayPoints.set([]);
          const reason = checkoutErrorOf(error);
          $error.set(reason.code === 'refused' ? reason : failure('relay_unavailable'));
          return [];
        }
      });
    },

    /** The carrier (its code) and, for a relay-point carrier, the point. */
    selectShipping(methodCode: string, relayPoint: string | null = null): Promise<Order> {
      return step(async (orderToken) => {
        const shipment = shipmentOf($order.get()!);
        if (!shipment) throw new CheckoutFailure(failure('failed'));
        return show(await client.selectShipping(orderToken, shipment.id, { shippingMethod: methodCode, relayPoint }));
      });
    },

    selectPayment(methodCode: string): Promise<Order> {
      return step(async (orderToken) => {
        const payment = openPayment($order.get()!);
        if (!payment) throw new CheckoutFailure(failure('failed'));
        return show(await client.selectPayment(orderToken, payment.id, methodCode));
      });
    },

    /**
     * Places the order (notes, terms of sale) and pays it: a card is tokenised at the provider first, so a
     * mistyped card never places an order; a refused card leaves the order placed and awaiting payment,
     * and `pay` tries again. Delayed methods and free orders only place the order.
     */
    placeOrder(input: { notes: string; termsAccepted: boolean; card?: CardInput; redirectUrl: string }): Promise<PaymentOutcome> {
      return step(async (orderToken) => {
        const cardToken = input.card ? await tokenise(input.card) : undefined;
        const placed = await show(await client.complete(orderToken, { notes: input.notes, termsAccepted: input.termsAccepted }));
        // A free order is paid as it is placed: nothing to ask the provider.
        if (placed.paymentState === 'paid' || placed.total === 0) return { kind: 'paid' } as PaymentOutcome;
        return pay(orderToken, { ...(cardToken ? { cardToken } : {}), redirectUrl: input.redirectUrl });
      });
    },

    /** Pays a placed order again (after a refusal, or from the confirmation page), with the method chosen. */
    pay(input: PayInput): Promise<PaymentOutcome> {
      return step((orderToken) => pay(orderToken, input));
    },

    /**
     * Back on the confirmation: the order's last payment request asked again (the shop then asks the
     * provider, so a payment made on its page shows at once), then the order as it is now.
     */
    refreshPayment(): Promise<Order | null> {
      const current = token;
      if (current === null) return Promise.resolve(null);
      return enqueue(async () => {
        const hash = storage.getItem(requestKey(current));
        try {
          if (hash) outcomeOf(await client.getPaymentRequest(hash));
        } catch {
          // A refused payment or an unknown request: the order says where it stands.
        }
        try {
          return await reload(current);
        } catch (error) {
          $error.set(checkoutErrorOf(error));
          return null;
        }
      });
    },

    /** Stops following the other tabs. */
    stop(): void {
      stopFollowing?.();
      stopFollowing = null;
    },
  };
}
export type CheckoutStore = ReturnType<typeof createCheckoutStore>;

let shared: CheckoutStore | null = null;

/**
 * The page's checkout store, over the page's shop client and cart (built on first use, in a browser), with
 * the card form the build's settings choose (the islands read PUBLIC_MOLLIE_PROFILE_ID and
 * PUBLIC_MOLLIE_TESTMODE).
 */
export function checkoutStore(settings: CardSettings = {}): CheckoutStore {
  if (shared) return shared;
  const shop = getShop();
  // Without Mollie, the embedded sandbox beside the shop API makes the card tokens.
  const providerUrl = `${shop.config.apiUrl.replace(/\/+$/, '')}/payments`;
  const store = createCheckoutStore({
    client: { ...shop.client, ...createCheckoutClient(shop.client.http) },
    providerUrl,
    card: cardTokeniser({ ...settings, locale: shop.config.locale }, { providerUrl }),
    channel: browserChannel(CART_CHANNEL),
    onPlaced: () => shop.cart.clear(),
    storage: browserStorage(),
  });
  if (inBrowser()) shared = store;
  return store;
}
