/**
 * The welcome page after registration (when no remembered path took the new customer elsewhere): the
 * greeting, then the next step first, back to the cart when it holds articles, else on with the shopping;
 * then a few other first steps. Anonymous visitors go home.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { pathTo } from '../../lib/routes/paths.ts';
import type { RouteName } from '../../lib/routes/routes.ts';
import { $cartBadgeCount, startCartBadge } from '../../stores/cart/badge.ts';
import { Guarded, IslandStatus } from '../shared/guard.tsx';
import { Island, useIsland, type IslandProps } from '../shared/island.tsx';
import { useCustomer } from './customer.ts';

const MORE_STEPS: ReadonlyArray<[RouteName, string]> = [
  ['kibbleGuide', 'account.welcome.guide'],
  ['animals', 'account.menu.animals'],
  ['addresses', 'account.menu.addresses'],
  ['account', 'account.welcome.account'],
];

/**
 * The count of the cart as the header's badge knows it (the last count published, kept in localStorage):
 * the page needs no cart store, nor its API call, to know whether the cart waits.
 */
function useCartCount(): number {
  useEffect(() => startCartBadge(), []);
  return useStore($cartBadgeCount);
}

function Welcome({ continueHref }: { continueHref: string }) {
  const { t, locale } = useIsland();
  const { customer, loaded } = useCustomer();
  const cartWaits = useCartCount() > 0;
  if (!loaded) return <IslandStatus messageKey="islands.loading" />;
  const next = cartWaits
    ? { intro: 'account.welcome.cartIntro', action: 'account.welcome.cartAction', href: pathTo('cart', locale) }
    : { intro: 'account.welcome.shopIntro', action: 'account.welcome.shopAction', href: continueHref };
  return (
    <div className="welcome">
      <section className="welcome-next" aria-labelledby="welcome-title">
        <h2 id="welcome-title">
          {customer?.firstName ? t('account.welcome.title', { firstName: customer.firstName }) : t('account.welcome.titleNoName')}
        </h2>
        <p>{t(next.intro)}</p>
        <p>
          <a className="button" href={next.href} data-welcome-next>
            {t(next.action)}
          </a>
        </p>
      </section>
      <section className="welcome-more" aria-labelledby="welcome-more">
        <h2 id="welcome-more">{t('account.welcome.moreTitle')}</h2>
        <ul>
          {MORE_STEPS.map(([route, key]) => (
            <li key={route}>
              <a href={pathTo(route, locale)}>{t(key)}</a>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** `continueHref`: where the shopping goes on (the catalogue); the homepage when the page gives none. */
export default function WelcomeIsland(props: IslandProps & { continueHref?: string }) {
  const { continueHref, ...island } = props;
  return (
    <Island {...island}>
      <Guarded route="accountWelcome">
        <Welcome continueHref={continueHref ?? pathTo('home', props.locale)} />
      </Guarded>
    </Island>
  );
}
