/**
 * A subscription's new card, with the checkout's card form (the sandbox's inputs, or Mollie Components):
 * the card goes to the payment provider only, which gives a single-use token; the shop API makes it the
 * card charged for the next deliveries (nothing is charged now). Used by the detail and the app's web view.
 */
import { useState } from 'react';
import type { Subscription } from '../../../lib/shop-api/subscriptions.ts';
import { CardTokenFailure } from '../../../stores/checkout/card.ts';
import { newCardToken, subscriptionCardForm } from '../../../stores/subscription-card.ts';
import { useCardForm } from '../../shared/CardForm.tsx';
import { useIsland, useShop } from '../../shared/island.tsx';
import { PUBLIC_MOLLIE_PROFILE_ID, PUBLIC_MOLLIE_TESTMODE } from 'astro:env/client';
import { ChangeForm, useSubscriptionsApi, useFailureText } from './parts.tsx';

export function CardChange({
  subscription,
  onSaved,
  onCancel,
}: {
  subscription: Subscription;
  onSaved: (subscription: Subscription) => void;
  onCancel?: () => void;
}) {
  const { t, locale } = useIsland();
  const subscriptionsApi = useSubscriptionsApi();
  const shop = useShop();
  const failureText = useFailureText();
  const [tokeniser] = useState(() =>
    subscriptionCardForm({
      mollieProfileId: PUBLIC_MOLLIE_PROFILE_ID,
      mollieTestmode: PUBLIC_MOLLIE_TESTMODE,
      apiUrl: shop.config.apiUrl,
      locale,
    }),
  );
  const card = useCardForm(tokeniser);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  /** The provider's refusal of the details in the shopper's words (the field it named, else its own text). */
  const cardText = (failure: CardTokenFailure): string => {
    if (failure.code === 'network') return t('checkout.network');
    const key = `checkout.payment.card.errors.${failure.field ?? ''}`;
    if (failure.code === 'card_invalid') return t.has(key) ? t(key) : (failure.description ?? t('checkout.error'));
    return t('checkout.error');
  };

  const submit = async () => {
    if (busy || !card.check()) return;
    setBusy(true);
    setErrors([]);
    try {
      const token = await newCardToken(tokeniser, card.input);
      onSaved(await subscriptionsApi.setPaymentCard(subscription.code, token));
    } catch (error) {
      setErrors(error instanceof CardTokenFailure ? [cardText(error)] : failureText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ChangeForm
      label={t('subscriptions.cardChange.title')}
      save={t('subscriptions.cardChange.save')}
      busy={busy}
      errors={errors}
      onSubmit={() => void submit()}
      onCancel={onCancel}
      data="card-change"
    >
      <p className="muted">{t('subscriptions.cardChange.intro')}</p>
      {card.form}
    </ChangeForm>
  );
}
