/** One saved address: its lines, the favourite mark, and what can be done with it. */
import { htmlLangOf } from '../../lib/channels.ts';
import { formatPhone } from '../../lib/forms/phone.ts';
import type { Address } from '../../lib/shop-api/addresses.ts';
import { useIsland } from '../shared/island.tsx';

export const addressName = (address: Address): string => address.alias || `${address.firstName} ${address.lastName}`;

function useCountryName(): (code: string) => string {
  const { locale } = useIsland();
  const names = new Intl.DisplayNames([htmlLangOf(locale)], { type: 'region' });
  return (code) => names.of(code) ?? code;
}

export interface AddressCardProps {
  address: Address;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onMakeFavourite: () => void;
}

export function AddressCard({ address, busy, onEdit, onDelete, onMakeFavourite }: AddressCardProps) {
  const { t } = useIsland();
  const countryName = useCountryName();
  const name = addressName(address);
  // Each line is named by what it holds, so that an absent company or second street line shifts no key.
  const lines = Object.entries({
    name: `${address.firstName} ${address.lastName}`,
    company: address.company,
    street: address.street,
    street2: address.street2,
    city: `${address.postcode} ${address.city}`,
    country: countryName(address.countryCode),
  }).filter((line): line is [string, string] => Boolean(line[1]));
  return (
    <li className={`card address-card${address.isDefault ? ' is-default' : ''}`} data-address={address.id}>
      <h3>
        <span>{name}</span>
        {address.isDefault && <span className="tag ok">{t('account.addresses.favourite')}</span>}
      </h3>
      <address>
        {lines.map(([part, line]) => (
          <span key={part}>
            {line}
            <br />
          </span>
        ))}
        {t('account.addresses.phone', { phone: formatPhone(address.phoneNumber) })}
        {address.phoneNumber2 && (
          <>
            <br />
            {t('account.addresses.phone', { phone: formatPhone(address.phoneNumber2) })}
          </>
        )}
      </address>
      {address.deliveryInstructions && <p className="muted">{address.deliveryInstructions}</p>}
      <div className="form-actions">
        <button
          type="button"
          className="link-button"
          onClick={onEdit}
          disabled={busy}
          aria-label={t('account.addresses.editNamed', { name })}
        >
          {t('account.addresses.edit')}
        </button>
        <button
          type="button"
          className="link-button"
          onClick={onDelete}
          disabled={busy}
          aria-label={t('account.addresses.deleteNamed', { name })}
        >
          {t('account.addresses.delete')}
        </button>
        {!address.isDefault && (
          <button type="button" className="link-button" onClick={onMakeFavourite} disabled={busy} aria-busy={busy || undefined}>
            {t('account.addresses.makeFavourite')}
          </button>
        )}
      </div>
    </li>
  );
}
