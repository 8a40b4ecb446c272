/**
 * A subscription's new card: the build's card form (the checkout's: the sandbox's inputs, or Mollie
 * Components with a profile id), one per page like Mollie's fields. Apart from subscriptions.ts, which every
 * island's stores import: only the screens that change a card carry the card's code.
 */
import type { LocaleCode } from '../lib/channels.ts';
import type { CardDetails } from '../lib/payments/card-details.ts';
import { type CardSettings, type CardTokeniser, CardTokenFailure, cardTokeniser } from './checkout/card.ts';

let card: CardTokeniser | null = null;

/** The page's card form for a subscription's new card; without Mollie, the sandbox beside the shop API makes the token. */
export function subscriptionCardForm(settings: CardSettings & { apiUrl: string; locale: LocaleCode }): CardTokeniser {
  card ??= cardTokeniser(settings, { providerUrl: `${settings.apiUrl.replace(/\/+$/, '')}/payments` });
  return card;
}

/** The provider's single-use token of the card in the form (the sandbox's details, or Mollie's own fields). */
export function newCardToken(tokeniser: CardTokeniser, input: CardDetails | 'components'): Promise<string> {
  if (tokeniser.kind === 'components') return tokeniser.tokenise();
  if (input === 'components') return Promise.reject(new CardTokenFailure('failed'));
  return tokeniser.tokenise(input);
}
