/**
 * Google one-click login, shown only when PUBLIC_GOOGLE_CLIENT_ID is set (providers.ts): a link to
 * Google's sign-in page, and the login with the token it sends back. A refused token stays in the address
 * (`?gi-token=`), with the reason above the button: the shopper may try Google again or use their e-mail.
 */
import { useEffect, useState } from 'react';
import { errorsFromFailure } from '../../lib/forms/violations.ts';
import { ErrorList } from '../shared/forms/ErrorList.tsx';
import { resolveMessage } from '../../lib/forms/messages.ts';
import { useIsland, useShop } from '../shared/island.tsx';
import { PUBLIC_SHOP_API_URL } from 'astro:env/client';
import { captchaToken, googleEnabled, googleSignInUrl, keepGoogleToken, takeGoogleToken, setShopApiUrl } from './providers.ts';

setShopApiUrl(PUBLIC_SHOP_API_URL);

export function GoogleLogin() {
  const { t } = useIsland();
  const shop = useShop();
  const [status, setStatus] = useState<'idle' | 'pending' | 'failed'>('idle');
  const [errors, setErrors] = useState<string[]>([]);
  // Made in the browser only (it holds this page's address and a fresh nonce): the build's HTML has '#' until then.
  const [href, setHref] = useState('#');
  useEffect(() => setHref(googleSignInUrl(window.location)), []);

  useEffect(() => {
    const token = takeGoogleToken();
    if (!token) return;
    setStatus('pending');
    void (async () => {
      try {
        const captcha = await captchaToken('login');
        await shop.session.login({ googleToken: token, ...(captcha ? { captchaToken: captcha } : {}) });
        shop.session.redirectAfterLogin();
      } catch (error) {
        keepGoogleToken(token);
        setHref(googleSignInUrl(window.location));
        setErrors(errorsFromFailure(error, []).form.map((e) => resolveMessage(t, 'login', '', e)));
        setStatus('failed');
      }
    })();
  }, [t, shop]);

  if (!googleEnabled()) return null;
  return (
    <div className="social-login">
      <ErrorList messages={errors} />
      <a className="button secondary" href={href} aria-disabled={status === 'pending' || undefined}>
        {t('account.login.social')}
      </a>
      {/* Back from Google, the sign-in takes a moment (captcha, then the shop API): said, so nobody types meanwhile. */}
      {status === 'pending' && <p role="status">{t('islands.loading')}</p>}
      <p className="separator">{t('account.login.orSeparator')}</p>
    </div>
  );
}
