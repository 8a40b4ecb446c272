/**
 * The checkout funnel of a signed-in shopper at its address step, its book holding one address in a country
 * the site does not deliver, on a shop API that refuses it as the platform does (COUNTRY_NOT_SERVED):
 * tests/components/checkout-country-not-served-*.test.tsx, one file per language since the page's stores
 * keep the first locale they were configured with.
 */
import { fireEvent, render, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { messagesFor } from '../../../src/i18n/translate.ts';
import CheckoutIsland from '../../../src/islands/checkout/CheckoutIsland.tsx';
import { channelOf, languageOf, type LocaleCode } from '../../../src/lib/channels.ts';
import { pathTo } from '../../../src/lib/routes/paths.ts';
import { iri } from '../../../src/lib/shop-api/iri.ts';
import { customerAnswer, signedInAnswer } from './answers.ts';
import { orderAtSummary, TOKEN } from './checkout-funnel.tsx';
import { recordNavigations, shopApiOnFetch, signedIn } from './island.tsx';

/** An address of the book in `country`, which the site of `locale` does not deliver. */
const abroad = (country: 'BE' | 'FR') => ({
  '@id': iri.address(1),
  '@type': 'Address' as const,
  id: 1,
  company: null,
  firstName: 'Lotte',
  lastName: 'Peeters',
  countryCode: country,
  provinceCode: null,
  provinceName: null,
  street: country === 'BE' ? 'Meir 12' : '12 rue des Lilas',
  street2: null,
  city: country === 'BE' ? 'Antwerpen' : 'Lyon',
  postcode: country === 'BE' ? '2000' : '69001',
  phoneNumber: country === 'BE' ? '+32471123456' : '+33612345678',
  phoneNumber2: null,
  alias: null,
  deliveryInstructions: null,
  isDefault: true,
});

/** The funnel of `locale`'s site at its address step, the book holding one address in `country`; the shop refuses it. */
export async function refusedAddress(locale: LocaleCode, country: 'BE' | 'FR') {
  const api = shopApiOnFetch();
  const atSummary = await orderAtSummary();
  const order = {
    ...atSummary,
    localeCode: locale,
    channelCode: channelOf(locale).code,
    checkoutState: 'cart' as const,
    billingAddress: null,
    shippingAddress: null,
  };
  const refusal = languageOf(locale) === 'nl' ? 'We leveren niet in dit land.' : 'Nous ne livrons pas dans ce pays.';
  api.answer('GET', /\/customers\/7$/, () => ({ status: 200, body: customerAnswer() }));
  api.answer('GET', new RegExp(`/orders/${TOKEN}$`), () => ({ status: 200, body: order }));
  api.answer('GET', /\/addresses$/, () => ({
    status: 200,
    body: { '@type': 'hydra:Collection', 'hydra:member': [abroad(country)], 'hydra:totalItems': 1 },
  }));
  api.answer('PATCH', new RegExp(`/orders/${TOKEN}/address$`), () => ({
    status: 422,
    body: {
      '@type': 'ConstraintViolationList',
      'hydra:title': 'An error occurred',
      'hydra:description': `billingAddress.countryCode: ${refusal}`,
      violations: [{ propertyPath: 'billingAddress.countryCode', message: refusal, code: 'COUNTRY_NOT_SERVED' }],
    },
  }));
  signedIn(signedInAnswer());
  window.history.replaceState(null, '', pathTo('checkout', locale, { order: TOKEN }));
  recordNavigations();
  const props = {
    locale,
    messages: messagesFor(languageOf(locale), ['account', 'cart', 'checkout', 'forms', 'generic', 'islands', 'relay']),
  };
  const page = render(<CheckoutIsland {...props} />);
  const hint = () => document.querySelector<HTMLElement>('[data-country-not-served]');
  const submit = async () => {
    const button = await waitFor(() => {
      const found = document.querySelector<HTMLButtonElement>('[data-step-action="address"]');
      expect(found?.disabled).toBe(false);
      return found!;
    });
    expect(hint()?.textContent, 'nothing is said before the shop refuses').toBe('');
    fireEvent.click(button);
    await waitFor(() => expect(document.querySelector('[data-checkout-error="refused"]')?.textContent).toContain(refusal));
  };
  return { api, props, page, hint, submit };
}
