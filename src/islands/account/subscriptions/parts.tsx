/**
 * What the subscription screens share: the client over the page's session, calendar days as the shop
 * counts them, a frequency in words with the delivery it gives ("Toutes les 6 semaines, prochaine
 * livraison le 14 avril 2031"), the subscription's name, its alerts in the status colours of the orders,
 * and a failed call in the shopper's words.
 */
import { type ReactNode, useCallback, useEffect, useId, useMemo, useState } from 'react';
import type { Translator } from '../../../lib/translator.ts';
import type { LocaleCode } from '../../../lib/channels.ts';
import { DELIVERY_FREQUENCIES } from '../../../lib/constants.ts';
import { errorsFromFailure } from '../../../lib/forms/violations.ts';
import { pathTo } from '../../../lib/routes/paths.ts';
import type { RouteName } from '../../../lib/routes/routes.ts';
import { runtimeParamOf } from '../../../lib/routes/runtime-params.ts';
import { createSubscriptionsClient, type Subscription } from '../../../lib/shop-api/subscriptions.ts';
import { isShopApiError } from '../../../lib/shop-api/http.ts';
import { type ChangeScope, changeScopes } from '../../../lib/subscriptions/changes.ts';
import { isFailure, type SubscriptionState, subscriptionStates } from '../../../lib/subscriptions/status.ts';
import { ErrorList, FieldErrors } from '../../shared/forms/ErrorList.tsx';
import { resolveMessage } from '../../../lib/forms/messages.ts';
import { useIsland, useShop } from '../../shared/island.tsx';
import { formatDay } from '../../shared/shop-day.ts';
import { useModal } from '../ConfirmDialog.tsx';
import { formatDate, OrderStatus } from '../OrdersParts.tsx';
import './subscriptions.css';

/** The subscriptions' calls over the page's client (its token, its 401 handling), once per component. */
export function useSubscriptionsApi() {
  const shop = useShop();
  return useMemo(() => createSubscriptionsClient(shop.client.http), [shop]);
}

/** The subscription code of the address the shell serves (null on the shell's own address). */
export const subscriptionCodeOf = (route: RouteName, locale: LocaleCode): string | null =>
  runtimeParamOf(route, 'subscription', window.location.pathname, locale);

/** How often, and the next delivery that gives: "Toutes les 6 semaines, prochaine livraison le 14 avril 2031". */
export function frequencyMeaning(t: Translator, locale: LocaleCode, days: number, nextDay: string): string {
  const date = formatDay(locale, nextDay);
  const frequency = DELIVERY_FREQUENCIES.find((f) => f.days === days);
  if (!frequency) return t.plural('subscriptions.every.days', days, { date });
  return 'weeks' in frequency
    ? t.plural('subscriptions.every.weeks', frequency.weeks, { date })
    : t.plural('subscriptions.every.months', frequency.months, { date });
}

/** A subscription is named after the day it started (its code is for the shop, not for people). */
export const subscriptionName = (t: Translator, locale: LocaleCode, subscription: Subscription): string =>
  t('subscriptions.card.title', { date: formatDate(locale, subscription.createdAt) });

const stateOf = (state: string): SubscriptionState | null =>
  (subscriptionStates as readonly string[]).includes(state) ? (state as SubscriptionState) : null;

/** What stops or threatens the next delivery: the scheduler's failure, then each alert with its status badge. */
export function SubscriptionAlerts({ subscription, headingLevel = 3 }: { subscription: Subscription; headingLevel?: 2 | 3 }) {
  const { t } = useIsland();
  const state = stateOf(subscription.state);
  const failed = state !== null && isFailure(state);
  if (!failed && subscription.alerts.length === 0) return null;
  const Heading = `h${headingLevel}` as const;
  return (
    <section className="subscription-alerts" aria-label={t('subscriptions.detail.alerts')} data-alerts>
      <Heading className="visually-hidden">{t('subscriptions.detail.alerts')}</Heading>
      <ul>
        {failed && (
          <li className="subscription-alert" data-group="error">
            <OrderStatus status={subscription.status} />
            <span>{t('subscriptions.detail.deliveryError')}</span>
          </li>
        )}
        {subscription.alerts.map((alert) => (
          <li key={alert.kind} className="subscription-alert" data-group={alert.status.group} data-alert={alert.kind}>
            <OrderStatus status={alert.status} />
            <span>{t(`subscriptions.alerts.${alert.kind}`)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A failed call in the shopper's words: the API's violations (in the page's language), else the generic texts. */
export function useFailureText(): (error: unknown) => string[] {
  const { t } = useIsland();
  return useCallback(
    (error: unknown) => {
      const errors = errorsFromFailure(error, []);
      return [...Object.values(errors.fields).flat(), ...errors.form].map((e) => resolveMessage(t, 'subscription', '', e));
    },
    [t],
  );
}

/** A call of a form or a button: busy while it runs, its failure in words beside it. */
export function useAction() {
  const failureText = useFailureText();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const run = useCallback(
    async <T,>(call: () => Promise<T>): Promise<T | null> => {
      setBusy(true);
      setErrors([]);
      try {
        return await call();
      } catch (error) {
        setErrors(failureText(error));
        return null;
      } finally {
        setBusy(false);
      }
    },
    [failureText],
  );
  return { busy, errors, setErrors, run };
}

/**
 * Each change asks where it lands: the next order only, or every draft. Once the next order is being
 * prepared only the drafts after it can change, so "next order only" cannot be chosen then.
 */
export function ScopeChoice({
  scope,
  locked,
  error,
  onChange,
}: {
  scope: ChangeScope | null;
  locked: boolean;
  error: string | null;
  onChange: (scope: ChangeScope) => void;
}) {
  const { t } = useIsland();
  const id = useId();
  return (
    <fieldset
      className={`field field-choice scope-choice${error ? ' is-invalid' : ''}`}
      aria-describedby={[locked ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined}
      data-scope
    >
      <legend>{t('subscriptions.scope.legend')}</legend>
      {locked && (
        <p className="field-hint" id={`${id}-hint`}>
          {t('subscriptions.scope.lockedNext')}
        </p>
      )}
      {changeScopes.map((option) => (
        <span className="choice" key={option}>
          <input
            id={`${id}-${option}`}
            type="radio"
            name={`${id}-scope`}
            value={option}
            checked={scope === option}
            disabled={option === 'next' && locked}
            onChange={() => onChange(option)}
            aria-invalid={error ? true : undefined}
          />
          <label htmlFor={`${id}-${option}`}>{t(`subscriptions.scope.${option}`)}</label>
        </span>
      ))}
      <FieldErrors id={`${id}-error`} messages={error ? [error] : []} />
    </fieldset>
  );
}

/** A modal dialog holding a form (the cancellation request, a message): Escape closes it, the focus comes back where it was. */
export function FormDialog({ open, title, onClose, children }: { open: boolean; title: string; onClose: () => void; children: ReactNode }) {
  const { dialog, closed } = useModal(open);
  const id = useId();
  return (
    <dialog
      ref={dialog}
      className="confirm-dialog subscription-dialog"
      aria-labelledby={`${id}-title`}
      onClose={() => {
        closed();
        onClose();
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      {open && children}
    </dialog>
  );
}

/**
 * A change's form: its fields, its failure in words, save (busy while the call runs) and cancel. The
 * submission is the caller's, without the page reloading.
 */
export function ChangeForm({
  label,
  save,
  busy,
  errors,
  onSubmit,
  onCancel,
  children,
  data,
}: {
  label: string;
  save: string;
  busy: boolean;
  errors: string[];
  onSubmit: () => void;
  onCancel?: () => void;
  children: ReactNode;
  /** The form's test hook (`data-frequency-form`…). */
  data: string;
}) {
  const { t } = useIsland();
  return (
    <form
      className="subscription-form"
      noValidate
      aria-label={label}
      {...{ [`data-${data}`]: '' }}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <ErrorList messages={errors} />
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
          {save}
        </button>
        {onCancel && (
          <button type="button" className="button secondary" onClick={onCancel} disabled={busy}>
            {t('subscriptions.settings.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}

/** What a screen of one subscription loaded: its answer, nothing at that address (404, or no code in it), or a failure. */
export type Loaded<T> = { found: T } | { missing: true } | { failed: true };

/**
 * Loads what a screen shows of the subscription its address names (and of the order it names, for one
 * order of the history; null when there is nothing to load); `set` replaces it after a change.
 */
export function useSubscriptionScreen<T>(
  route: RouteName,
  load: (code: string, order: string | null) => Promise<T | null>,
): [Loaded<T> | null, (found: T) => void] {
  const { locale } = useIsland();
  const [loaded, setLoaded] = useState<Loaded<T> | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once per address; `load` is a new function at each render.
  useEffect(() => {
    const code = subscriptionCodeOf(route, locale);
    const order = runtimeParamOf(route, 'order', window.location.pathname, locale);
    if (!code) {
      setLoaded({ missing: true });
      return;
    }
    load(code, order)
      .then((found) => setLoaded(found === null ? { missing: true } : { found }))
      .catch((error: unknown) => setLoaded(isShopApiError(error) && error.status === 404 ? { missing: true } : { failed: true }));
  }, [route, locale]);
  return [loaded, (found: T) => setLoaded({ found })];
}

/** A screen with nothing to show: the subscription (or order) is not the shopper's, or could not be loaded; and the way back. */
export function Missing({
  failed,
  message,
  back,
}: {
  failed: boolean;
  message: string;
  /** The way back (the list by default); null in the app's web view, which has its own. */
  back?: { href: string; label: string } | null;
}) {
  const { t, locale } = useIsland();
  const link = back === undefined ? { href: pathTo('subscriptions', locale), label: t('subscriptions.detail.back') } : back;
  return (
    <div className="card">
      {failed ? <ErrorList messages={[t('subscriptions.list.failed')]} /> : <p>{message}</p>}
      {link && <a href={link.href}>{link.label}</a>}
    </div>
  );
}
