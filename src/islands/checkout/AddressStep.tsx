/**
 * The billing address and the shipping address, chosen from the address book (the favourite
 * preselected), or created here with the address book's own form and rules.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { channelCodes, channelOf, channels, languageOf, type ChannelCode, type LocaleCode } from '../../lib/channels.ts';
import { pathTo } from '../../lib/routes/paths.ts';
import type { Address } from '../../lib/shop-api/addresses.ts';
import type { Customer } from '../../lib/shop-api/customers.ts';
import type { CheckoutError } from '../../stores/checkout/errors.ts';
import { IslandStatus } from '../shared/guard.tsx';
import { useIsland } from '../shared/island.tsx';
import { useCheckout } from './shared.tsx';

// The address form (the world's countries, phone numbers' rules) loads only when an address is added: most
// shoppers choose one of their book, and the funnel's first screen stays within its JavaScript budget.
type AddressFormModule = typeof import('../shared/AddressForm.tsx');
let addressFormModule: AddressFormModule | undefined;
const loadAddressForm = () => import('../shared/AddressForm.tsx').then((module) => (addressFormModule = module));
const LazyAddressForm = lazy(() => loadAddressForm().then((module) => ({ default: module.AddressForm })));

/**
 * Whether the funnel may draw its steps: when it opens on the address form (no address in the book), not
 * before the form's code is there. Drawn first with a loading line in its place, the steps below were
 * pushed off the screen when the form arrived (a layout shift of 0.28 on a phone).
 */
export function useAddressFormReady(needed: boolean): boolean {
  const [ready, setReady] = useState(() => addressFormModule !== undefined);
  useEffect(() => {
    if (!needed || ready) return;
    let live = true;
    // Failed, the form's own lazy load shows the island's error where the form goes.
    const done = () => {
      if (live) setReady(true);
    };
    void loadAddressForm().then(done, done);
    return () => {
      live = false;
    };
  }, [needed, ready]);
  return ready || !needed;
}

const countryNames = (lang: string) => new Intl.DisplayNames([lang], { type: 'region' });

function AddressLines({
  address,
}: {
  address: Pick<Address, 'firstName' | 'lastName' | 'company' | 'street' | 'street2' | 'postcode' | 'city' | 'countryCode'>;
}) {
  const { locale } = useIsland();
  const country = countryNames(locale.replace('_', '-')).of(address.countryCode) ?? address.countryCode;
  return (
    <>
      {`${address.firstName} ${address.lastName}`}
      {address.company && <>, {address.company}</>}
      <br />
      {address.street}
      {address.street2 && <>, {address.street2}</>}
      <br />
      {`${address.postcode} ${address.city}, ${country}`}
    </>
  );
}

/** The other country site: its code and its address (the page knows it, from SITE_URL_<code>). */
export interface OtherSite {
  channel: ChannelCode;
  origin: string;
}

/** The other site's home in the shopper's language when it has it (the BE site speaks French too). */
function homeOf(site: OtherSite, locale: LocaleCode): string {
  const channel = channels[site.channel];
  const there = channel.locales.find((l) => languageOf(l) === languageOf(locale)) ?? channel.defaultLocale;
  return `${site.origin}${pathTo('home', there)}`;
}

/**
 * The shop's refusal of a shipping country said with the way forward: the countries this site delivers
 * (the channel's, named by the runtime) and, when the other site delivers that country, that site. The
 * refusal itself is the step's alert; this is its explanation, in a live region drawn with the form.
 */
function CountryNotServed({ error, country, otherSite }: { error: CheckoutError | null; country: string | null; otherSite?: OtherSite }) {
  const { t, locale } = useIsland();
  const refused = error?.code === 'refused' && error.violations.some((v) => v.code === 'COUNTRY_NOT_SERVED');
  const lang = locale.replace('_', '-');
  const here = channelOf(locale);
  const names = countryNames(lang);
  const served = new Intl.ListFormat(lang, { type: 'conjunction' }).format(here.countries.map((code) => names.of(code) ?? code));
  const other = channelCodes
    .map((code) => channels[code])
    .find((c) => c !== here && country !== null && (c.countries as readonly string[]).includes(country));
  const otherName = other ? (names.of(other.countries[0]!) ?? other.code) : '';
  return (
    <div role="status" className="checkout-country-hint" data-country-not-served>
      {refused && (
        <>
          <p>{t('checkout.billing.served', { countries: served })}</p>
          {other && (
            <p>
              {t('checkout.billing.otherSite', { country: otherName })}
              {otherSite?.channel === other.code && (
                <>
                  {' '}
                  <a href={homeOf(otherSite, locale)}>{t('checkout.billing.goToOtherSite', { country: otherName })}</a>
                </>
              )}
            </p>
          )}
        </>
      )}
    </div>
  );
}

/** The favourite first, then in the order they were added. */
const sorted = (addresses: readonly Address[]) => [...addresses].sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.id - b.id);

function AddressChoice({
  name,
  label,
  addresses,
  value,
  onChange,
}: {
  name: string;
  label: string;
  addresses: Address[];
  value: number | null;
  onChange: (id: number) => void;
}) {
  const { t } = useIsland();
  return (
    <fieldset className="checkout-choices">
      <legend>{label}</legend>
      {addresses.map((address) => (
        <label key={address.id} className="checkout-choice">
          <input type="radio" name={name} value={address.id} checked={value === address.id} onChange={() => onChange(address.id)} />
          <span>
            {address.isDefault && <span className="tag ok">{t('checkout.billing.favourite')}</span>} <AddressLines address={address} />
          </span>
        </label>
      ))}
    </fieldset>
  );
}

export function AddressStep({ customer, otherSite }: { customer: Customer | null; otherSite?: OtherSite }) {
  const { t } = useIsland();
  const { store, order, addresses, status, error } = useCheckout();
  const book = sorted(addresses);
  const pick = (current: { countryCode: string; postcode: string; street: string } | null | undefined) =>
    book.find((a) => current && a.street === current.street && a.postcode === current.postcode && a.countryCode === current.countryCode)
      ?.id ??
    book[0]?.id ??
    null;
  const [billing, setBilling] = useState<number | null>(() => pick(order?.billingAddress));
  const [shipping, setShipping] = useState<number | null>(() => pick(order?.shippingAddress ?? order?.billingAddress));
  const [sameAddress, setSameAddress] = useState(() => !order?.shippingAddress || billing === shipping);
  const [adding, setAdding] = useState(book.length === 0);
  // The country the shop answered about: the one sent, whatever is chosen since.
  const [sentCountry, setSentCountry] = useState<string | null>(null);

  const billingAddress = book.find((a) => a.id === billing) ?? null;
  const shippingAddress = sameAddress ? billingAddress : (book.find((a) => a.id === shipping) ?? null);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!billingAddress) return;
    setSentCountry((shippingAddress ?? billingAddress).countryCode);
    void store.setAddresses(billingAddress, shippingAddress).catch(() => undefined);
  };

  if (adding) {
    // Its code already there, the form is drawn at once, not after a loading line.
    const AddressForm = addressFormModule?.AddressForm ?? LazyAddressForm;
    return (
      <Suspense fallback={<IslandStatus messageKey="islands.loading" />}>
        <AddressForm
          address={null}
          customer={customer}
          first={book.length === 0}
          headingLevel={3}
          onSaved={(address) => {
            store.addressSaved(address);
            setBilling((current) => current ?? address.id);
            if (!sameAddress) setShipping(address.id);
            else setBilling(address.id);
            setAdding(false);
          }}
          onCancel={() => setAdding(book.length === 0)}
        />
      </Suspense>
    );
  }
  return (
    <form className="checkout-form" onSubmit={submit} noValidate>
      <AddressChoice name="billing" label={t('checkout.billing.choose')} addresses={book} value={billing} onChange={setBilling} />
      <label className="field-checkbox">
        <input type="checkbox" checked={sameAddress} onChange={(event) => setSameAddress(event.target.checked)} />
        <span>{t('checkout.billing.shipToBilling')}</span>
      </label>
      {!sameAddress && (
        <AddressChoice
          name="shipping"
          label={t('checkout.billing.chooseShipping')}
          addresses={book}
          value={shipping}
          onChange={setShipping}
        />
      )}
      <CountryNotServed error={error} country={sentCountry} otherSite={otherSite} />
      <div className="form-actions">
        <button
          type="submit"
          className="button"
          disabled={!billingAddress || !shippingAddress || status === 'busy'}
          data-step-action="address"
        >
          {t('checkout.continue')}
        </button>
        <button type="button" className="link-button" onClick={() => setAdding(true)}>
          {t('checkout.billing.add')}
        </button>
      </div>
    </form>
  );
}
