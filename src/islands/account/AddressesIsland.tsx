/**
 * The address book, authenticated only: the saved addresses (the favourite marked and first),
 * adding and editing them in one form, deleting after a confirmation, choosing the favourite.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorsFromFailure } from '../../lib/forms/violations.ts';
import type { Address } from '../../lib/shop-api/addresses.ts';
import { guardedIsland, IslandStatus } from '../shared/guard.tsx';
import { ErrorList, StatusMessage } from '../shared/forms/ErrorList.tsx';
import { resolveMessage } from '../../lib/forms/messages.ts';
import { useIsland, useShop } from '../shared/island.tsx';
import { AddressCard, addressName } from './AddressCard.tsx';
import { AddressForm } from '../shared/AddressForm.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { useCustomer } from './customer.ts';

/** The favourite first, then in the order they were added. */
const sortAddresses = (addresses: readonly Address[]): Address[] =>
  [...addresses].sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.id - b.id);

type Editing = { address: Address | null } | null;

function Addresses() {
  const { t } = useIsland();
  const shop = useShop();
  const { customer } = useCustomer();
  const [addresses, setAddresses] = useState<Address[] | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [status, setStatus] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Address | null>(null);
  const [deleteErrors, setDeleteErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState<number | null>(null);
  const opener = useRef<HTMLElement | null>(null);

  const messagesOf = useCallback(
    (error: unknown) => errorsFromFailure(error, []).form.map((e) => resolveMessage(t, 'address', '', e)),
    [t],
  );
  const load = useCallback(async () => {
    try {
      setAddresses(sortAddresses(await shop.client.listAddresses()));
      setErrors([]);
    } catch (error) {
      setErrors(messagesOf(error));
      setAddresses((current) => current ?? []);
    }
  }, [messagesOf, shop]);
  useEffect(() => {
    void load();
  }, [load]);

  const open = (address: Address | null) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setStatus(null);
    setEditing({ address });
  };
  const closeForm = () => {
    setEditing(null);
    // Back to the button that opened the form, once it is rendered again.
    requestAnimationFrame(() => {
      if (opener.current?.isConnected) opener.current.focus();
    });
  };
  const saved = async () => {
    setEditing(null);
    await load();
    setStatus(t('account.addresses.saved'));
  };
  const makeFavourite = async (address: Address) => {
    const customerIri = shop.session.customerIri();
    if (!customerIri) return;
    setBusy(address.id);
    setStatus(null);
    try {
      shop.customer.set(await shop.client.setDefaultAddress(customerIri, address['@id']));
      await load();
      setStatus(t('account.addresses.favouriteSaved'));
    } catch (error) {
      setErrors(messagesOf(error));
    } finally {
      setBusy(null);
    }
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(deleting.id);
    setDeleteErrors([]);
    try {
      await shop.client.deleteAddress(deleting['@id']);
      if (deleting.isDefault) void shop.customer.reload();
      setDeleting(null);
      await load();
      setStatus(t('account.addresses.deleted'));
    } catch (error) {
      setDeleteErrors(messagesOf(error));
    } finally {
      setBusy(null);
    }
  };

  if (addresses === null) return <IslandStatus messageKey="islands.loading" />;
  return (
    <div className="addresses">
      <StatusMessage message={status} focus />
      <ErrorList messages={errors} />
      {editing ? (
        <AddressForm
          key={editing.address?.id ?? 'new'}
          address={editing.address}
          customer={customer}
          first={addresses.length === 0}
          onSaved={() => void saved()}
          onCancel={closeForm}
        />
      ) : (
        <p>
          <button type="button" className="button" onClick={() => open(null)}>
            {t('account.addresses.add')}
          </button>
        </p>
      )}
      {addresses.length === 0 ? (
        !editing && <p>{t('account.addresses.empty')}</p>
      ) : (
        <ul className="address-list" aria-label={t('account.addresses.listLabel')}>
          {addresses.map((address) => (
            <AddressCard
              key={address.id}
              address={address}
              busy={busy === address.id || editing !== null}
              onEdit={() => open(address)}
              onDelete={() => {
                setDeleteErrors([]);
                setDeleting(address);
              }}
              onMakeFavourite={() => void makeFavourite(address)}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? t('account.addresses.deleteNamed', { name: addressName(deleting) }) : ''}
        confirmLabel={t('account.addresses.confirm')}
        cancelLabel={t('account.addresses.cancel')}
        pending={deleting !== null && busy === deleting.id}
        errors={deleteErrors}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      >
        <p>{t('account.addresses.confirmDelete')}</p>
      </ConfirmDialog>
    </div>
  );
}

export default guardedIsland('addresses', Addresses);
