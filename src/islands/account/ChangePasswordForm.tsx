/**
 * Password change: current, new and a confirmation equal to the new one. A wrong current password reads "Le mot de
 * passe fourni est différent de celui en cours." under the current password.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { createForm } from '../shared/forms/form-state.ts';
import {
  CHANGE_PASSWORD_FIELDS,
  CHANGE_PASSWORD_SERVER_CODES,
  changePasswordSchema,
  emptyChangePassword,
} from '../../lib/forms/password.ts';
import { StatusMessage } from '../shared/forms/ErrorList.tsx';
import { NewPasswordFields, PasswordField } from '../shared/forms/Field.tsx';
import { Form } from '../shared/forms/Form.tsx';
import { SubmitButton } from '../shared/forms/SubmitButton.tsx';
import { useIsland, useShop } from '../shared/island.tsx';

export function ChangePasswordForm() {
  const { t } = useIsland();
  const shop = useShop();
  const [saved, setSaved] = useState(false);
  const [form] = useState(() =>
    createForm({
      name: 'changePassword',
      schema: changePasswordSchema,
      defaults: emptyChangePassword,
      fields: CHANGE_PASSWORD_FIELDS,
      violations: { codes: CHANGE_PASSWORD_SERVER_CODES },
      onSubmit: async (data) => {
        const customerIri = shop.session.customerIri();
        if (!customerIri) throw new Error('Not logged in');
        await shop.client.changePassword(customerIri, data);
      },
    }),
  );
  const status = useStore(form.$state).status;
  useEffect(() => {
    if (status === 'pending') setSaved(false);
  }, [status]);
  return (
    <section aria-labelledby="change-password-title">
      <h2 id="change-password-title">{t('account.personalData.passwordTitle')}</h2>
      <StatusMessage message={saved ? t('account.personalData.passwordSaved') : null} focus />
      <Form
        form={form}
        onSuccess={() => {
          form.reset();
          setSaved(true);
        }}
      >
        <PasswordField field="currentPassword" autoComplete="current-password" />
        <NewPasswordFields />
        <div className="form-actions">
          <SubmitButton>{t('account.personalData.passwordSave')}</SubmitButton>
        </div>
      </Form>
    </section>
  );
}
