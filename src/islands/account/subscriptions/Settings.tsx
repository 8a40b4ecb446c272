/**
 * The "my subscription" tab: its status, its frequency in words, the card it is charged on (with its
 * expiry), where and how it is delivered. Each can change here: the frequency (its choice says what it
 * means: "every 6 weeks, next delivery on …"), the card (the checkout's card form), the address (one of
 * the address book), the carrier or relay point; the frequency, address and carrier ask whether the change
 * is for the next order only or for all drafts.
 */
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { DELIVERY_FREQUENCIES } from '../../../lib/constants.ts';
import { languageOf } from '../../../lib/channels.ts';
import { intervalText } from '../../../lib/catalogue/frequencies.ts';
import { formatDistanceKm } from '../../../lib/relay/distance.ts';
import { pathTo } from '../../../lib/routes/paths.ts';
import { createCheckoutClient, type FoundRelayPoint, type ShippingMethod } from '../../../lib/shop-api/checkout.ts';
import type { Address } from '../../../lib/shop-api/addresses.ts';
import type { Subscription } from '../../../lib/shop-api/subscriptions.ts';
import type { ChangeScope } from '../../../lib/subscriptions/changes.ts';
import { addDays } from '../../../lib/subscriptions/schedule.ts';
import { ErrorList } from '../../shared/forms/ErrorList.tsx';
import { useIsland, useShop } from '../../shared/island.tsx';
import { OrderStatus } from '../OrdersParts.tsx';
import { CardChange } from './CardChange.tsx';
import { formatDay } from '../../shared/shop-day.ts';
import { ChangeForm, frequencyMeaning, ScopeChoice, useSubscriptionsApi, useAction } from './parts.tsx';

type Update = (subscription: Subscription, message?: string) => void;
type Editing = 'frequency' | 'card' | 'address' | 'shipping';

const codeOf = (iri: string): string => iri.split('/').at(-1) ?? iri;

/** A change that asks its scope: refused without one, with the reason beside the choice. */
function useScoped(subscription: Subscription) {
  const { t } = useIsland();
  // Once the next order is being prepared, "all drafts" is the only choice left.
  const [scope, setScope] = useState<ChangeScope | null>(subscription.locked ? 'all' : null);
  const [error, setError] = useState<string | null>(null);
  const box = useRef<HTMLDivElement>(null);
  return {
    scope,
    choice: (
      <div ref={box}>
        <ScopeChoice
          scope={scope}
          locked={subscription.locked}
          error={error}
          onChange={(next) => {
            setScope(next);
            setError(null);
          }}
        />
      </div>
    ),
    /** The scope, or null after saying that one must be chosen (the focus goes to the choice). */
    check(): ChangeScope | null {
      if (scope) return scope;
      setError(t('subscriptions.scope.required'));
      box.current?.querySelector<HTMLInputElement>('input:not([disabled])')?.focus();
      return null;
    },
  };
}

function FrequencyForm({ subscription, onSaved, onCancel }: { subscription: Subscription; onSaved: Update; onCancel: () => void }) {
  const { t, locale } = useIsland();
  const subscriptionsApi = useSubscriptionsApi();
  const id = useId();
  const [days, setDays] = useState(subscription.frequency);
  const scoped = useScoped(subscription);
  const { busy, errors, run } = useAction();
  const choice = subscription.frequencyChoices.find((c) => c.days === days);
  // After the next delivery: the new frequency for all drafts, the one kept for the next order only.
  const after = choice ? addDays(choice.nextShipmentDate, scoped.scope === 'next' ? subscription.frequency : days) : null;
  const submit = async () => {
    const scope = scoped.check();
    if (!scope) return;
    const next = await run(() => subscriptionsApi.setFrequency(subscription.code, { frequency: days, scope }));
    if (next) onSaved(next, t('subscriptions.frequency.saved'));
  };
  return (
    <ChangeForm
      label={t('subscriptions.frequency.title')}
      save={t('subscriptions.frequency.save')}
      busy={busy}
      errors={errors}
      onSubmit={() => void submit()}
      onCancel={onCancel}
      data="frequency-form"
    >
      <div className="field">
        <label htmlFor={`${id}-days`}>{t('subscriptions.frequency.label')}</label>
        <select id={`${id}-days`} value={days} onChange={(event) => setDays(Number(event.target.value))} aria-describedby={`${id}-meaning`}>
          {DELIVERY_FREQUENCIES.map((f) => (
            <option key={f.days} value={f.days}>
              {intervalText(languageOf(locale), f.days)}
            </option>
          ))}
        </select>
        <p className="field-hint" id={`${id}-meaning`} aria-live="polite" data-frequency-meaning>
          {choice && after
            ? t('subscriptions.every.andThen', {
                meaning: frequencyMeaning(t, locale, days, choice.nextShipmentDate),
                date: formatDay(locale, after),
              })
            : null}
        </p>
      </div>
      {scoped.choice}
    </ChangeForm>
  );
}

const addressLabel = (a: Address) =>
  `${a.alias ? `${a.alias} – ` : ''}${a.firstName} ${a.lastName}, ${a.street}, ${a.postcode} ${a.city} (${a.countryCode})`;
const sameAddress = (a: Address, b: Subscription['shippingAddress']) =>
  a.street === b.street && a.postcode === b.postcode && a.lastName === b.lastName && a.countryCode === b.countryCode;

function AddressChange({ subscription, onSaved, onCancel }: { subscription: Subscription; onSaved: Update; onCancel: () => void }) {
  const { t, locale } = useIsland();
  const subscriptionsApi = useSubscriptionsApi();
  const shop = useShop();
  const id = useId();
  const [book, setBook] = useState<Address[] | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const scoped = useScoped(subscription);
  const { busy, errors, setErrors, run } = useAction();
  useEffect(() => {
    shop.client
      .listAddresses()
      .then((addresses) => {
        setBook(addresses);
        const current = addresses.find((a) => sameAddress(a, subscription.shippingAddress)) ?? addresses.find((a) => a.isDefault);
        setChosen(current?.id ?? addresses[0]?.id ?? null);
      })
      .catch(() => {
        setBook([]);
        setErrors([t('forms.errors.generic')]);
      });
  }, [subscription.shippingAddress, setErrors, t, shop]);
  const submit = async () => {
    const address = book?.find((a) => a.id === chosen);
    const scope = scoped.check();
    if (!address || !scope) return;
    const next = await run(() => subscriptionsApi.setShippingAddress(subscription.code, { shippingAddress: address, scope }));
    if (next) onSaved(next, t('subscriptions.addressChange.saved'));
  };
  if (book === null) return <p role="status">{t('islands.loading')}</p>;
  return (
    <ChangeForm
      label={t('subscriptions.addressChange.title')}
      save={t('subscriptions.addressChange.save')}
      busy={busy}
      errors={errors}
      onSubmit={() => void submit()}
      onCancel={onCancel}
      data="address-form"
    >
      {book.length === 0 ? (
        <p>{t('subscriptions.addressChange.none')}</p>
      ) : (
        <div className="field">
          <label htmlFor={`${id}-address`}>{t('subscriptions.addressChange.label')}</label>
          <select id={`${id}-address`} value={chosen ?? ''} onChange={(event) => setChosen(Number(event.target.value))}>
            {book.map((address) => (
              <option key={address.id} value={address.id}>
                {addressLabel(address)}
              </option>
            ))}
          </select>
        </div>
      )}
      <p>
        <a href={pathTo('addresses', locale)}>{t('subscriptions.addressChange.book')}</a>
      </p>
      {book.length > 0 && scoped.choice}
    </ChangeForm>
  );
}

/** The relay points near a French postcode or town; a closed one cannot be chosen. */
function RelaySearch({
  initial,
  chosen,
  onChoose,
}: {
  initial: string;
  chosen: string | null;
  onChoose: (point: FoundRelayPoint) => void;
}) {
  const { t } = useIsland();
  const shop = useShop();
  const id = useId();
  const [query, setQuery] = useState(initial);
  const [searched, setSearched] = useState<string | null>(null);
  const [points, setPoints] = useState<FoundRelayPoint[] | null>(null);
  const { busy, errors, run } = useAction();
  const search = async () => {
    const text = query.trim();
    if (!text) return;
    setSearched(text);
    const found = await run(() =>
      createCheckoutClient(shop.client.http).relayPoints(/^\d{5}$/.test(text) ? { postcode: text } : { city: text }),
    );
    setPoints(found ?? []);
  };
  return (
    <div className="subscription-relay" data-relay-search>
      <div className="field">
        <label htmlFor={`${id}-query`}>{t('subscriptions.shippingChange.search')}</label>
        <div className="subscription-inline-form">
          <input
            id={`${id}-query`}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              // Enter searches rather than sending the whole form.
              if (event.key === 'Enter') {
                event.preventDefault();
                void search();
              }
            }}
            autoComplete="postal-code"
          />
          <button type="button" className="button secondary" onClick={() => void search()} disabled={busy}>
            {t('subscriptions.shippingChange.searchButton')}
          </button>
        </div>
      </div>
      <ErrorList messages={errors} />
      {points !== null && points.filter((p) => p.active).length === 0 && errors.length === 0 && (
        <p role="status">{t('subscriptions.shippingChange.none')}</p>
      )}
      {points && points.length > 0 && (
        <fieldset className="subscription-relay__list">
          <legend>{t('subscriptions.shippingChange.results', { query: searched ?? '' })}</legend>
          {points.map((point) => (
            <span className="choice" key={point.id} data-relay-point={point.id}>
              <input
                id={`${id}-${point.id}`}
                type="radio"
                name={`${id}-point`}
                checked={chosen === point.id}
                disabled={!point.active}
                onChange={() => onChoose(point)}
              />
              <label htmlFor={`${id}-${point.id}`}>
                <strong>{point.name}</strong>
                {point.distanceMetres !== null && (
                  <span className="muted"> · {t('relay.distance', { distance: formatDistanceKm(point.distanceMetres, t.language) })}</span>
                )}
                <br />
                {point.street}, {point.postcode} {point.city}
                {!point.active && <span className="tag warn">{t('subscriptions.shippingChange.closed')}</span>}
              </label>
            </span>
          ))}
        </fieldset>
      )}
    </div>
  );
}

function ShippingChange({ subscription, onSaved, onCancel }: { subscription: Subscription; onSaved: Update; onCancel: () => void }) {
  const { t, price } = useIsland();
  const subscriptionsApi = useSubscriptionsApi();
  const shop = useShop();
  const [methods, setMethods] = useState<ShippingMethod[] | null>(null);
  const [method, setMethod] = useState(codeOf(subscription.shippingMethod));
  const [point, setPoint] = useState<string | null>(subscription.relayPoint?.id ?? null);
  const scoped = useScoped(subscription);
  const { busy, errors, setErrors, run } = useAction();
  const order = subscription.nextOrder;
  const shipment = order?.shipments[0];
  // The carriers offered for the subscription's address, with what its next order would pay: the checkout's call on the draft.
  useEffect(() => {
    if (!order || !shipment) {
      setMethods([]);
      return;
    }
    createCheckoutClient(shop.client.http)
      .shippingMethods(order.tokenValue, shipment.id)
      .then(setMethods)
      .catch(() => {
        setMethods([]);
        setErrors([t('forms.errors.generic')]);
      });
  }, [order, shipment, setErrors, t, shop]);
  const chosen = methods?.find((m) => m.code === method);
  const submit = async () => {
    const scope = scoped.check();
    if (!scope || !chosen) return;
    const relayPoint = chosen.kind === 'relay_point' ? point : null;
    const next = await run(() => subscriptionsApi.setShippingMethod(subscription.code, { shippingMethod: chosen.code, relayPoint, scope }));
    if (next) onSaved(next, t('subscriptions.shippingChange.saved'));
  };
  if (methods === null) return <p role="status">{t('islands.loading')}</p>;
  const address = subscription.shippingAddress;
  return (
    <ChangeForm
      label={t('subscriptions.shippingChange.title')}
      save={t('subscriptions.shippingChange.save')}
      busy={busy}
      errors={errors}
      onSubmit={() => void submit()}
      onCancel={onCancel}
      data="shipping-form"
    >
      <fieldset className="field field-choice">
        <legend>{t('subscriptions.shippingChange.method')}</legend>
        {methods.map((m) => (
          <span className="choice" key={m.code}>
            <input
              id={`shipping-${m.code}`}
              type="radio"
              name="subscription-shipping"
              checked={method === m.code}
              onChange={() => setMethod(m.code)}
            />
            <label htmlFor={`shipping-${m.code}`}>
              {m.name} · <strong>{price(m.price)}</strong>
            </label>
          </span>
        ))}
      </fieldset>
      {chosen?.kind === 'relay_point' && (
        <RelaySearch initial={address.countryCode === 'FR' ? address.postcode : ''} chosen={point} onChoose={(p) => setPoint(p.id)} />
      )}
      {scoped.choice}
    </ChangeForm>
  );
}

/** One fact of the subscription, its change button, and the change's form once opened. */
function Setting({
  title,
  children,
  editing,
  onEdit,
  form,
  kind,
}: {
  title: string;
  children: ReactNode;
  editing: boolean;
  /** Null when nothing can change (a stopped subscription). */
  onEdit: (() => void) | null;
  form: ReactNode;
  kind: Editing;
}) {
  const { t } = useIsland();
  const heading = useId();
  const button = useRef<HTMLButtonElement>(null);
  const opened = useRef<HTMLDivElement>(null);
  const was = useRef(editing);
  // The focus follows the form: into its first field when it opens, back to its button when it closes.
  useEffect(() => {
    if (editing && !was.current) opened.current?.querySelector<HTMLElement>('input, select, button')?.focus();
    if (!editing && was.current) button.current?.focus();
    was.current = editing;
  }, [editing]);
  return (
    <section className="subscription-setting" aria-label={title}>
      <div className="subscription-setting__head">
        <h3 id={heading}>{title}</h3>
        {!editing && onEdit && (
          <button
            ref={button}
            type="button"
            className="button secondary subscription-setting__edit"
            onClick={onEdit}
            aria-describedby={heading}
            data-edit={kind}
          >
            {t('subscriptions.settings.change')}
          </button>
        )}
      </div>
      {children}
      {editing && <div ref={opened}>{form}</div>}
    </section>
  );
}

export function Settings({ subscription, onUpdate }: { subscription: Subscription; onUpdate: Update }) {
  const { t, locale } = useIsland();
  const [editing, setEditing] = useState<Editing | null>(null);
  const close = () => setEditing(null);
  const saved: Update = (next, message) => {
    setEditing(null);
    onUpdate(next, message);
  };
  const stopped = subscription.state === 'stopped';
  const card = subscription.card;
  const method = codeOf(subscription.shippingMethod);
  const address = subscription.shippingAddress;
  const setting = (kind: Editing, title: string, body: ReactNode, form: ReactNode) => (
    <Setting title={title} kind={kind} editing={editing === kind} onEdit={stopped ? null : () => setEditing(kind)} form={form}>
      {body}
    </Setting>
  );
  return (
    <div className="subscription-settings" data-settings>
      <section className="subscription-setting" aria-label={t('subscriptions.settings.status')}>
        <h3>{t('subscriptions.settings.status')}</h3>
        <p>
          <OrderStatus status={subscription.status} />
        </p>
      </section>
      {setting(
        'frequency',
        t('subscriptions.settings.frequency'),
        <p data-frequency>{frequencyMeaning(t, locale, subscription.frequency, subscription.nextShipmentDate)}</p>,
        <FrequencyForm subscription={subscription} onSaved={saved} onCancel={close} />,
      )}
      {setting(
        'card',
        t('subscriptions.settings.payment'),
        <p data-card>
          {card ? t('subscriptions.settings.card', { brand: card.brand, last4: card.last4 }) : t('subscriptions.settings.noCard')}
          {card?.expiry && (
            <>
              <br />
              <span className="muted">
                {t('subscriptions.settings.expires', { month: `${card.expiry.slice(5, 7)}/${card.expiry.slice(0, 4)}` })}
              </span>
            </>
          )}
        </p>,
        <CardChange subscription={subscription} onSaved={(next) => saved(next, t('subscriptions.cardChange.saved'))} onCancel={close} />,
      )}
      {setting(
        'shipping',
        t('subscriptions.settings.delivery'),
        <p data-shipping-method={method}>
          {t(method === 'relay_point' ? 'subscriptions.settings.relay' : 'subscriptions.settings.home')}
          {subscription.carrier && <span className="muted"> · {subscription.carrier}</span>}
          {subscription.relayPoint && (
            <>
              <br />
              {subscription.relayPoint.name}, {subscription.relayPoint.street}, {subscription.relayPoint.postcode}{' '}
              {subscription.relayPoint.city}
            </>
          )}
        </p>,
        <ShippingChange subscription={subscription} onSaved={saved} onCancel={close} />,
      )}
      {setting(
        'address',
        t('subscriptions.settings.address'),
        <address data-address>
          {address.firstName} {address.lastName}
          <br />
          {address.street}
          {address.street2 && (
            <>
              <br />
              {address.street2}
            </>
          )}
          <br />
          {address.postcode} {address.city}
        </address>,
        <AddressChange subscription={subscription} onSaved={saved} onCancel={close} />,
      )}
    </div>
  );
}
