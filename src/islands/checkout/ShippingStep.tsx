/**
 * The delivery: home or relay point (tabs, when the channel and the country offer relay points), the
 * carrier with what this order pays for it, and for a relay point a search by postcode or town with the
 * points listed and drawn on a small map. A point closed for now cannot be chosen.
 */
import { useEffect, useId, useState } from 'react';
import { formatDistanceKm } from '../../lib/relay/distance.ts';
import type { FoundRelayPoint, ShippingMethod } from '../../lib/shop-api/checkout.ts';
import { formatSpan } from '../../lib/shops/opening-tags.ts';
import { codeOf, shipmentOf } from '../../stores/checkout/order.ts';
import { useIsland } from '../shared/island.tsx';
import { useCheckout } from './shared.tsx';

type Kind = ShippingMethod['kind'];
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/**
 * The points on a plain map: an equirectangular projection of their bounding box (a few kilometres
 * across, where the earth's curve does not show), numbered as in the list.
 */
function RelayMap({ points, chosen }: { points: FoundRelayPoint[]; chosen: string | null }) {
  const { t } = useIsland();
  if (points.length === 0) return null;
  const lats = points.map((p) => p.latitude);
  const lngs = points.map((p) => p.longitude);
  const [minLat, maxLat, minLng, maxLng] = [Math.min(...lats), Math.max(...lats), Math.min(...lngs), Math.max(...lngs)];
  const scaleLng = Math.cos(((minLat + maxLat) / 2) * (Math.PI / 180));
  const spanX = Math.max((maxLng - minLng) * scaleLng, 0.002);
  const spanY = Math.max(maxLat - minLat, 0.002);
  // The box inside the margins is 260 × 100; one scale for both axes keeps distances true.
  const scale = Math.min(260 / spanX, 100 / spanY);
  const x = (lng: number) => 20 + (260 - spanX * scale) / 2 + (lng - minLng) * scaleLng * scale;
  const y = (lat: number) => 20 + (100 - spanY * scale) / 2 + (maxLat - lat) * scale;
  return (
    <svg className="relay-map" viewBox="0 0 300 140" role="img" aria-label={t('checkout.shipping.search.map')}>
      <rect x="0" y="0" width="300" height="140" rx="8" className="relay-map-ground" />
      {points.map((point, index) => (
        <g key={point.id} className={`relay-marker${point.id === chosen ? ' is-chosen' : ''}${point.active ? '' : ' is-closed'}`}>
          <circle cx={x(point.longitude)} cy={y(point.latitude)} r="9" />
          <text x={x(point.longitude)} y={y(point.latitude) + 4} textAnchor="middle">
            {index + 1}
          </text>
        </g>
      ))}
    </svg>
  );
}

function RelayPoints({ methodCode, postcode }: { methodCode: string; postcode: string }) {
  const { t } = useIsland();
  const { store, order, relayPoints, status } = useCheckout();
  const [query, setQuery] = useState(postcode);
  const [searched, setSearched] = useState<string | null>(null);
  const chosen = order ? (shipmentOf(order)?.relayPoint?.id ?? null) : null;
  const inputId = useId();
  const search = (text: string) => {
    const value = text.trim();
    if (!value) return;
    setSearched(value);
    void store.searchRelayPoints(/^\d{5}$/.test(value) ? { postcode: value } : { city: value });
  };
  // The shipping address's postcode is searched at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the address the step opened with.
  useEffect(() => {
    if (postcode) search(postcode);
  }, []);

  return (
    <div className="relay-points">
      <form
        className="relay-search"
        onSubmit={(event) => {
          event.preventDefault();
          search(query);
        }}
      >
        <label htmlFor={inputId}>{t('checkout.shipping.search.label')}</label>
        <div className="relay-search-row">
          <input id={inputId} value={query} onChange={(event) => setQuery(event.target.value)} autoComplete="postal-code" />
          <button type="submit" className="button secondary">
            {t('checkout.shipping.search.submit')}
          </button>
        </div>
      </form>
      {relayPoints && relayPoints.length > 0 && (
        <>
          <RelayMap points={relayPoints} chosen={chosen} />
          <ol className="relay-list" aria-label={t('checkout.shipping.search.results', { query: searched ?? '' })}>
            {relayPoints.map((point) => (
              <li key={point.id} className={`relay-point${point.id === chosen ? ' is-chosen' : ''}`} data-relay-point={point.id}>
                <p>
                  <strong>{point.name}</strong>
                  {point.distanceMetres !== null && (
                    <span className="muted">
                      {' '}
                      · {t('relay.distance', { distance: formatDistanceKm(point.distanceMetres, t.language) })}
                    </span>
                  )}
                  <br />
                  {point.street}, {point.postcode} {point.city}
                </p>
                <details>
                  <summary>{t('checkout.shipping.search.hours')}</summary>
                  <dl className="relay-hours">
                    {WEEKDAYS.map((day) => (
                      <div key={day}>
                        <dt>{t(`checkout.shipping.days.${day}`)}</dt>
                        <dd>
                          {(point.openingHours[day] ?? []).map((span) => formatSpan(span, t.language)).join(', ') ||
                            t('checkout.shipping.search.closedDay')}
                        </dd>
                      </div>
                    ))}
                  </dl>
                </details>
                {!point.active ? (
                  <p className="tag warn">{t('checkout.shipping.search.closed')}</p>
                ) : point.id === chosen ? (
                  <p className="tag ok">{t('checkout.shipping.search.chosen')}</p>
                ) : (
                  <button
                    type="button"
                    className="button"
                    disabled={status === 'busy'}
                    onClick={() => void store.selectShipping(methodCode, point.id).catch(() => undefined)}
                  >
                    {t('checkout.shipping.search.choose')}
                  </button>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}

export function ShippingStep() {
  const { t, price } = useIsland();
  const { store, order, shippingMethods, status } = useCheckout();
  const shipment = order ? shipmentOf(order) : null;
  const current = shippingMethods.find((m) => m.code === codeOf(shipment?.method));
  const kinds = [...new Set(shippingMethods.map((m) => m.kind))];
  const [kind, setKind] = useState<Kind>(current?.kind ?? kinds[0] ?? 'home');
  const methods = shippingMethods.filter((m) => m.kind === kind);
  const [choice, setChoice] = useState<string | null>(current?.kind === kind ? current.code : null);
  const selected = methods.find((m) => m.code === choice) ?? methods[0] ?? null;

  if (shippingMethods.length === 0) return <p>{t('checkout.shipping.none')}</p>;
  return (
    <div className="checkout-shipping">
      {kinds.length > 1 && (
        <div className="checkout-tabs" role="radiogroup" aria-label={t('checkout.shipping.tabs')}>
          {kinds.map((k) => (
            <label key={k} className={`checkout-tab${k === kind ? ' is-active' : ''}`}>
              <input type="radio" name="delivery-kind" value={k} checked={k === kind} onChange={() => setKind(k)} />
              {t(k === 'home' ? 'checkout.shipping.home' : 'checkout.shipping.relay')}
            </label>
          ))}
        </div>
      )}
      {methods.length > 1 && (
        <fieldset className="checkout-choices">
          <legend>{t('checkout.shipping.carriers')}</legend>
          {methods.map((method) => (
            <label key={method.code} className="checkout-choice">
              <input type="radio" name="carrier" checked={selected?.code === method.code} onChange={() => setChoice(method.code)} />
              <span>
                {method.name} · <strong>{price(method.price)}</strong>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {selected && methods.length === 1 && (
        <p className="checkout-carrier">
          {selected.name} · <strong>{price(selected.price)}</strong>
          <br />
          <span className="muted">{selected.description}</span>
        </p>
      )}
      {selected && kind === 'relay_point' ? (
        <RelayPoints
          methodCode={selected.code}
          postcode={order?.shippingAddress?.countryCode === 'FR' ? order.shippingAddress.postcode : ''}
        />
      ) : (
        selected && (
          <div className="form-actions">
            <button
              type="button"
              className="button"
              disabled={status === 'busy'}
              data-step-action="shipping"
              onClick={() => void store.selectShipping(selected.code).catch(() => undefined)}
            >
              {t('checkout.continue')}
            </button>
          </div>
        )
      )}
    </div>
  );
}
