/**
 * The funnel's steps before the payment: the addresses, the carrier (home or a relay point, found near a
 * postcode or a town) and the payment method. A step runs after the one before it (the store's queue), is
 * announced to the other tabs before and after, and keeps its failure as a code for the islands.
 */
import type { ReadableAtom, WritableAtom } from 'nanostores';
import type { Address } from '../../lib/shop-api/addresses.ts';
import type { CheckoutClient, FoundRelayPoint } from '../../lib/shop-api/checkout.ts';
import type { Order } from '../../lib/shop-api/orders.ts';
import type { Enqueue } from '../cart/queue.ts';
import { CheckoutFailure, checkoutErrorOf, failure, type CheckoutError } from './errors.ts';
import { openPayment, shipmentOf } from './order.ts';
import type { CheckoutOtherTabs } from './other-tabs.ts';

export type CheckoutStatus = 'idle' | 'loading' | 'ready' | 'busy';

/** Runs one step of the funnel on the order shown (its token); rejects with a CheckoutFailure. */
export type Step = <T>(run: (orderToken: string) => Promise<T>) => Promise<T>;

/** What the steps and the payment share of the store (index.ts). */
export interface Funnel {
  enqueue: Enqueue;
  step: Step;
  /** The token of the order shown, once loaded. */
  token: () => string | null;
  $order: ReadableAtom<Order | null>;
  $error: WritableAtom<CheckoutError | null>;
  /** Shows an order the API answered (and the methods its next step offers). */
  show: (order: Order) => Promise<Order>;
  /** Reads the order again and shows it. */
  reload: (orderToken: string) => Promise<Order>;
}

export function stepRunner(
  deps: Pick<Funnel, 'enqueue' | 'token' | '$order' | '$error'> & { $status: WritableAtom<CheckoutStatus>; tabs: CheckoutOtherTabs },
): Step {
  const { $status, $error, $order, tabs } = deps;
  return (run) =>
    deps.enqueue(async () => {
      const current = deps.token();
      if (current === null) throw new CheckoutFailure(failure('not_found'));
      $status.set('busy');
      $error.set(null);
      tabs.announce({ type: 'updating', token: current });
      try {
        return await run(current);
      } catch (error) {
        const reason = error instanceof CheckoutFailure ? error.error : checkoutErrorOf(error);
        $error.set(reason);
        throw new CheckoutFailure(reason);
      } finally {
        $status.set('ready');
        const order = $order.get();
        if (order) tabs.announce({ type: 'updated', token: current, cart: order });
      }
    });
}

/** An address of the book as the checkout's address step takes it (the book's own fields are not sent). */
function addressBody(address: Address) {
  const { '@id': _id, '@type': _type, id: _n, isDefault: _d, alias: _a, ...body } = address;
  return body;
}

export function checkoutSteps(
  funnel: Funnel,
  deps: {
    client: Pick<CheckoutClient, 'setAddresses' | 'relayPoints' | 'selectShipping' | 'selectPayment'>;
    $relayPoints: WritableAtom<FoundRelayPoint[] | null>;
  },
) {
  const { step, show, $order, $error } = funnel;
  const { client, $relayPoints } = deps;
  return {
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

    /** Open and closed points near a French postcode or town, nearest first; none is the `relay_none` error. */
    searchRelayPoints(search: { postcode?: string; city?: string }): Promise<FoundRelayPoint[]> {
      return funnel.enqueue(async () => {
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
  };
}
