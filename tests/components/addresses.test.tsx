/**
 * The address book when the shop API fails: the
 * new address's form says so in the shopper's language and keeps the address typed; while the answer is
 * slow it is busy and sends one address whatever the shopper presses; then the book lists it. A book that
 * cannot be read says so.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import AddressesIsland from '../../src/islands/account/AddressesIsland.tsx';
import type { Address } from '../../src/lib/shop-api/addresses.ts';
import { customerAnswer, signedInAnswer } from './support/answers.ts';
import { islandIn, shopApiOnFetch, signedIn, walkFailures } from './support/island.tsx';

const { props, t } = islandIn('nl_BE');
const addresses = /\/addresses$/;

it('says so when the shop API is unreachable or fails, keeps the address typed, and saves it once when slow', async () => {
  const api = shopApiOnFetch();
  const book: Address[] = [];
  api.answer('GET', /\/customers\/7$/, () => ({ status: 200, body: customerAnswer() }));
  api.answer('GET', addresses, () => ({
    status: 200,
    body: { '@type': 'hydra:Collection', 'hydra:member': book, 'hydra:totalItems': book.length },
  }));
  api.answer('POST', addresses, ({ body }) => {
    const sent = body as Partial<Address>;
    const id = book.length + 1;
    const saved: Address = {
      '@id': `/api/v2/shop/addresses/${id}`,
      '@type': 'Address',
      id,
      company: null,
      firstName: sent.firstName ?? '',
      lastName: sent.lastName ?? '',
      countryCode: sent.countryCode ?? 'BE',
      provinceCode: null,
      provinceName: null,
      street: sent.street ?? '',
      street2: null,
      city: sent.city ?? '',
      postcode: sent.postcode ?? '',
      phoneNumber: sent.phoneNumber ?? '',
      phoneNumber2: null,
      alias: null,
      deliveryInstructions: null,
      isDefault: book.length === 0,
    };
    book.push(saved);
    return { status: 201, body: saved };
  });
  signedIn(signedInAnswer());
  render(<AddressesIsland {...props} />);
  fireEvent.click(await screen.findByRole('button', { name: t('account.addresses.add') }));
  const street = screen.getByLabelText(t('forms.fields.street'), { exact: true }) as HTMLInputElement;
  const postcode = screen.getByLabelText(t('forms.fields.postcode')) as HTMLInputElement;
  const city = screen.getByLabelText(t('forms.fields.city')) as HTMLInputElement;
  const phone = within(screen.getByRole('group', { name: t('forms.fields.phoneNumber') })).getByRole('textbox') as HTMLInputElement;
  const save = screen.getByRole('button', { name: t('account.addresses.save') });
  const typed = new Map([
    [street, 'Kerkstraat 12'],
    [postcode, '9000'],
    [city, 'Gent'],
    [phone, '+32 470 12 34 56'],
  ]);
  for (const [field, value] of typed) fireEvent.change(field, { target: { value } });
  const expectKept = () => {
    for (const [field, value] of typed) expect(field.value).toBe(value);
  };

  await walkFailures({ api, method: 'POST', path: addresses, submit: save, field: city, kept: expectKept, t });
  await waitFor(() => expect(screen.getByText(t('account.addresses.saved'))).toBeTruthy());
  expect(within(screen.getByRole('list', { name: t('account.addresses.listLabel') })).getAllByRole('listitem')).toHaveLength(1);
  expect(api.count('POST', addresses)).toBe(3);
  expect(book[0]).toMatchObject({ street: 'Kerkstraat 12', postcode: '9000', city: 'Gent' });
});

it('says so when the address book cannot be read', async () => {
  const api = shopApiOnFetch();
  api.answer('GET', /\/customers\/7$/, () => ({ status: 200, body: customerAnswer() }));
  api.unreachable('GET', addresses);
  signedIn(signedInAnswer());
  render(<AddressesIsland {...props} />);
  await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(t('forms.errors.network')));
});
