/**
 * The newsletter sign-up form for islands: the exit-intent offer (src/islands/marketing) and the newsletter
 * page. One e-mail field; SPEC's messages: the invalid e-mail ("L'email est invalide.") under the field, and
 * "Une erreur s'est produite" when the sign-up could not be sent. Once sent, it says where the confirmation
 * link went: nothing is subscribed before the shopper follows it (double opt-in).
 *
 * The island that mounts it passes the `newsletter` message section. The footer has the same form without
 * React (Footer.astro), over the same call (subscribe.ts).
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { PUBLIC_SHOP_API_URL } from 'astro:env/client';
import { useIsland } from '../island.tsx';
import { subscribeToNewsletter, type SubscribeOutcome } from './subscribe.ts';
import '../forms/forms.css';
import './newsletter.css';

export interface NewsletterFormProps {
  /** Where the sign-up comes from (kept with it). */
  source: 'popup' | 'page' | 'footer';
  /** Called once the confirmation mail is on its way. */
  onSent?: (email: string) => void;
  /** The e-mail already known (a signed-in shopper's). */
  defaultEmail?: string;
}

type State = { status: 'idle' | 'pending' } | Exclude<SubscribeOutcome, { status: 'sent' }> | { status: 'sent'; email: string };

export function NewsletterForm({ source, onSent, defaultEmail = '' }: NewsletterFormProps) {
  const { t, locale } = useIsland();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState(defaultEmail);
  const [state, setState] = useState<State>({ status: 'idle' });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.status === 'pending') return;
    setState({ status: 'pending' });
    const outcome = await subscribeToNewsletter({ apiUrl: PUBLIC_SHOP_API_URL, locale, email, source });
    setState(outcome);
    if (outcome.status === 'sent') onSent?.(outcome.email);
    else if (outcome.status === 'invalid') input.current?.focus();
  }

  if (state.status === 'sent') {
    return (
      <div className="newsletter-sent" role="status">
        <p className="newsletter-sent-title">{t('newsletter.sent.title')}</p>
        <p>{t('newsletter.sent.text', { email: state.email })}</p>
      </div>
    );
  }
  const fieldError = state.status === 'invalid' ? t(`newsletter.errors.${state.error}`) : null;
  const formError = state.status === 'failed' ? (state.message ?? t('newsletter.errors.generic')) : null;
  return (
    <form
      className={`newsletter-form field${fieldError ? ' is-invalid' : ''}`}
      noValidate
      onSubmit={submit}
      aria-busy={state.status === 'pending'}
    >
      <label htmlFor={`${id}-email`}>{t('newsletter.form.label')}</label>
      <div className="newsletter-row">
        <input
          ref={input}
          id={`${id}-email`}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            if (state.status === 'invalid') setState({ status: 'idle' });
          }}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={`${id}-error ${id}-privacy`}
        />
        <button type="submit" className="button" disabled={state.status === 'pending'}>
          {state.status === 'pending' ? t('newsletter.form.pending') : t('newsletter.form.submit')}
        </button>
      </div>
      <p className="field-error" id={`${id}-error`} role="alert">
        {fieldError ?? formError}
      </p>
      <p className="field-hint" id={`${id}-privacy`}>
        {t('newsletter.form.privacy')}
      </p>
    </form>
  );
}
