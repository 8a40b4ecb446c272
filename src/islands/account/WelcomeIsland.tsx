/** The welcome page after registration: a greeting and a few first steps. Anonymous visitors go home. */
import { pathTo } from '../../lib/routes/paths.ts';
import type { RouteName } from '../../lib/routes/routes.ts';
import { guardedIsland, IslandStatus } from '../shared/guard.tsx';
import { useIsland } from '../shared/island.tsx';
import { useCustomer } from './customer.ts';

const NEXT_STEPS: ReadonlyArray<[RouteName, string]> = [
  ['kibbleGuide', 'account.welcome.guide'],
  ['animals', 'account.menu.animals'],
  ['addresses', 'account.menu.addresses'],
  ['account', 'account.welcome.account'],
];

function Welcome() {
  const { t, locale } = useIsland();
  const { customer, loaded } = useCustomer();
  if (!loaded) return <IslandStatus messageKey="islands.loading" />;
  return (
    <div className="welcome">
      {customer?.firstName && <h2>{t('account.welcome.title', { firstName: customer.firstName })}</h2>}
      <p>{t('account.welcome.intro')}</p>
      <ul>
        {NEXT_STEPS.map(([route, key]) => (
          <li key={route}>
            <a href={pathTo(route, locale)}>{t(key)}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default guardedIsland('accountWelcome', Welcome);
