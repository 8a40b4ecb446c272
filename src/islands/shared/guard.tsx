/**
 * Route guards (authenticated-only and anonymous-only pages) for islands: nothing of the page shows until the session is restored and the
 * guard decided, so private data never flashes and an anonymous-only form never shows to a customer.
 * An authenticated page that loses its session (logout in another tab) hides again and is guarded anew.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { routes, type RouteName } from '../../lib/routes/routes.ts';
import type { SessionStore } from '../../stores/session/index.ts';
import { Island, useIsland, useShop, type IslandProps } from './island.tsx';
import './forms/forms.css';
import './guard.css';

export type GuardState = 'checking' | 'allowed' | 'redirecting';

/** Set when the page itself navigates away after a logout: the guard then stays quiet. */
let leaving = false;

/** Logs the page's session out and goes to a page (the home page of the locale), replacing this one. */
export function logoutTo(session: Pick<SessionStore, 'logout'>, path: string): void {
  leaving = true;
  session.logout();
  window.location.replace(path);
}

function useGuard(route: RouteName): GuardState {
  const [state, setState] = useState<GuardState>('checking');
  const shop = useShop();
  useEffect(() => {
    let live = true;
    const session = shop.session;
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
  }, [route, shop]);
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

/**
 * Renders its children only once the route's guard let the shopper stay. Until then (and in the page's
 * HTML, rendered at build time) it shows the `frame`: the screen's shape at its final size, holding
 * nothing private, so that nothing below it moves when the screen arrives. An anonymous-only screen (a
 * sign-in form) may be `prerendered`: it shows nothing private, is painted before any script runs, and stays
 * the same elements once the guard lets the shopper stay.
 */
export function Guarded({
  route,
  children,
  frame,
  prerendered = false,
}: {
  route: RouteName;
  children: ReactNode;
  frame?: ReactNode;
  prerendered?: boolean;
}) {
  const state = useGuard(route);
  if (prerendered && state !== 'redirecting') {
    // Disabled until the island runs and the guard lets the shopper stay: what is typed or tapped before then
    // would be lost (a form without its script submits nowhere useful). The same elements before and after.
    return (
      <fieldset className="guard-prerendered" disabled={state !== 'allowed'}>
        {children}
      </fieldset>
    );
  }
  if (state === 'allowed') return <>{children}</>;
  const status = <IslandStatus messageKey={state === 'redirecting' ? 'account.guard.redirecting' : 'islands.loading'} />;
  if (state === 'redirecting' || frame === undefined) return status;
  return <BusyFrame>{frame}</BusyFrame>;
}

/** A screen's frame while the island waits (its shape, busy), the waiting said to screen readers alone. */
export function BusyFrame({ children }: { children: ReactNode }) {
  return (
    <div className="guard-frame" aria-busy="true">
      <div className="visually-hidden">
        <IslandStatus messageKey="islands.loading" />
      </div>
      {children}
    </div>
  );
}

/**
 * An island made of one guarded screen and what shows while it is guarded: the shape every sign-in and
 * account island shares. `Frame` draws the screen's shape; 'prerendered' paints the screen itself, for one
 * that holds nothing private (an empty form), disabled until the guard lets the shopper stay.
 */
export function guardedIsland(route: RouteName, Screen: () => ReactNode, Frame?: (() => ReactNode) | 'prerendered') {
  return function GuardedIsland(props: IslandProps) {
    return (
      <Island {...props}>
        <Guarded route={route} frame={Frame && Frame !== 'prerendered' ? <Frame /> : undefined} prerendered={Frame === 'prerendered'}>
          <Screen />
        </Guarded>
      </Island>
    );
  };
}
