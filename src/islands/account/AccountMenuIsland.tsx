/** The account page, authenticated only: the customer's name, the account's sections and logout. */
import { pathTo } from '../../lib/routes/paths.ts';
import type { RouteName } from '../../lib/routes/routes.ts';
import { guardedIsland, logoutTo } from '../shared/guard.tsx';
import { useIsland } from '../shared/island.tsx';
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

function AccountMenu() {
  const { t, locale } = useIsland();
  const { customer } = useCustomer();
  const name = customer?.fullName || [customer?.firstName, customer?.lastName].filter(Boolean).join(' ');
  return (
    <div className="account-menu">
      {name && <p className="account-greeting">{t('account.menu.greeting', { name })}</p>}
      <LastOrder />
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
        <button type="button" className="button secondary" onClick={() => logoutTo(pathTo('home', locale))}>
          {t('account.menu.logout')}
        </button>
      </p>
    </div>
  );
}

export default guardedIsland('account', AccountMenu);
