/** The funnel's failures in the shopper's words (a module of its own, so tests read it without a page). */
import type { Translator } from '../../lib/translator.ts';
import type { CheckoutError } from '../../stores/checkout/errors.ts';

/** A failure in the shopper's words: the API's own reason when it gave one, else the funnel's texts. */
export function errorText(t: Translator, error: CheckoutError): string[] {
  switch (error.code) {
    case 'network':
      return [t('checkout.network')];
    case 'not_found':
      return [t('checkout.notFound')];
    case 'relay_none':
      return [t('relay.noneNearby')];
    case 'relay_unavailable':
      return [t('relay.unavailable')];
    case 'card_invalid': {
      const key = `checkout.payment.card.errors.${error.field ?? ''}`;
      return [t.has(key) ? t(key) : (error.description ?? t('checkout.error'))];
    }
    case 'payment_refused':
      return [
        t('checkout.payment.refused'),
        ...(error.bank ? [t('checkout.payment.bank', { message: error.bank.message, code: error.bank.code ?? '–' })] : []),
        t('checkout.payment.retry'),
      ];
    case 'refused': {
      if (error.violations.some((v) => v.code === 'RELAY_POINT_INACTIVE')) return [t('relay.inactive')];
      const texts = error.violations.map((v) => v.message).filter(Boolean);
      return texts.length > 0 ? texts : [error.description ?? t('checkout.error')];
    }
    default:
      return [t('checkout.error')];
  }
}
