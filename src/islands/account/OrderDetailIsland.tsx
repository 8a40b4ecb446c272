/**
 * One order of the account (/mon-compte/mes-commandes/{order}/), authenticated only; the token is read
 * from the address (one static shell serves every order). What the account shows of an order: date,
 * number, status in its group's colour, items, accounting lines, promotions, addresses or relay point,
 * carrier and tracking number, payment method; a link to pay again while it awaits its money; and the
 * invoice, offered once shipped and downloadable from the first of the announced 7 to 10 days after.
 */
import { type ReactNode, useEffect, useState } from 'react';
import { channelOf, intlLocaleOf, languageOf, type LocaleCode } from '../../lib/channels.ts';
import { accountingLines } from '../../lib/orders/accounting-lines.ts';
import { INVOICE_DELAY_DAYS } from '../../lib/constants.ts';
import { invoiceAvailable, invoiceAvailableFrom } from '../../lib/orders/invoice.ts';
import { addressLines, relayPointLines } from '../../lib/orders/address-lines.ts';
import { pathTo } from '../../lib/routes/paths.ts';
import { intervalText } from '../../lib/catalogue/frequencies.ts';
import { runtimeParamOf } from '../../lib/routes/runtime-params.ts';
import { createOrdersClient, type Order } from '../../lib/shop-api/orders.ts';
import { isShopApiError } from '../../lib/shop-api/http.ts';
import { iri } from '../../lib/shop-api/iri.ts';
import type { Shop } from '../../stores/shop.ts';
import { AddressText } from '../shared/AddressText.tsx';
import { ErrorList } from '../shared/forms/ErrorList.tsx';
import { IslandStatus } from '../shared/guard.tsx';
import { useIsland, useShop } from '../shared/island.tsx';
import { formatDate, framedIsland, OrderStatus } from './OrdersParts.tsx';

type Loaded = { order: Order } | { missing: true } | { failed: true };

function AddressBlock({ title, lines }: { title: string; lines: readonly string[] }) {
  return (
    <div>
      <h3>{title}</h3>
      <AddressText lines={lines} />
    </div>
  );
}

/** The invoice as a file: a plain link cannot carry the bearer token, so it is fetched and handed over as an object URL. */
async function downloadInvoice(shop: Pick<Shop, 'config' | 'session'>, token: string, number: string, locale: LocaleCode): Promise<void> {
  const bearer = await shop.session.currentToken();
  const url = new URL(`${shop.config.apiUrl.replace(/\/+$/, '')}${iri.order(encodeURIComponent(token))}/invoice`);
  url.searchParams.set('channelCode', channelOf(locale).code);
  url.searchParams.set('locale', locale);
  const response = await fetch(url, { headers: { Accept: 'application/pdf', ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) } });
  if (!response.ok) throw new Error(`invoice: ${response.status}`);
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = `FA-${number}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the URL is freed a little later.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

function Invoice({ order }: { order: Order }) {
  const { t, locale } = useIsland();
  const shop = useShop();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const shipment = order.shipments[0];
  const shippedAt = shipment?.state === 'shipped' ? shipment.shippedAt : null;
  let body: ReactNode;
  if (!shippedAt) body = <p>{t('orders.invoice.notShipped', { min: INVOICE_DELAY_DAYS.min, max: INVOICE_DELAY_DAYS.max })}</p>;
  else if (!invoiceAvailable(shippedAt, new Date()))
    body = <p>{t('orders.invoice.from', { date: formatDate(locale, invoiceAvailableFrom(shippedAt)!.toISOString()) })}</p>;
  else {
    const download = async () => {
      setBusy(true);
      setFailed(false);
      try {
        await downloadInvoice(shop, order.tokenValue, order.number ?? '', locale);
      } catch {
        setFailed(true);
      } finally {
        setBusy(false);
      }
    };
    body = (
      <>
        <p>
          <button type="button" className="button secondary" onClick={() => void download()} disabled={busy} aria-busy={busy}>
            {busy ? t('orders.invoice.downloading') : t('orders.invoice.download')}
          </button>
        </p>
        {failed && <ErrorList messages={[t('orders.invoice.failed')]} />}
      </>
    );
  }
  return (
    <section aria-labelledby="order-invoice">
      <h2 id="order-invoice">{t('orders.invoice.title')}</h2>
      {body}
    </section>
  );
}

/** `back`: the link above the order (a subscription's history leads back to that history). */
export function OrderView({ order, back }: { order: Order; back?: { href: string; label: string } }) {
  const { t, locale, price } = useIsland();
  // An accounting line reads as an amount even at zero (0,00 €), but free delivery says "Gratuit" as the cart said it.
  const formatAmount = (minor: number) =>
    new Intl.NumberFormat(intlLocaleOf(languageOf(locale)), { style: 'currency', currency: 'EUR' }).format(minor / 100);
  const shipment = order.shipments[0];
  const payment = order.payments.at(-1);
  const methodCode = payment?.method?.split('/').at(-1);
  const awaiting = order.paymentState === 'awaiting_payment' && order.total > 0;
  const lines = accountingLines(languageOf(locale), order);
  return (
    <div className="order-detail">
      <p>
        <a href={back?.href ?? pathTo('orders', locale)}>{back?.label ?? t('orders.detail.back')}</a>
      </p>
      <div className="order-detail__head">
        <h2>{t('orders.detail.title', { number: order.number ?? '' })}</h2>
        <OrderStatus status={order.status} />
      </div>
      {order.checkoutCompletedAt && (
        <p className="muted">{t('orders.detail.placedOn', { date: formatDate(locale, order.checkoutCompletedAt) })}</p>
      )}

      {awaiting && (
        <div className="card order-alert" role="status">
          <p>{order.status.code === 'payment_failed' ? t('orders.detail.paymentFailed') : t('orders.detail.awaitingPayment')}</p>
          <a className="button" href={pathTo('orderConfirmation', locale, { order: order.tokenValue })}>
            {t('orders.detail.payAgain')}
          </a>
        </div>
      )}

      <section aria-labelledby="order-items">
        <h2 id="order-items">{t('orders.detail.items')}</h2>
        <table className="order-lines">
          <thead>
            <tr>
              <th scope="col">{t('orders.detail.product')}</th>
              <th scope="col" className="amount hide-small">
                {t('orders.detail.unitPrice')}
              </th>
              <th scope="col" className="amount">
                {t('orders.detail.quantity')}
              </th>
              <th scope="col" className="amount">
                {t('orders.detail.lineTotal')}
              </th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => (
              <tr key={item.id}>
                <td>
                  {item.productName} – {item.variantName}
                  {item.subscriptionInterval > 0 && (
                    <>
                      <br />
                      <span className="muted">
                        {t('orders.detail.every', {
                          frequency: intervalText(languageOf(locale), item.subscriptionInterval).toLocaleLowerCase(),
                        })}
                      </span>
                    </>
                  )}
                </td>
                <td className="amount hide-small">{price(item.unitPrice)}</td>
                <td className="amount">{item.quantity}</td>
                <td className="amount">{price(item.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="order-summary">
        <h2 id="order-summary">{t('orders.detail.summary')}</h2>
        <dl className="order-totals">
          {lines.map((line) => (
            <div key={line.label} className={line.key}>
              <dt>{line.label}</dt>
              <dd>{line.key === 'shippingTotal' ? price(line.amount) : formatAmount(line.amount)}</dd>
            </div>
          ))}
        </dl>
        {order.promotions.length > 0 && (
          <>
            <h3>{t('orders.detail.promotions')}</h3>
            <ul>
              {order.promotions.map((p) => (
                <li key={p.code}>
                  {p.label || p.code} ({p.code})
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <section aria-labelledby="order-delivery">
        <h2 id="order-delivery">{t('orders.detail.delivery')}</h2>
        <div className="order-detail__grid">
          {shipment?.relayPoint ? (
            <AddressBlock title={t('orders.detail.relayPoint')} lines={relayPointLines(languageOf(locale), shipment.relayPoint)} />
          ) : (
            order.shippingAddress && (
              <AddressBlock
                title={t('orders.detail.shipping')}
                lines={addressLines(languageOf(locale), order.shippingAddress, { withPhone: true })}
              />
            )
          )}
          {order.billingAddress && (
            <AddressBlock
              title={t('orders.detail.billing')}
              lines={addressLines(languageOf(locale), order.billingAddress, { withPhone: true })}
            />
          )}
          <div>
            <h3>{t('orders.detail.carrier')}</h3>
            <p>{shipment?.carrier ?? '—'}</p>
            <h3>{t('orders.detail.tracking')}</h3>
            <p>{shipment?.trackingNumber ?? t('orders.detail.trackingLater')}</p>
          </div>
        </div>
      </section>

      <section aria-labelledby="order-payment">
        <h2 id="order-payment">{t('orders.detail.payment')}</h2>
        {order.total === 0 || !methodCode ? (
          <p>{t('orders.detail.noPayment')}</p>
        ) : (
          <p>
            {t(`orders.methods.${methodCode}`)}
            {payment?.card && (
              <>
                <br />
                <span className="muted">{t('orders.detail.card', { brand: payment.card.brand, last4: payment.card.last4 })}</span>
              </>
            )}
          </p>
        )}
      </section>

      <Invoice order={order} />
    </div>
  );
}

function OrderDetail() {
  const { t, locale } = useIsland();
  const shop = useShop();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    const token = runtimeParamOf('order', 'order', window.location.pathname, locale);
    if (!token) {
      setLoaded({ missing: true });
      return;
    }
    createOrdersClient(shop.client.http)
      .getOrder(token)
      // A cart is not an order of the account yet.
      .then((order) => setLoaded(order.checkoutState === 'completed' ? { order } : { missing: true }))
      .catch((error: unknown) => setLoaded(isShopApiError(error) && error.status === 404 ? { missing: true } : { failed: true }));
  }, [locale, shop]);

  if (loaded === null) return <IslandStatus messageKey="islands.loading" />;
  if ('order' in loaded) return <OrderView order={loaded.order} />;
  return (
    <div className="card">
      {'failed' in loaded ? <ErrorList messages={[t('orders.list.failed')]} /> : <p>{t('orders.detail.notFound')}</p>}
      <a href={pathTo('orders', locale)}>{t('orders.detail.back')}</a>
    </div>
  );
}

export default framedIsland('order', '', OrderDetail);
