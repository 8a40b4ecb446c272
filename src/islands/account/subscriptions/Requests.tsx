/**
 * What the shopper asks of customer service about a subscription: "Demander la résiliation" (a reason of
 * the list and a precision, both required; an operator handles it, and the subscription shows the request
 * until then), and a message through the contact dialog.
 */
import { useState } from 'react';
import { createForm } from '../../shared/forms/form-state.ts';
import { abortRequest, contactRequest } from '../../../lib/shop-api/requests/subscriptions.ts';
import type { Subscription } from '../../../lib/shop-api/subscriptions.ts';
import { abortReasons } from '../../../lib/subscriptions/abort.ts';
import { StatusMessage } from '../../shared/forms/ErrorList.tsx';
import { SelectField, TextAreaField } from '../../shared/forms/Field.tsx';
import { Form, useFormPending } from '../../shared/forms/Form.tsx';
import { SubmitButton } from '../../shared/forms/SubmitButton.tsx';
import { useIsland } from '../../shared/island.tsx';
import { formatDate } from '../OrdersParts.tsx';
import { FormDialog, useSubscriptionsApi } from './parts.tsx';

function CancelButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="button secondary" onClick={onClick} disabled={useFormPending()}>
      {label}
    </button>
  );
}

function AbortForm({
  subscription,
  onSent,
  onCancel,
}: {
  subscription: Subscription;
  onSent: (s: Subscription) => void;
  onCancel: () => void;
}) {
  const { t } = useIsland();
  const subscriptionsApi = useSubscriptionsApi();
  const [form] = useState(() =>
    createForm({
      name: 'subscriptionAbort',
      schema: abortRequest,
      defaults: { reason: '', message: '' },
      onSubmit: (data) => subscriptionsApi.requestAbort(subscription.code, data),
    }),
  );
  return (
    <Form form={form} onSuccess={onSent}>
      <p>{t('subscriptions.abort.intro')}</p>
      <SelectField
        field="reason"
        label={t('subscriptions.abort.reason')}
        options={[
          { value: '', label: t('subscriptions.abort.choose') },
          ...abortReasons.map((reason) => ({ value: reason, label: t(`subscriptions.abort.reasons.${reason}`) })),
        ]}
      />
      <TextAreaField field="message" label={t('subscriptions.abort.message')} hint={t('subscriptions.abort.messageHint')} rows={4} />
      <div className="form-actions">
        <SubmitButton>{t('subscriptions.abort.submit')}</SubmitButton>
        <CancelButton label={t('subscriptions.abort.cancel')} onClick={onCancel} />
      </div>
    </Form>
  );
}

function ContactForm({ subscription, onSent, onCancel }: { subscription: Subscription; onSent: () => void; onCancel: () => void }) {
  const { t } = useIsland();
  const subscriptionsApi = useSubscriptionsApi();
  const [form] = useState(() =>
    createForm({
      name: 'subscriptionContact',
      schema: contactRequest,
      defaults: { message: '' },
      onSubmit: (data) => subscriptionsApi.contact(subscription.code, data.message),
    }),
  );
  return (
    <Form form={form} onSuccess={onSent}>
      <p>{t('subscriptions.contact.intro')}</p>
      <TextAreaField field="message" label={t('subscriptions.contact.message')} rows={5} />
      <div className="form-actions">
        <SubmitButton>{t('subscriptions.contact.send')}</SubmitButton>
        <CancelButton label={t('subscriptions.contact.cancel')} onClick={onCancel} />
      </div>
    </Form>
  );
}

export function Requests({ subscription, onUpdate }: { subscription: Subscription; onUpdate: (s: Subscription) => void }) {
  const { t, locale } = useIsland();
  const [open, setOpen] = useState<'abort' | 'contact' | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const request = subscription.abortRequest;
  const close = () => setOpen(null);
  return (
    <section className="subscription-requests" aria-label={t('subscriptions.contact.title')}>
      <StatusMessage message={sent} />
      {request && (
        <div className="card subscription-note" data-abort-request>
          <h3>{t('subscriptions.abort.pending', { date: formatDate(locale, request.createdAt) })}</h3>
          <p>{t('subscriptions.abort.reasonIs', { reason: t(`subscriptions.abort.reasons.${request.reason}`) })}</p>
          <p className="subscription-note__quote">{request.message}</p>
          <p className="muted">{t('subscriptions.abort.pendingText')}</p>
        </div>
      )}
      <div className="subscription-requests__buttons">
        <button type="button" className="button secondary" onClick={() => setOpen('contact')}>
          {t('subscriptions.contact.button')}
        </button>
        {!request && subscription.state !== 'stopped' && (
          <button type="button" className="button secondary" onClick={() => setOpen('abort')} data-abort>
            {t('subscriptions.abort.button')}
          </button>
        )}
      </div>
      <FormDialog open={open === 'abort'} title={t('subscriptions.abort.title')} onClose={close}>
        <AbortForm
          subscription={subscription}
          onCancel={close}
          onSent={(next) => {
            close();
            onUpdate(next);
          }}
        />
      </FormDialog>
      <FormDialog open={open === 'contact'} title={t('subscriptions.contact.title')} onClose={close}>
        <ContactForm
          subscription={subscription}
          onCancel={close}
          onSent={() => {
            close();
            setSent(t('subscriptions.contact.sent'));
          }}
        />
      </FormDialog>
    </section>
  );
}
