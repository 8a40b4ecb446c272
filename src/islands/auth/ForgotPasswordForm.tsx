/**
 * "Mot de passe oublié ?": the e-mail the reset link goes to. The answer is the same whether an account
 * exists or not, so the confirmation is neutral.
 */
import { useState } from 'react';
import { createForm } from '../shared/forms/form-state.ts';
import { forgotPasswordSchema } from '../../lib/forms/password.ts';
import { TextField } from '../shared/forms/Field.tsx';
import { Form } from '../shared/forms/Form.tsx';
import { SubmitButton } from '../shared/forms/SubmitButton.tsx';
import { useIsland, useShop } from '../shared/island.tsx';

export function ForgotPasswordForm({ email, onSent }: { email: string; onSent: (email: string) => void }) {
  const { t, locale } = useIsland();
  const shop = useShop();
  const [form] = useState(() =>
    createForm({
      name: 'forgotPassword',
      schema: forgotPasswordSchema,
      defaults: { email },
      onSubmit: async (data) => {
        await shop.client.requestPasswordReset(data.email, locale);
        return data.email;
      },
    }),
  );
  return (
    <Form form={form} onSuccess={onSent}>
      <p>{t('account.forgot.intro')}</p>
      <TextField field="email" type="email" inputMode="email" autoComplete="email" />
      <div className="form-actions">
        <SubmitButton>{t('account.forgot.submit')}</SubmitButton>
      </div>
    </Form>
  );
}
