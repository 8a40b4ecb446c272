/** The account page, authenticated only: the customer's name, the account's sections and logout. */
import type { ReactNode } from 'react';
import { pathTo } from '../../lib/routes/paths.ts';
import type { RouteName } from '../../lib/routes/routes.ts';
import { guardedIsland, logoutTo } from '../shared/guard.tsx';
import { useIsland, useShop } from '../shared/island.tsx';
import { useCustomer } from './customer.ts';
import { LastOrder } from './LastOrder.tsx';
import '../shared/forms/forms.css';

const SECTIONS: ReadonlyArray<[RouteName, string]> = [
  ['orders', 'account.menu.orders'],
  ['subscriptions', 'account.menu.subscriptions'],
  ['addresses', 'account.menu.addresses'],
  ['animals', 'account.menu.animals'],
  ['personalData', 'account.menu.personalData'],
  ['sponsorships', 'account.menu.sponsorships'],
];

/**
 * The menu around its customer's parts (the greeting, the last order): the same elements whether they are
 * known or not, so the page's HTML, the guard's wait and the filled menu are all of one size.
 */
function AccountMenuView({ name, lastOrder }: { name: string; lastOrder: ReactNode }) {
  const { t, locale } = useIsland();
  const shop = useShop();
  return (
    <div className="account-menu">
      {/* Its line is kept while the name is unknown, so the sections below do not move when it arrives. */}
      <p className="account-greeting" aria-hidden={name ? undefined : true}>
        {name ? t('account.menu.greeting', { name }) : '\u00a0'}
      </p>
      {lastOrder}
      <nav aria-label={t('account.menu.title')}>
        <ul>
          {SECTIONS.map(([route, key]) => (
            <li key={route}>
              <a className="card" href={pathTo(route, locale)}>
                {t(key)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <p>
        <button type="button" className="button secondary" onClick={() => logoutTo(shop.session, pathTo('home', locale))}>
          {t('account.menu.logout')}
        </button>
      </p>
    </div>
  );
}

function AccountMenu() {
  const { customer } = useCustomer();
  const name = customer?.fullName || [customer?.firstName, customer?.lastName].filter(Boolean).join(' ');
  return <AccountMenuView name={name} lastOrder={<LastOrder />} />;
}

/** While the session is checked: nothing of the customer, the last order's section empty at its final height. */
function AccountMenuFrame() {
  const { t } = useIsland();
  return (
    <AccountMenuView
      name=""
      lastOrder={
        <section className="orders-frame orders-frame--last last-order" aria-label={t('orders.last.title')}>
          <h2>{t('orders.last.title')}</h2>
        </section>
      }
    />
  );
}

export default guardedIsland('account', AccountMenu, AccountMenuFrame);
