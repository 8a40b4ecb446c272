/**
 * The islands' form controller (src/islands/shared/forms/form-state.ts): validation first, one submission
 * at a time, server violations on their fields, reset.
 */
import { describe, expect, it } from 'vitest';
import { translator } from '../../../../../src/i18n/translate.ts';
import { fieldMessage, formMessages } from '../../../../../src/lib/forms/messages.ts';
import { CHANGE_PASSWORD_SERVER_CODES, changePasswordSchema, emptyChangePassword } from '../../../../../src/lib/forms/password.ts';
import { ShopApiError } from '../../../../../src/lib/shop-api/http.ts';
import { createForm } from '../../../../../src/islands/shared/forms/form-state.ts';

const fr = translator('fr');

describe('form controller', () => {
  const deferred = <T>() => {
    let resolve!: (value: T) => void;
    let reject!: (error: unknown) => void;
    const promise = new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };

  it('validates first: on failure the errors attach per field and nothing is sent', async () => {
    const sent: unknown[] = [];
    const form = createForm({
      name: 'changePassword',
      schema: changePasswordSchema,
      defaults: emptyChangePassword,
      onSubmit: (data) => void sent.push(data),
    });
    const result = await form.submit();
    expect(result.status).toBe('invalid');
    expect(form.$state.get().status).toBe('invalid');
    expect(Object.keys(form.$state.get().errors.fields).sort()).toEqual(['confirmNewPassword', 'currentPassword', 'newPassword']);
    expect(sent).toEqual([]);
    form.setField('currentPassword', 'old-one');
    expect(form.$state.get().errors.fields.currentPassword).toBeUndefined();
    expect(form.validateField('newPassword')).toBe(false);
    expect(form.$state.get().errors.fields.newPassword).toEqual([{ code: 'required' }]);
  });
  it('is pending until the submission is done and ignores a second submit meanwhile', async () => {
    const pending = deferred<string>();
    let calls = 0;
    const form = createForm({
      name: 'changePassword',
      schema: changePasswordSchema,
      defaults: { currentPassword: 'old-one', newPassword: 'new-one', confirmNewPassword: 'new-one' },
      onSubmit: () => {
        calls += 1;
        return pending.promise;
      },
    });
    const first = form.submit();
    expect(form.$state.get().status).toBe('pending');
    expect(await form.submit()).toEqual({ status: 'ignored' });
    pending.resolve('done');
    expect(await first).toEqual({ status: 'success', result: 'done' });
    expect(calls).toBe(1);
    expect(form.$state.get().status).toBe('success');
  });
  it('merges server violations into the fields, and reset restores the defaults', async () => {
    const form = createForm({
      name: 'changePassword',
      schema: changePasswordSchema,
      defaults: { currentPassword: 'typo', newPassword: 'new-one', confirmNewPassword: 'new-one' },
      violations: { codes: CHANGE_PASSWORD_SERVER_CODES },
      onSubmit: () => {
        const violations = [
          { propertyPath: 'currentPassword', message: 'Wrong', code: 'whatever' },
          { propertyPath: 'token', message: 'Expired.', code: 'z' },
        ];
        throw new ShopApiError({ status: 422, description: 'Unprocessable', violations, method: 'PUT', path: '/password' });
      },
    });
    const result = await form.submit();
    expect(result.status).toBe('failure');
    const { errors, status } = form.$state.get();
    expect(status).toBe('failure');
    expect(fieldMessage(fr, form.name, errors, 'currentPassword')).toBe('Le mot de passe fourni est différent de celui en cours.');
    expect(formMessages(fr, form.name, errors)).toEqual(['Expired.']);
    form.setField('newPassword', 'other');
    form.reset();
    expect(form.$state.get()).toEqual({
      values: { currentPassword: 'typo', newPassword: 'new-one', confirmNewPassword: 'new-one' },
      errors: { fields: {}, form: [] },
      status: 'idle',
    });
    form.reset(emptyChangePassword());
    form.setField('newPassword', 'x');
    form.reset();
    expect(form.values).toEqual(emptyChangePassword());
  });
});
