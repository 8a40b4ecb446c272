/**
 * What the account shows of an order's or a subscription's status: a label and a colour group. One table
 * for the shop: green (valid) for what goes well, orange (warning) for what waits on the shopper, red
 * (error) for what needs them, grey (neutral) for what is over. Draft, processing, processed and active
 * all read "in progress"; paused reads "Suspendue" and stopped "Arrêté".
 */
import type { Language } from '../channels.ts';
import type { CheckoutState } from './checkout.ts';
import type { OrderState } from './order.ts';
import type { OrderPaymentState } from './payment.ts';
import type { ShippingState } from './shipping.ts';

export const displayGroups = ['valid', 'warning', 'error', 'neutral'] as const;
export type DisplayGroup = (typeof displayGroups)[number];

type Label = Record<Language, string>;
const inProgress: Label = { fr: 'En cours', nl: 'In behandeling' };

export const DISPLAY_STATUSES = {
  draft: { group: 'valid', label: inProgress },
  processing: { group: 'valid', label: inProgress },
  processed: { group: 'valid', label: inProgress },
  active: { group: 'valid', label: inProgress },
  authorized: { group: 'valid', label: { fr: 'Paiement autorisé', nl: 'Betaling goedgekeurd' } },
  payment_accepted: { group: 'valid', label: { fr: 'Paiement accepté', nl: 'Betaling aanvaard' } },
  paid: { group: 'valid', label: { fr: 'Payée', nl: 'Betaald' } },
  sent: { group: 'valid', label: { fr: 'Expédiée', nl: 'Verzonden' } },
  shipped: { group: 'valid', label: { fr: 'Expédiée', nl: 'Verzonden' } },
  awaiting_payment: { group: 'warning', label: { fr: 'En attente de paiement', nl: 'Wacht op betaling' } },
  partially_authorized: { group: 'warning', label: { fr: 'Paiement partiellement autorisé', nl: 'Betaling gedeeltelijk goedgekeurd' } },
  partially_refunded: { group: 'warning', label: { fr: 'Partiellement remboursée', nl: 'Gedeeltelijk terugbetaald' } },
  partially_paid: { group: 'warning', label: { fr: 'Partiellement payée', nl: 'Gedeeltelijk betaald' } },
  paused: { group: 'error', label: { fr: 'Suspendue', nl: 'Gepauzeerd' } },
  error: { group: 'error', label: { fr: 'Erreur', nl: 'Fout' } },
  payment_failure: { group: 'error', label: { fr: 'Échec du paiement', nl: 'Betaling mislukt' } },
  payment_failed: { group: 'error', label: { fr: 'Échec du paiement', nl: 'Betaling mislukt' } },
  pickuppoint_unavailable: { group: 'error', label: { fr: 'Point relais indisponible', nl: 'Afhaalpunt niet beschikbaar' } },
  product_unavailable: { group: 'error', label: { fr: 'Produit indisponible', nl: 'Product niet beschikbaar' } },
  promotion_unavailable: { group: 'error', label: { fr: 'Promotion indisponible', nl: 'Promotie niet beschikbaar' } },
  invalid_promotion: { group: 'error', label: { fr: 'Promotion non valable', nl: 'Ongeldige promotie' } },
  refunded: { group: 'neutral', label: { fr: 'Remboursée', nl: 'Terugbetaald' } },
  stopped: { group: 'neutral', label: { fr: 'Arrêté', nl: 'Stopgezet' } },
  cancelled: { group: 'neutral', label: { fr: 'Annulée', nl: 'Geannuleerd' } },
} as const satisfies Record<string, { group: DisplayGroup; label: Label }>;
export type DisplayStatus = keyof typeof DISPLAY_STATUSES;
export const displayStatuses = Object.keys(DISPLAY_STATUSES) as DisplayStatus[];

export interface OrderStates {
  state: OrderState;
  checkoutState: CheckoutState;
  paymentState: OrderPaymentState;
  shippingState: ShippingState;
  /** Whether a payment of the order failed since it last awaited one (the shopper is asked to pay again). */
  paymentFailed?: boolean;
}

/**
 * The status a placed order shows, the most pressing first: cancelled and refunds end the story; a shipped
 * parcel is what the shopper cares about next; then money (a failed payment asks them to pay again, a
 * delayed one waits); a paid order is being prepared.
 */
export function orderDisplayStatus(o: OrderStates): DisplayStatus {
  if (o.state === 'cart' || o.checkoutState !== 'completed') return 'draft';
  if (o.state === 'cancelled') return 'cancelled';
  if (o.paymentState === 'refunded') return 'refunded';
  if (o.paymentState === 'partially_refunded') return 'partially_refunded';
  if (o.state === 'fulfilled' || o.shippingState === 'shipped') return 'shipped';
  if (o.paymentState === 'awaiting_payment') return o.paymentFailed ? 'payment_failed' : 'awaiting_payment';
  if (o.paymentState === 'cancelled') return 'payment_failed';
  if (o.paymentState === 'partially_paid' || o.paymentState === 'partially_authorized' || o.paymentState === 'authorized')
    return o.paymentState;
  return 'processing';
}

export const displayGroupOf = (status: DisplayStatus): DisplayGroup => DISPLAY_STATUSES[status].group;
export const displayLabelOf = (status: DisplayStatus, lang: Language): string => DISPLAY_STATUSES[status].label[lang];
