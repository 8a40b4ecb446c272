/**
 * Login, second step: the password of a known e-mail. Wrong credentials read "Votre mot de passe est
 * incorrect." under the password; a throttled login shows the server's message. Then back to the
 * remembered page, or the account (replacing history).
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { createForm } from '../shared/forms/form-state.ts';
import { loginFailure, loginPasswordSchema } from '../../lib/forms/login.ts';
import { PasswordField } from '../shared/forms/Field.tsx';
import { Form } from '../shared/forms/Form.tsx';
import { SubmitButton } from '../shared/forms/SubmitButton.tsx';
import { useIsland, useShop } from '../shared/island.tsx';
import { captchaToken } from './providers.ts';

export function PasswordStep({ email, onForgot }: { email: string; onForgot: () => void }) {
  const { t } = useIsland();
  const shop = useShop();
  const [form] = useState(() =>
    createForm({
      name: 'login',
      schema: loginPasswordSchema,
      defaults: { email, password: '' },
      failure: loginFailure,
      onSubmit: async (data) => {
        const captcha = await captchaToken('login');
        await shop.session.login({ email: data.email, password: data.password, ...(captcha ? { captchaToken: captcha } : {}) });
        shop.session.redirectAfterLogin();
      },
    }),
  );
  // Still busy once logged in: the page is being left.
  const leaving = useStore(form.$state).status === 'success';
  return (
    <Form form={form}>
      <PasswordField field="password" autoComplete="current-password" />
      <div className="form-actions">
        <SubmitButton busy={leaving}>{t('account.login.passwordStep')}</SubmitButton>
        <button type="button" className="link-button" onClick={onForgot}>
          {t('account.login.forgot')}
        </button>
      </div>
    </Form>
  );
}
