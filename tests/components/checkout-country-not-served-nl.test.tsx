/**
 * The address step when the shop refuses the shipping country, on the BE site in Dutch: besides the shop's
 * refusal, the step says which countries this site delivers and that the French site delivers that address,
 * with a link to that site's home once the page gives the step its address (SITE_URL_FR at build time).
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { AddressStep } from '../../src/islands/checkout/AddressStep.tsx';
import { Island } from '../../src/islands/shared/island.tsx';
import { getShop } from '../../src/stores/shop.ts';
import { refusedAddress } from './support/country-not-served.tsx';

afterEach(() => getShop().session.logout());

it('a French address is told the countries this site delivers and the French site, linked when the page knows it', async () => {
  const { api, props, page, hint, submit } = await refusedAddress('nl_BE', 'FR');
  await submit();
  expect(hint()?.getAttribute('role')).toBe('status');
  expect(hint()?.textContent).toBe(
    'Deze site levert op adressen in deze landen: België en Luxemburg.Bestel voor dit adres op onze site voor Frankrijk.',
  );

  // The same step given the other site's address: the sentence links to its home.
  page.unmount();
  render(
    <Island {...props}>
      <AddressStep customer={null} otherSite={{ channel: 'FR', origin: 'https://www.example.fr' }} />
    </Island>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Verder' }));
  await waitFor(() => expect(api.count('PATCH', /\/address$/)).toBe(2));
  const link = await waitFor(() => within(hint()!).getByRole('link', { name: 'Naar de site voor Frankrijk' }));
  // The FR site speaks French only: its home in French.
  expect(link.getAttribute('href')).toBe('https://www.example.fr/');
});
