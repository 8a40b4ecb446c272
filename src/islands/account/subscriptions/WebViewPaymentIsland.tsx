/**
 * The mobile app's web view that changes a subscription's card (/web-view/{subscription}-changement-de-paiement/):
 * no layout (the app draws its own bar), for a signed-in customer whose session the app hands over in the
 * address's fragment (stores/subscriptions.ts: adoptAppSession), with the checkout's card form. Once the card
 * is saved the page says so and marks itself done (`data-web-view="done"`) for the app to close it.
 */
import { useEffect, useState } from 'react';
import { isShopApiError } from '../../../lib/shop-api/http.ts';
import type { Subscription } from '../../../lib/shop-api/wire.ts';
import { browserStorage, inBrowser } from '../../../stores/browser.ts';
import { adoptAppSession } from '../../../stores/subscriptions.ts';
import { ErrorList, StatusMessage } from '../../shared/forms/ErrorList.tsx';
import { IslandStatus } from '../../shared/guard.tsx';
import { useIsland } from '../../shared/island.tsx';
import { framedIsland } from '../OrdersParts.tsx';
import { CardChange } from './CardChange.tsx';
import { subscriptionCodeOf, subscriptionName, subscriptionsApi } from './parts.tsx';

// Before the session starts (the guard's first check): the app's session, if it handed one over.
if (inBrowser()) adoptAppSession(window.location, browserStorage(), (path) => window.history.replaceState(window.history.state, '', path));

type Loaded = { subscription: Subscription; done: boolean } | { missing: true } | { failed: true };

function WebViewPayment() {
  const { t, locale } = useIsland();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    const code = subscriptionCodeOf('webViewPayment', locale);
    if (!code) {
      setLoaded({ missing: true });
      return;
    }
    subscriptionsApi()
      .get(code)
      .then((subscription) => setLoaded({ subscription, done: false }))
      .catch((error: unknown) => setLoaded(isShopApiError(error) && error.status === 404 ? { missing: true } : { failed: true }));
  }, [locale]);
  if (loaded === null) return <IslandStatus messageKey="islands.loading" />;
  if (!('subscription' in loaded))
    return 'failed' in loaded ? <ErrorList messages={[t('subscriptions.list.failed')]} /> : <p>{t('subscriptions.detail.notFound')}</p>;
  const { subscription, done } = loaded;
  const card = subscription.card;
  return (
    <div className="web-view" data-web-view={done ? 'done' : 'form'}>
      <p>
        <strong>{subscriptionName(t, locale, subscription)}</strong>
        <br />
        {card ? t('subscriptions.settings.card', { brand: card.brand, last4: card.last4 }) : t('subscriptions.settings.noCard')}
      </p>
      <StatusMessage message={done ? t('subscriptions.webView.done') : null} focus />
      {!done && <CardChange subscription={subscription} onSaved={(next) => setLoaded({ subscription: next, done: true })} />}
    </div>
  );
}

export default framedIsland('webViewPayment', '', WebViewPayment);
