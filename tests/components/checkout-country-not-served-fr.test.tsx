/**
 * The address step when the shop refuses the shipping country, on the FR site in French: besides the
 * shop's refusal, the step says which countries this site delivers and that the Belgian site delivers that
 * address. The refusal itself stays in tests/api/shop-checkout.test.ts and tests/e2e/checkout.spec.ts.
 */
import { afterEach, expect, it } from 'vitest';
import { getShop } from '../../src/stores/shop.ts';
import { refusedAddress } from './support/country-not-served.tsx';

afterEach(() => getShop().session.logout());

it('a Belgian address is told the countries this site delivers and the Belgian site, in a live region', async () => {
  const { hint, submit } = await refusedAddress('fr_FR', 'BE');
  await submit();
  expect(hint()?.getAttribute('role')).toBe('status');
  expect(hint()?.textContent).toBe(
    'Ce site livre les adresses de ces pays\u00A0: France et Luxembourg.Pour cette adresse, commandez sur notre site Belgique.',
  );
});
