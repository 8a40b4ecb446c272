/**
 * Adding or editing an address (the address book, and the checkout's inline address): any country of the world (the shop's own first), phones with
 * their country, postcode rules; server violations land on their fields, the others on the form. Marked
 * favourite, it becomes the customer's default address (saveAddress sets it when the server did not).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { channelOf, htmlLangOf } from '../../lib/channels.ts';
import { countryOptions } from '../../lib/countries.ts';
import { ADDRESS_FIELDS, addressFormValues, addressSchema, emptyAddress, labelSafeName } from '../../lib/forms/address.ts';
import { createForm } from './forms/form-state.ts';
import { saveAddress, type Address } from '../../lib/shop-api/addresses.ts';
import type { Customer } from '../../lib/shop-api/customers.ts';
import { CheckboxField, SelectField, TextAreaField, TextField } from './forms/Field.tsx';
import { Form, useFormField, useFormPending } from './forms/Form.tsx';
import { PhoneField } from './forms/PhoneField.tsx';
import { SubmitButton } from './forms/SubmitButton.tsx';
import { useIsland, useShop } from './island.tsx';

const addressName = (address: Address): string => address.alias || `${address.firstName} ${address.lastName}`;

export interface AddressFormProps {
  /** The address edited, null for a new one. */
  address: Address | null;
  customer: Customer | null;
  /** A first address is the favourite unless the shopper says otherwise. */
  first: boolean;
  onSaved: (address: Address) => void;
  onCancel: () => void;
  /** The heading's level where the form sits (a section of the checkout holds it under its own h2). */
  headingLevel?: 2 | 3;
}

function CancelButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="button secondary" onClick={onClick} disabled={useFormPending()}>
      {label}
    </button>
  );
}

/** The phones, whose country follows the address's until the shopper picks a prefix (PhoneField). */
function AddressPhones() {
  const country = useFormField<string>('countryCode').value;
  return (
    <>
      <PhoneField field="phoneNumber" followCountry={country} />
      <PhoneField field="phoneNumber2" optional followCountry={country} />
    </>
  );
}

export function AddressForm({ address, customer, first, onSaved, onCancel, headingLevel = 2 }: AddressFormProps) {
  const { t, locale } = useIsland();
  const shop = useShop();
  const heading = useRef<HTMLHeadingElement>(null);
  const Heading = `h${headingLevel}` as const;
  const [form] = useState(() =>
    createForm({
      name: 'address',
      schema: addressSchema,
      defaults: () =>
        address ? addressFormValues(address) : { ...emptyAddress(channelOf(locale).countries[0], customer ?? undefined), isDefault: first },
      fields: ADDRESS_FIELDS,
      onSubmit: async (data) => {
        const saved = await saveAddress(shop.client, { address: data, id: address?.id ?? null, customerIri: shop.session.customerIri() });
        // The customer's default address changed with it.
        if (data.isDefault !== Boolean(address?.isDefault)) void shop.customer.reload();
        return saved;
      },
    }),
  );

  useEffect(() => heading.current?.focus(), []);

  // A new address starts from the customer's names as a label prints them: when that changed a name (Zoë,
  // D'Hondt), its field says so and why, rather than refusing a name the shopper never typed.
  const respelled = (name: string | undefined) => {
    const safe = labelSafeName(name ?? '');
    return !address && name && safe !== name.trim() ? t('account.addresses.labelSafe', { name: name.trim(), safe }) : undefined;
  };
  const [hints] = useState(() => ({ firstName: respelled(customer?.firstName), lastName: respelled(customer?.lastName) }));

  const countries = useMemo(() => countryOptions(htmlLangOf(locale)), [locale]);
  const cancel = () => {
    form.reset();
    onCancel();
  };

  return (
    <section className="panel card" aria-labelledby="address-form-title">
      <Heading id="address-form-title" ref={heading} tabIndex={-1}>
        {address ? t('account.addresses.editTitle', { name: addressName(address) }) : t('account.addresses.addTitle')}
      </Heading>
      <Form form={form} onSuccess={onSaved}>
        <TextField field="alias" optional />
        <TextField field="firstName" autoComplete="given-name" hint={hints.firstName} />
        <TextField field="lastName" autoComplete="family-name" hint={hints.lastName} />
        <TextField field="company" optional autoComplete="organization" />
        <TextField field="street" autoComplete="address-line1" />
        <TextField field="street2" optional autoComplete="address-line2" />
        <TextField field="postcode" autoComplete="postal-code" inputMode="numeric" />
        <TextField field="city" autoComplete="address-level2" />
        <SelectField field="countryCode" autoComplete="country" options={countries} />
        <AddressPhones />
        <TextAreaField field="deliveryInstructions" optional />
        <CheckboxField field="isDefault" label={t('account.addresses.makeFavourite')} />
        <div className="form-actions">
          <SubmitButton>{t('account.addresses.save')}</SubmitButton>
          <CancelButton label={t('account.addresses.cancel')} onClick={cancel} />
        </div>
      </Form>
    </section>
  );
}
