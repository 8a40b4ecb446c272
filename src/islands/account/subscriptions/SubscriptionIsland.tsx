/**
 * One subscription (/mon-compte/mes-abonnements/{subscription}/), authenticated only; the code is read from
 * the address (one static shell serves every subscription). On top what it is (status, how often, the next
 * delivery) and what needs the shopper (alerts, a failed delivery); then two tabs, the next order and my
 * subscription, the way to its history, and the requests to customer service. Every change answers the
 * subscription as it is now, which the screen shows at once.
 */
import { type KeyboardEvent, useRef, useState } from 'react';
import { pathTo } from '../../../lib/routes/paths.ts';
import type { Subscription } from '../../../lib/shop-api/subscriptions.ts';
import { StatusMessage } from '../../shared/forms/ErrorList.tsx';
import { Guarded, IslandStatus } from '../../shared/guard.tsx';
import { Island, type IslandProps, useIsland } from '../../shared/island.tsx';
import { OrderStatus } from '../OrdersParts.tsx';
import { NextOrder, type UpsellOffer } from './NextOrder.tsx';
import { Requests } from './Requests.tsx';
import { Settings } from './Settings.tsx';
import { frequencyMeaning, Missing, SubscriptionAlerts, subscriptionName, useSubscriptionsApi, useSubscriptionScreen } from './parts.tsx';

const TABS = [
  { id: 'next-order', label: 'subscriptions.detail.nextTab' },
  { id: 'my-subscription', label: 'subscriptions.detail.settingsTab' },
] as const;
type Tab = (typeof TABS)[number]['id'];

/** The tab the address names (#my-subscription), the next order otherwise. */
const tabOfAddress = (): Tab =>
  TABS.some((tab) => `#${tab.id}` === window.location.hash) ? (window.location.hash.slice(1) as Tab) : 'next-order';

/** Tabs as WAI-ARIA describes them: arrows, Home and End move between them; the address keeps the one shown. */
function Tabs({ current, onChange }: { current: Tab; onChange: (tab: Tab) => void }) {
  const { t } = useIsland();
  const list = useRef<HTMLDivElement>(null);
  const move = (event: KeyboardEvent) => {
    const index = TABS.findIndex((tab) => tab.id === current);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: TABS.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = TABS[(next + TABS.length) % TABS.length]!;
    onChange(tab.id);
    list.current?.querySelector<HTMLButtonElement>(`#tab-${tab.id}`)?.focus();
  };
  return (
    <div className="subscription-tabs" role="tablist" aria-label={t('subscriptions.detail.tabs')} ref={list} onKeyDown={move}>
      {TABS.map((tab) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          id={`tab-${tab.id}`}
          aria-selected={current === tab.id}
          aria-controls={`panel-${tab.id}`}
          tabIndex={current === tab.id ? 0 : -1}
          className={`subscription-tab${current === tab.id ? ' is-active' : ''}`}
          onClick={() => onChange(tab.id)}
        >
          {t(tab.label)}
        </button>
      ))}
    </div>
  );
}

function SubscriptionView({
  subscription,
  offers,
  onUpdate,
}: {
  subscription: Subscription;
  offers: UpsellOffer[];
  onUpdate: (s: Subscription) => void;
}) {
  const { t, locale } = useIsland();
  const [tab, setTab] = useState<Tab>(tabOfAddress);
  const [status, setStatus] = useState<string | null>(null);
  const update = (next: Subscription, message?: string) => {
    onUpdate(next);
    setStatus(message ?? null);
  };
  const choose = (next: Tab) => {
    setTab(next);
    setStatus(null);
    window.history.replaceState(window.history.state, '', `#${next}`);
  };
  return (
    <div className="subscription-detail order-detail" data-subscription={subscription.code}>
      <p>
        <a href={pathTo('subscriptions', locale)}>{t('subscriptions.detail.back')}</a>
      </p>
      <div className="order-detail__head">
        <h2>{subscriptionName(t, locale, subscription)}</h2>
        <OrderStatus status={subscription.status} />
      </div>
      <p className="subscription-detail__meaning" data-meaning>
        {frequencyMeaning(t, locale, subscription.frequency, subscription.nextShipmentDate)}
      </p>
      {subscription.state === 'stopped' && <p className="card subscription-note">{t('subscriptions.detail.stopped')}</p>}
      <SubscriptionAlerts subscription={subscription} />
      <Tabs current={tab} onChange={choose} />
      <StatusMessage message={status} />
      {TABS.map((panel) => (
        <div
          key={panel.id}
          role="tabpanel"
          id={`panel-${panel.id}`}
          aria-labelledby={`tab-${panel.id}`}
          hidden={tab !== panel.id}
          className="subscription-panel"
        >
          {tab === panel.id &&
            (panel.id === 'next-order' ? (
              <NextOrder subscription={subscription} offers={offers} onUpdate={update} />
            ) : (
              <Settings subscription={subscription} onUpdate={update} />
            ))}
        </div>
      ))}
      <p className="subscription-detail__history">
        <a className="button secondary" href={pathTo('subscriptionHistory', locale, { subscription: subscription.code })}>
          {t('subscriptions.detail.history')}
        </a>
      </p>
      <Requests subscription={subscription} onUpdate={(next) => update(next)} />
    </div>
  );
}

function SubscriptionDetail({ offers }: { offers: UpsellOffer[] }) {
  const { t } = useIsland();
  const subscriptionsApi = useSubscriptionsApi();
  const [loaded, update] = useSubscriptionScreen('subscription', (code) => subscriptionsApi.get(code));
  if (loaded === null) return <IslandStatus messageKey="islands.loading" />;
  if ('found' in loaded) return <SubscriptionView subscription={loaded.found} offers={offers} onUpdate={update} />;
  return <Missing failed={'failed' in loaded} message={t('subscriptions.detail.notFound')} />;
}

/** The frame keeps its size from the first paint (the guard's wait included), like the orders'. */
export default function SubscriptionIsland({ upsells, ...props }: IslandProps & { upsells: UpsellOffer[] }) {
  return (
    <Island {...props}>
      <div className="orders-frame">
        <Guarded route="subscription">
          <SubscriptionDetail offers={upsells} />
        </Guarded>
      </div>
    </Island>
  );
}
