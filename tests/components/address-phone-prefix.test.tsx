/**
 * Issue 44: the phone's prefix follows the address's country (LU → +352, BE → +32) until the shopper picks a
 * prefix; a prefix picked by hand, or the one an edited address was saved with, stays when the country
 * changes; the address sent to the shop API carries the number in E.164 with the right prefix. The select
 * shows a short label (flag and code) beside the number.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import AddressesIsland from '../../src/islands/account/AddressesIsland.tsx';
import type { Address } from '../../src/lib/shop-api/addresses.ts';
import { customerAnswer, signedInAnswer } from './support/answers.ts';
import { islandIn, shopApiOnFetch, signedIn } from './support/island.tsx';

const { props, t } = islandIn('fr_FR');
const addresses = /\/addresses$/;
const oneAddress = /\/addresses\/(\d+)$/;

const savedAddress = (fields: Partial<Address> = {}): Address => ({
  '@id': '/api/v2/shop/addresses/3',
  '@type': 'Address',
  id: 3,
  company: null,
  firstName: 'Lotte',
  lastName: 'Peeters',
  countryCode: 'FR',
  provinceCode: null,
  provinceName: null,
  street: '12 rue des Lilas',
  street2: null,
  city: 'Lyon',
  postcode: '69001',
  phoneNumber: '+352621123456',
  phoneNumber2: null,
  alias: 'Maison',
  deliveryInstructions: null,
  isDefault: true,
  ...fields,
});

/** The address book with `book` in it; what the shop API was sent (POST and PUT bodies). */
function addressBook(book: Address[] = []) {
  const api = shopApiOnFetch();
  const sent: Array<Partial<Address>> = [];
  const saved = (body: unknown, id: number): Address => {
    const address = { ...savedAddress(), ...(body as Partial<Address>), id, '@id': `/api/v2/shop/addresses/${id}` };
    sent.push(body as Partial<Address>);
    return address;
  };
  api.answer('GET', /\/customers\/7$/, () => ({ status: 200, body: customerAnswer() }));
  api.answer('GET', addresses, () => ({
    status: 200,
    body: { '@type': 'hydra:Collection', 'hydra:member': book, 'hydra:totalItems': book.length },
  }));
  api.answer('POST', addresses, ({ body }) => ({ status: 201, body: saved(body, 10 + sent.length) }));
  api.answer('PUT', oneAddress, ({ body, url }) => ({ status: 200, body: saved(body, Number(oneAddress.exec(url.pathname)?.[1])) }));
  signedIn(signedInAnswer());
  render(<AddressesIsland {...props} />);
  return { api, sent };
}

/** A phone group's select, number and short label. */
function phoneOf(label: string) {
  const group = screen.getByRole('group', { name: label });
  return {
    select: within(group).getByLabelText(t('forms.fields.phoneCountry')) as HTMLSelectElement,
    number: within(group).getByRole('textbox') as HTMLInputElement,
    short: () => group.querySelector('.phone-country-short')?.textContent ?? '',
  };
}

const country = () => screen.getByLabelText(t('forms.fields.countryCode'), { exact: true }) as HTMLSelectElement;
const chooseCountry = (code: string) => fireEvent.change(country(), { target: { value: code } });
const type = (field: HTMLInputElement, value: string) => fireEvent.change(field, { target: { value } });

async function openNewAddress() {
  fireEvent.click(await screen.findByRole('button', { name: t('account.addresses.add') }));
  return {
    phone: phoneOf(t('forms.fields.phoneNumber')),
    phone2: phoneOf(t('forms.fields.phoneNumber2')),
  };
}

describe('a new address', () => {
  it('starts with the country’s prefix, and the prefix follows the country chosen: LU +352, BE +32', async () => {
    addressBook();
    const { phone, phone2 } = await openNewAddress();
    expect(country().value).toBe('FR');
    expect([phone.select.value, phone.number.value]).toEqual(['FR', '+33 ']);

    chooseCountry('LU');
    expect([phone.select.value, phone.number.value]).toEqual(['LU', '+352 ']);
    expect([phone2.select.value, phone2.number.value]).toEqual(['LU', '+352 ']);
    // The short label beside the number: the flag and the code, not the country's name.
    expect(phone.short()).toContain('+352');
    expect(phone.short()).not.toContain('Luxembourg');
    // The list itself keeps the countries' names.
    expect(phone.select.selectedOptions[0]?.textContent).toBe(t('forms.phone.countries.LU'));

    chooseCountry('BE');
    expect([phone.select.value, phone.number.value]).toEqual(['BE', '+32 ']);
    chooseCountry('DE');
    expect([phone.select.value, phone.number.value]).toEqual(['DE', '+49 ']);
    // A country the phone does not offer leaves it as it was.
    chooseCountry('ES');
    expect([phone.select.value, phone.number.value]).toEqual(['DE', '+49 ']);
    chooseCountry('FR');
    expect([phone.select.value, phone.number.value]).toEqual(['FR', '+33 ']);
  });

  it('rewrites the prefix of a number typed without its own when the country changes', async () => {
    addressBook();
    const { phone } = await openNewAddress();
    type(phone.number, '+33 621 123 456');
    chooseCountry('LU');
    expect([phone.select.value, phone.number.value]).toEqual(['LU', '+352 621 123 456']);
  });

  it('sends the number in E.164 with Luxembourg’s prefix for a Luxembourg address', async () => {
    const { sent } = addressBook();
    const { phone } = await openNewAddress();
    chooseCountry('LU');
    type(screen.getByLabelText(t('forms.fields.street'), { exact: true }) as HTMLInputElement, '12 rue de la Gare');
    type(screen.getByLabelText(t('forms.fields.postcode')) as HTMLInputElement, '2714');
    type(screen.getByLabelText(t('forms.fields.city')) as HTMLInputElement, 'Luxembourg');
    type(phone.number, `${phone.number.value}621 123 456`);
    fireEvent.click(screen.getByRole('button', { name: t('account.addresses.save') }));
    await waitFor(() => expect(screen.getByText(t('account.addresses.saved'))).toBeTruthy());
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ countryCode: 'LU', phoneNumber: '+352621123456', phoneNumber2: null });
  });

  it('keeps a prefix the shopper picked when the country changes afterwards', async () => {
    const { sent } = addressBook();
    const { phone, phone2 } = await openNewAddress();
    fireEvent.change(phone.select, { target: { value: 'BE' } });
    expect(phone.number.value).toBe('+32 ');
    chooseCountry('LU');
    expect([phone.select.value, phone.number.value]).toEqual(['BE', '+32 ']);
    // The other phone, not picked, follows.
    expect([phone2.select.value, phone2.number.value]).toEqual(['LU', '+352 ']);

    type(screen.getByLabelText(t('forms.fields.street'), { exact: true }) as HTMLInputElement, '12 rue de la Gare');
    type(screen.getByLabelText(t('forms.fields.postcode')) as HTMLInputElement, '2714');
    type(screen.getByLabelText(t('forms.fields.city')) as HTMLInputElement, 'Luxembourg');
    type(phone.number, '+32 470 12 34 56');
    fireEvent.click(screen.getByRole('button', { name: t('account.addresses.save') }));
    await waitFor(() => expect(screen.getByText(t('account.addresses.saved'))).toBeTruthy());
    expect(sent[0]).toMatchObject({ countryCode: 'LU', phoneNumber: '+32470123456', phoneNumber2: null });
  });

  it('keeps a number typed with another country’s own prefix when the country changes', async () => {
    addressBook();
    const { phone } = await openNewAddress();
    type(phone.number, '+32 470 12 34 56');
    expect(phone.select.value).toBe('BE');
    chooseCountry('LU');
    expect([phone.select.value, phone.number.value]).toEqual(['BE', '+32 470 12 34 56']);
  });

  it('starts a Belgian shop’s address with Belgium’s prefix', async () => {
    const belgian = islandIn('nl_BE');
    shopApiOnFetch().answer('GET', /\/customers\/7$/, () => ({ status: 200, body: customerAnswer() }));
    signedIn(signedInAnswer());
    render(<AddressesIsland {...belgian.props} />);
    fireEvent.click(await screen.findByRole('button', { name: belgian.t('account.addresses.add') }));
    const group = screen.getByRole('group', { name: belgian.t('forms.fields.phoneNumber') });
    expect((within(group).getByRole('textbox') as HTMLInputElement).value).toBe('+32 ');
    expect((within(group).getByLabelText(belgian.t('forms.fields.phoneCountry')) as HTMLSelectElement).value).toBe('BE');
  });
});

describe('an address being edited', () => {
  it('keeps its saved prefix when its country changes, and sends it back as saved', async () => {
    const { sent } = addressBook([savedAddress()]);
    fireEvent.click(await screen.findByRole('button', { name: t('account.addresses.editNamed', { name: 'Maison' }) }));
    const phone = phoneOf(t('forms.fields.phoneNumber'));
    const phone2 = phoneOf(t('forms.fields.phoneNumber2'));
    expect([phone.select.value, phone.number.value]).toEqual(['LU', '+352 621 123 456']);
    expect(phone.short()).toContain('+352');

    chooseCountry('BE');
    expect([phone.select.value, phone.number.value]).toEqual(['LU', '+352 621 123 456']);
    // Its empty second phone has no prefix of its own: it follows.
    expect([phone2.select.value, phone2.number.value]).toEqual(['BE', '+32 ']);
    chooseCountry('FR');

    fireEvent.click(screen.getByRole('button', { name: t('account.addresses.save') }));
    await waitFor(() => expect(screen.getByText(t('account.addresses.saved'))).toBeTruthy());
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ countryCode: 'FR', phoneNumber: '+352621123456', phoneNumber2: null });
  });
});
