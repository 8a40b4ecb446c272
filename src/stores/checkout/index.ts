/**
 * The checkout funnel of one order: its addresses, carrier (home or relay point), payment method, the
 * completion and the payment. Steps run one at a time; each failure is a code the islands translate
 * (with the API's or the bank's own words when it gave some). The parts, each in its own file: the steps
 * before the payment (steps), placing and paying the order (payment, with the card form of card), the
 * other tabs (other-tabs: a step is announced as the cart announces its changes), the failures (errors),
 * and what the islands read of an order (order).
 */
import { atom, type ReadableAtom } from 'nanostores';
import {
  createCheckoutClient,
  type CheckoutClient,
  type FoundRelayPoint,
  type PaymentMethod,
  type ShippingMethod,
} from '../../lib/shop-api/checkout.ts';
import type { LocaleCode } from '../../lib/channels.ts';
import type { ShopClient } from '../../lib/shop-api/client.ts';
import type { Address } from '../../lib/shop-api/addresses.ts';
import type { Order } from '../../lib/shop-api/orders.ts';
import { browserChannel, browserStorage, inBrowser, memoryStorage, safeStorage, type ChannelLike, type StorageLike } from '../browser.ts';
import type { CartStore } from '../cart/index.ts';
import { CART_CHANNEL } from '../cart/messages.ts';
import { createQueue } from '../cart/queue.ts';
import { type CardSettings, type CardTokeniser, cardTokeniser } from './card.ts';
import { checkoutErrorOf, type CheckoutError } from './errors.ts';
import { awaitsPayment, openPayment, shipmentOf } from './order.ts';
import { checkoutOtherTabs } from './other-tabs.ts';
import { checkoutPayment, type BankTransfer } from './payment.ts';
import { checkoutSteps, stepRunner, type CheckoutStatus, type Funnel } from './steps.ts';

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
  let orderToken: string | null = null;
  const token = () => orderToken;
  const tabs = checkoutOtherTabs({ channel: deps.channel ?? null, order: token, actedElsewhere: () => $elsewhere.set(true) });

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

  async function show(order: Order) {
    const wasCart = $order.get()?.state === 'cart';
    $order.set(order);
    if (wasCart && order.state !== 'cart') deps.onPlaced?.(order);
    await refreshMethods(order);
    return order;
  }

  const reload = async (current: string) => show(await client.getCart(current));
  const step = stepRunner({ enqueue, token, $order, $error, $status, tabs });
  const funnel: Funnel = { enqueue, step, token, $order, $error, show, reload };
  const storage = safeStorage(deps.storage ?? memoryStorage());

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
    load(next: string): Promise<Order | null> {
      orderToken = next;
      tabs.follow();
      return enqueue(async () => {
        $status.set('loading');
        $error.set(null);
        try {
          const [order, addresses] = await Promise.all([client.getCart(next), client.listAddresses()]);
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
      const current = orderToken;
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

    ...checkoutSteps(funnel, { client, $relayPoints }),

    /** Adds a new address to the book (created inline in the funnel) and keeps the book current. */
    addressSaved(address: Address): void {
      $addresses.set([...$addresses.get().filter((a) => a.id !== address.id), address]);
    },

    ...checkoutPayment(funnel, { client, card, storage, $bankTransfer }),

    /** Stops following the other tabs. */
    stop: tabs.stop,
  };
}
export type CheckoutStore = ReturnType<typeof createCheckoutStore>;

let shared: CheckoutStore | null = null;

/** What the checkout takes of the page's stores (shop.ts builds them, the island hands them on). */
interface PageStores {
  config: { apiUrl: string; locale: LocaleCode };
  client: ShopClient;
  cart: Pick<CartStore, 'clear'>;
}

/**
 * The page's checkout store, over the page's shop client and cart (the page's stores, which the island
 * passes), built on first use in a browser, with the card form the build's settings choose (the islands read
 * PUBLIC_MOLLIE_PROFILE_ID and PUBLIC_MOLLIE_TESTMODE).
 */
export function checkoutStore(shop: PageStores, settings: CardSettings = {}): CheckoutStore {
  if (shared) return shared;
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
