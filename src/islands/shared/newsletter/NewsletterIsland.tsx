/**
 * The newsletter page (/newsletter/, /nl/nieuwsbrief/): the sign-up form, and what the confirmation mail's
 * link opens (`?confirmation=` its token). Confirming names the personal 5 € code when the shopper gets
 * one, with where to use it; a used, replaced or expired link says so and offers the form again. The token
 * leaves the address once read, so the page's address is never worth sharing.
 */
import { useEffect, useState } from 'react';
import { pathTo } from '../../../lib/routes/paths.ts';
import { isNewsletterToken } from '../../../lib/shop-api/requests/newsletter.ts';
import { isShopApiError } from '../../../lib/shop-api/http.ts';
import type { NewsletterSubscription } from '../../../lib/shop-api/newsletter.ts';
import { Island, useIsland, type IslandProps, useShop } from '../island.tsx';
import { NewsletterForm } from './NewsletterForm.tsx';
import { CopyButton } from '../CopyButton.tsx';
import './newsletter.css';

type Confirmation =
  | { status: 'none' | 'pending' }
  | { status: 'done'; answer: NewsletterSubscription }
  /** `message`: the platform's reason (an expired link), else the dead link's text. */
  | { status: 'dead'; message: string | null };

function CopyCode({ code }: { code: string }) {
  const { t } = useIsland();
  return (
    <p className="newsletter-code">
      <strong>{code}</strong>
      <CopyButton text={code} label={t('newsletter.confirmation.copy')} done={t('newsletter.confirmation.copied')} />
    </p>
  );
}

function Confirmed({ answer }: { answer: NewsletterSubscription }) {
  const { t, locale, price } = useIsland();
  const coupon = answer.welcomeCoupon ?? null;
  return (
    <div className="newsletter-confirmed" role="status">
      <p className="newsletter-sent-title">{t('newsletter.confirmation.done')}</p>
      {coupon ? (
        <>
          <p>{t('newsletter.confirmation.code', { amount: price(coupon.amount) })}</p>
          <CopyCode code={coupon.code} />
          <p>
            {coupon.hasAccount
              ? t('newsletter.confirmation.account')
              : t('newsletter.confirmation.noAccount', { email: answer.email ?? '' })}
          </p>
          {!coupon.hasAccount && (
            <p>
              <a className="button" href={pathTo('register', locale)}>
                {t('newsletter.confirmation.createAccount')}
              </a>
            </p>
          )}
        </>
      ) : (
        <p>{t('newsletter.confirmation.noCode')}</p>
      )}
      <p>
        <a href={pathTo('home', locale)}>{t('newsletter.confirmation.shop')}</a>
      </p>
    </div>
  );
}

function NewsletterPage() {
  const { t } = useIsland();
  const shop = useShop();
  const [email, setEmail] = useState<string | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation>({ status: 'none' });
  // Read once in the browser: the page's HTML (built without an address) and its first render agree.
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    setEmail(params.get('email') ?? '');
    const token = params.get('confirmation');
    if (token === null) return;
    window.history.replaceState(null, '', window.location.pathname);
    if (!isNewsletterToken(token)) {
      setConfirmation({ status: 'dead', message: null });
      return;
    }
    setConfirmation({ status: 'pending' });
    shop.client.confirmNewsletter(token).then(
      (answer) => setConfirmation({ status: 'done', answer }),
      (error: unknown) =>
        setConfirmation({ status: 'dead', message: isShopApiError(error) ? (error.violations[0]?.message ?? null) : null }),
    );
  }, [shop]);

  if (confirmation.status === 'pending') return <p role="status">{t('newsletter.confirmation.pending')}</p>;
  if (confirmation.status === 'done') return <Confirmed answer={confirmation.answer} />;
  return (
    <div className="newsletter-page">
      {confirmation.status === 'dead' && (
        <p className="newsletter-dead" role="alert">
          {confirmation.message ?? t('newsletter.confirmation.dead')}
        </p>
      )}
      <p>{t('newsletter.page.intro')}</p>
      {/* Mounted once the address is read, so a footer's e-mail (no-script sign-up) fills the field. */}
      {email === null ? <NewsletterForm source="page" /> : <NewsletterForm key="read" source="page" defaultEmail={email} />}
    </div>
  );
}

export default function NewsletterIsland(props: IslandProps) {
  return (
    <Island {...props}>
      <NewsletterPage />
    </Island>
  );
}
