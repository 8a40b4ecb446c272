/**
 * The password reset page (/mot-de-passe-oublie/{token}/), anonymous only: the token is the last segment
 * of the address (one static shell serves every token). A new password typed twice; an unknown, used or
 * expired link says so and offers a new one; success offers the login.
 */
import { useEffect, useState } from 'react';
import { pathTo, patternRegExp, SHELL_ID } from '../../lib/routes/paths.ts';
import { routes } from '../../lib/routes/routes.ts';
import { languageOf, pathPrefixOf, type LocaleCode } from '../../lib/channels.ts';
import { createForm } from '../shared/forms/form-state.ts';
import { forgotPasswordHref } from '../../lib/forms/login.ts';
import { emptyResetPassword, isResetToken, RESET_PASSWORD_FIELDS, resetPasswordSchema } from '../../lib/forms/password.ts';
import { isShopApiError } from '../../lib/shop-api/http.ts';
import { NewPasswordFields } from '../shared/forms/Field.tsx';
import { Form } from '../shared/forms/Form.tsx';
import { ErrorList, StatusMessage } from '../shared/forms/ErrorList.tsx';
import { SubmitButton } from '../shared/forms/SubmitButton.tsx';
import { useIsland, useShop } from '../shared/island.tsx';
import { guardedIsland, IslandStatus } from '../shared/guard.tsx';

/** The reset token of the current address, null when there is none (the shell itself). */
function resetTokenOf(pathname: string, locale: LocaleCode): string | null {
  const prefix = pathPrefixOf(locale);
  const path = prefix && pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length) : pathname;
  const raw = patternRegExp(routes.forgotPassword[languageOf(locale)]).exec(path)?.groups?.forgotPassword;
  if (!raw) return null;
  try {
    const token = decodeURIComponent(raw);
    return token === SHELL_ID ? null : token;
  } catch {
    return null;
  }
}

/** An unknown or used link is a 404; an expired one a violation on `token`. */
const isDeadLink = (error: unknown) =>
  isShopApiError(error) && (error.status === 404 || error.violations.some((v) => v.propertyPath === 'token'));

type Outcome = 'checking' | 'form' | 'done' | 'invalid';

function ResetPassword() {
  const { t, locale } = useIsland();
  const shop = useShop();
  const [token] = useState(() => resetTokenOf(window.location.pathname, locale));
  const [outcome, setOutcome] = useState<Outcome>(token && isResetToken(token) ? 'checking' : 'invalid');
  // A used or expired link says so at once, rather than after the shopper typed a new password twice. When
  // the check itself fails (no connection), the form shows: setting the password says what went wrong.
  useEffect(() => {
    if (!token || !isResetToken(token)) return;
    let live = true;
    shop.client.checkResetLink(token).then(
      (usable) => live && setOutcome(usable ? 'form' : 'invalid'),
      () => live && setOutcome('form'),
    );
    return () => {
      live = false;
    };
  }, [token, shop]);
  const [form] = useState(() =>
    createForm({
      name: 'resetPassword',
      schema: resetPasswordSchema,
      defaults: emptyResetPassword,
      fields: RESET_PASSWORD_FIELDS,
      onSubmit: async (data): Promise<Outcome> => {
        try {
          await shop.client.resetPassword(token ?? '', data);
          return 'done';
        } catch (error) {
          if (isDeadLink(error)) return 'invalid';
          throw error;
        }
      },
    }),
  );
  const login = pathTo('login', locale);

  if (outcome === 'done') {
    return (
      <div className="reset-password">
        <StatusMessage message={t('account.reset.done')} focus />
        <p>
          <a className="button" href={login}>
            {t('forms.actions.login')}
          </a>
        </p>
      </div>
    );
  }
  if (outcome === 'checking') return <IslandStatus messageKey="islands.loading" />;
  if (outcome === 'invalid') {
    return (
      <div className="reset-password">
        <ErrorList messages={[t('account.reset.invalid')]} focus={token !== null} />
        <p>
          <a href={forgotPasswordHref(login)}>{t('account.reset.requestNew')}</a>
        </p>
      </div>
    );
  }
  return (
    <Form form={form} onSuccess={setOutcome}>
      <h2>{t('account.reset.title')}</h2>
      <NewPasswordFields />
      <div className="form-actions">
        <SubmitButton>{t('account.reset.submit')}</SubmitButton>
      </div>
    </Form>
  );
}

export default guardedIsland('forgotPassword', ResetPassword);
