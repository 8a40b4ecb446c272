/**
 * The web view's demonstration (/webView/demo/): what the mobile app does, done from a browser. For each of
 * the signed-in customer's subscriptions, a link opens the payment web view the way the app opens it,
 * with the session handed over in the address's fragment; an anonymous visitor is asked to sign in first
 * (and comes back here).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { pathTo } from '../../../lib/routes/paths.ts';
import { loginWithRedirect } from '../../../lib/routes/redirect.ts';
import type { Subscription } from '../../../lib/shop-api/subscriptions.ts';
import { ErrorList } from '../../shared/forms/ErrorList.tsx';
import { IslandStatus } from '../../shared/guard.tsx';
import { Island, type IslandProps, useIsland, useShop } from '../../shared/island.tsx';
import { formatDate } from '../OrdersParts.tsx';
import { useSubscriptionsApi } from './parts.tsx';

function Demo() {
  const { t, locale } = useIsland();
  const subscriptionsApi = useSubscriptionsApi();
  const session = useShop().session;
  const current = useStore(session.$session);
  const [ready, setReady] = useState(false);
  const [subscriptions, setSubscriptions] = useState<Subscription[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    session.start();
    void session.ready.then(() => setReady(true));
  }, [session]);
  const signedIn = ready && current !== null;
  useEffect(() => {
    if (!signedIn) return;
    subscriptionsApi
      .list()
      .then(setSubscriptions)
      .catch(() => setFailed(true));
  }, [signedIn, subscriptionsApi]);
  if (!ready || (signedIn && subscriptions === null && !failed)) return <IslandStatus messageKey="islands.loading" />;
  if (!signedIn)
    return (
      <a className="button" href={loginWithRedirect(pathTo('login', locale), window.location)}>
        {t('subscriptions.webView.demo.signIn')}
      </a>
    );
  if (failed) return <ErrorList messages={[t('subscriptions.list.failed')]} />;
  if (!subscriptions?.length) return <p>{t('subscriptions.webView.demo.none')}</p>;
  const token = session.token() ?? '';
  return (
    <ul className="web-view-demo">
      {subscriptions.map((subscription) => (
        <li key={subscription.code}>
          <a
            className="button"
            href={`${pathTo('webViewPayment', locale, { subscription: subscription.code })}#token=${encodeURIComponent(token)}`}
          >
            {t('subscriptions.webView.demo.open', { date: formatDate(locale, subscription.createdAt) })}
          </a>
        </li>
      ))}
    </ul>
  );
}

function DemoIntro() {
  const { t } = useIsland();
  return <p>{t('subscriptions.webView.demo.intro')}</p>;
}

export default function WebViewDemoIsland(props: IslandProps) {
  return (
    <Island {...props}>
      <DemoIntro />
      <Demo />
    </Island>
  );
}
