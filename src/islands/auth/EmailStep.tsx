/** Login, first step: the e-mail is looked up; a known one asks for the password, a new one opens registration. */
import { useState } from 'react';
import { createForm } from '../shared/forms/form-state.ts';
import { loginEmailSchema, stepAfterLookup, type LoginStep } from '../../lib/forms/login.ts';
import { TextField } from '../shared/forms/Field.tsx';
import { Form } from '../shared/forms/Form.tsx';
import { SubmitButton } from '../shared/forms/SubmitButton.tsx';
import { useIsland, useShop } from '../shared/island.tsx';

export function EmailStep({ email, onLookup }: { email: string; onLookup: (step: LoginStep, email: string) => void }) {
  const { t } = useIsland();
  const shop = useShop();
  const [form] = useState(() =>
    createForm({
      name: 'login',
      schema: loginEmailSchema,
      defaults: { email },
      onSubmit: async (data) => ({ email: data.email, exists: (await shop.client.lookupCustomer(data.email)).exists }),
    }),
  );
  return (
    <Form form={form} onSuccess={(found) => onLookup(stepAfterLookup(found.exists), found.email)}>
      <p>{t('account.login.intro')}</p>
      <TextField field="email" type="email" inputMode="email" autoComplete="email" />
      <div className="form-actions">
        <SubmitButton>{t('account.login.emailStep')}</SubmitButton>
      </div>
    </Form>
  );
}
