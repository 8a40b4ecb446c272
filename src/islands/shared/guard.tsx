/**
 * Route guards (authenticated-only and anonymous-only pages) for islands: nothing of the page shows until the session is restored and the
 * guard decided, so private data never flashes and an anonymous-only form never shows to a customer.
 * An authenticated page that loses its session (logout in another tab) hides again and is guarded anew.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { routes, type RouteName } from '../../lib/routes/routes.ts';
import { sessionStore } from '../../stores/shop.ts';
import { Island, useIsland, type IslandProps } from './island.tsx';
import './forms/forms.css';

export type GuardState = 'checking' | 'allowed' | 'redirecting';

/** Set when the page itself navigates away after a logout: the guard then stays quiet. */
let leaving = false;

/** Logs out and goes to a page (the home page of the locale), replacing this one. */
export function logoutTo(path: string): void {
  leaving = true;
  sessionStore().logout();
  window.location.replace(path);
}

function useGuard(route: RouteName): GuardState {
  const [state, setState] = useState<GuardState>('checking');
  useEffect(() => {
    let live = true;
    const session = sessionStore();
    const check = () =>
      session.guard(route).then((allowed) => {
        if (live) setState(allowed ? 'allowed' : 'redirecting');
      });
    void check();
    const authenticated = (routes[route] as { guard?: string }).guard === 'authenticated';
    const stop = authenticated
      ? session.$loggedIn.listen((loggedIn) => {
          if (loggedIn || leaving) return;
          setState('checking');
          void check();
        })
      : () => {};
    return () => {
      live = false;
      stop();
    };
  }, [route]);
  return state;
}

/** A short status line while an island waits (loading, redirection). */
export function IslandStatus({ messageKey }: { messageKey: string }) {
  const { t } = useIsland();
  return (
    <p className="island-status" role="status">
      {t(messageKey)}
    </p>
  );
}

/** Renders its children only once the route's guard let the shopper stay. */
export function Guarded({ route, children }: { route: RouteName; children: ReactNode }) {
  const state = useGuard(route);
  if (state === 'allowed') return <>{children}</>;
  return <IslandStatus messageKey={state === 'redirecting' ? 'account.guard.redirecting' : 'islands.loading'} />;
}

/** An island made of one guarded screen: the shape every sign-in and account island shares. */
export function guardedIsland(route: RouteName, Screen: () => ReactNode) {
  return function GuardedIsland(props: IslandProps) {
    return (
      <Island {...props}>
        <Guarded route={route}>
          <Screen />
        </Guarded>
      </Island>
    );
  };
}
