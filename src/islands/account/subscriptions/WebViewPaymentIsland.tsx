/**
 * The mobile app's web view that changes a subscription's card (/web-view/{subscription}-changement-de-paiement/):
 * no layout (the app draws its own bar), for a signed-in customer whose session the app hands over in the
 * address's fragment (stores/subscriptions.ts: adoptAppSession), with the checkout's card form. Once the card
 * is saved the page says so and marks itself done (`data-web-view="done"`) for the app to close it.
 */
import { useState } from 'react';
import { browserStorage, inBrowser } from '../../../stores/browser.ts';
import { adoptAppSession } from '../../../stores/subscriptions.ts';
import { StatusMessage } from '../../shared/forms/ErrorList.tsx';
import { IslandStatus } from '../../shared/guard.tsx';
import { useIsland } from '../../shared/island.tsx';
import { framedIsland } from '../OrdersParts.tsx';
import { CardChange } from './CardChange.tsx';
import { Missing, subscriptionName, useSubscriptionsApi, useSubscriptionScreen } from './parts.tsx';

// Before the session starts (the guard's first check): the app's session, if it handed one over.
if (inBrowser()) adoptAppSession(window.location, browserStorage(), (path) => window.history.replaceState(window.history.state, '', path));

function WebViewPayment() {
  const { t, locale } = useIsland();
  const subscriptionsApi = useSubscriptionsApi();
  const [done, setDone] = useState(false);
  const [loaded, update] = useSubscriptionScreen('webViewPayment', (code) => subscriptionsApi.get(code));
  if (loaded === null) return <IslandStatus messageKey="islands.loading" />;
  if (!('found' in loaded)) return <Missing failed={'failed' in loaded} message={t('subscriptions.detail.notFound')} back={null} />;
  const subscription = loaded.found;
  const card = subscription.card;
  return (
    <div className="web-view" data-web-view={done ? 'done' : 'form'}>
      <p>
        <strong>{subscriptionName(t, locale, subscription)}</strong>
        <br />
        {card ? t('subscriptions.settings.card', { brand: card.brand, last4: card.last4 }) : t('subscriptions.settings.noCard')}
      </p>
      <StatusMessage message={done ? t('subscriptions.webView.done') : null} focus />
      {!done && (
        <CardChange
          subscription={subscription}
          onSaved={(next) => {
            update(next);
            setDone(true);
          }}
        />
      )}
    </div>
  );
}

export default framedIsland('webViewPayment', '', WebViewPayment);
