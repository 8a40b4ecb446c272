/**
 * The subscription screens say everything in the shopper's language, French and Dutch: no message key and no
 * unfilled placeholder in any state (issue 44: a pending cancellation request showed
 * `subscriptions.abort.reasonIs` without its reason). The list and the detail are walked with an active
 * subscription, a stopped one, and one waiting for an operator on its cancellation request, for each reason.
 */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { messagesFor, translator } from '../../src/i18n/translate.ts';
import SubscriptionIsland from '../../src/islands/account/subscriptions/SubscriptionIsland.tsx';
import SubscriptionsIsland from '../../src/islands/account/subscriptions/SubscriptionsIsland.tsx';
import { languageOf, type LocaleCode } from '../../src/lib/channels.ts';
import { DISPLAY_STATUSES, type DisplayStatus } from '../../src/lib/orders/display-status.ts';
import { pathTo } from '../../src/lib/routes/paths.ts';
import type { Subscription } from '../../src/lib/shop-api/subscriptions.ts';
import { abortReasons } from '../../src/lib/subscriptions/abort.ts';
import { signedInAnswer } from './support/answers.ts';
import { shopApiOnFetch, signedIn } from './support/island.tsx';
import { expectNoRawTexts, keysIn, placeholdersIn } from './support/raw-keys.ts';

/** The sections the pages give the subscription islands (src/components/views/IslandShell.astro). */
const SECTIONS = [
  'account',
  'forms',
  'generic',
  'islands',
  'site',
  'orders',
  'subscriptions',
  'cart.lines',
  'checkout.payment.card',
  'checkout.network',
  'checkout.error',
  'relay',
];
const LOCALES: LocaleCode[] = ['fr_FR', 'nl_BE'];
const CODE = 'SUB-0042';

const islandIn = (locale: LocaleCode) => ({
  props: { locale, messages: messagesFor(languageOf(locale), SECTIONS) },
  t: translator(languageOf(locale)),
});

function subscriptionAnswer(locale: LocaleCode, fields: Partial<Subscription> & { statusCode?: DisplayStatus } = {}): Subscription {
  const { statusCode = 'active', ...rest } = fields;
  const status = DISPLAY_STATUSES[statusCode];
  return {
    '@id': `/api/v2/shop/subscriptions/${CODE}`,
    '@type': 'Subscription',
    code: CODE,
    state: 'active',
    status: { code: statusCode, group: status.group, label: status.label[languageOf(locale)] },
    frequency: 42,
    nextShipmentDate: '2031-04-14',
    editLimitDate: '2031-04-10T00:00:00+02:00',
    locked: false,
    frequencyChoices: [21, 31, 42, 49, 62, 70, 77, 93, 124, 155].map((days) => ({ days, nextShipmentDate: '2031-04-14' })),
    card: { brand: 'visa', last4: '4242', expiry: '12/32' },
    shippingMethod: 'home',
    carrier: 'colissimo',
    relayPoint: null,
    shippingAddress: {
      firstName: 'Lotte',
      lastName: 'Peeters',
      company: null,
      street: 'Rue des Tanneurs 12',
      street2: null,
      city: 'Lyon',
      postcode: '69001',
      countryCode: 'FR',
      provinceCode: null,
      provinceName: null,
      phoneNumber: '+33612345678',
      phoneNumber2: null,
      deliveryInstructions: null,
    },
    alerts: [],
    abortRequest: null,
    shipNow: null,
    createdAt: '2030-11-03T09:30:00+01:00',
    startedByOrder: null,
    nextOrder: null,
    ...rest,
  };
}

/** The states walked: active, stopped, and a cancellation request pending for each reason. */
const states = (locale: LocaleCode): Array<{ name: string; subscription: Subscription; reason?: string }> => [
  { name: 'active', subscription: subscriptionAnswer(locale) },
  { name: 'stopped', subscription: subscriptionAnswer(locale, { state: 'stopped', statusCode: 'stopped' }) },
  ...abortReasons.map((reason) => ({
    name: `cancellation requested (${reason})`,
    reason,
    subscription: subscriptionAnswer(locale, {
      abortRequest: { reason, message: 'Notre chien a changé de régime.', createdAt: '2031-03-20T10:15:00+01:00' },
    }),
  })),
];

describe('the key detector', () => {
  it('finds message keys and unfilled placeholders', () => {
    expect(keysIn('subscriptions.abort.reasonIs')).toEqual(['subscriptions.abort.reasonIs']);
    expect(keysIn('« islands.loading »')).toEqual(['islands.loading']);
    expect(placeholdersIn('Motif : {reason}')).toEqual(['{reason}']);
  });

  it('leaves URLs, e-mail addresses, domains, file names, prices and abbreviations alone', () => {
    const text =
      'https://www.example.fr/mon-compte/ lotte.peeters@example.be www.example.fr facture.pdf photo.jpeg 12.50 € 12,50 € p.ex. o.a. bv. 9.00-18.00 Fin.';
    expect(keysIn(text)).toEqual([]);
  });
});

describe.each(LOCALES)('the subscription screens in %s', (locale) => {
  const { props, t } = islandIn(locale);

  beforeEach(() => {
    signedIn(signedInAnswer());
  });

  it.each(states(locale).map((state) => [state.name, state] as const))('the list, %s, shows no raw text', async (_, state) => {
    const api = shopApiOnFetch();
    api.answer('GET', /\/subscriptions$/, () => ({
      status: 200,
      body: { '@type': 'hydra:Collection', 'hydra:member': [state.subscription], 'hydra:totalItems': 1 },
    }));
    window.history.replaceState(null, '', pathTo('subscriptions', locale));
    const { container } = render(<SubscriptionsIsland {...props} />);
    const list = await screen.findByRole('list', { name: t('subscriptions.list.label') });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expectNoRawTexts(container, `list, ${state.name}`);
  });

  it.each(states(locale).map((state) => [state.name, state] as const))('the detail, %s, shows no raw text', async (_, state) => {
    const api = shopApiOnFetch();
    api.answer('GET', new RegExp(`/subscriptions/${CODE}$`), () => ({ status: 200, body: state.subscription }));
    window.history.replaceState(null, '', pathTo('subscription', locale, { subscription: CODE }));
    const { container } = render(<SubscriptionIsland {...props} upsells={[]} />);
    const settingsTab = await screen.findByRole('tab', { name: t('subscriptions.detail.settingsTab') });
    expect(screen.getByRole('tabpanel', { name: t('subscriptions.detail.nextTab') }).textContent).toBe(t('subscriptions.next.none'));
    expectNoRawTexts(container, `detail, next order, ${state.name}`);

    if (state.reason) {
      const request = container.querySelector<HTMLElement>('[data-abort-request]')!;
      const reason = t(`subscriptions.abort.reasons.${state.reason}`);
      const said = t('subscriptions.abort.reasonIs', { reason });
      expect(said).toContain(reason);
      // The text as written (the French one keeps its no-break space before the colon).
      expect(within(request).getByText(said, { normalizer: (text) => text })).toBeTruthy();
    } else {
      expect(container.querySelector('[data-abort-request]')).toBeNull();
    }

    fireEvent.click(settingsTab);
    const settings = await screen.findByRole('tabpanel', { name: t('subscriptions.detail.settingsTab') });
    within(settings).getByRole('heading', { name: t('subscriptions.settings.status') });
    expectNoRawTexts(container, `detail, my subscription, ${state.name}`);

    // The dialogs: the contact one always, the cancellation request's while none is pending on a running subscription.
    fireEvent.click(screen.getByRole('button', { name: t('subscriptions.contact.button') }));
    await screen.findByRole('dialog', { name: t('subscriptions.contact.title') });
    expectNoRawTexts(document.body, `detail, contact dialog, ${state.name}`);
    fireEvent.click(screen.getByRole('button', { name: t('subscriptions.contact.cancel') }));
    const abort = screen.queryByRole('button', { name: t('subscriptions.abort.button') });
    expect(abort === null).toBe(state.reason !== undefined || state.name === 'stopped');
    if (abort) {
      fireEvent.click(abort);
      const dialog = await screen.findByRole('dialog', { name: t('subscriptions.abort.title') });
      for (const reason of abortReasons) within(dialog).getByRole('option', { name: t(`subscriptions.abort.reasons.${reason}`) });
      expectNoRawTexts(document.body, `detail, cancellation dialog, ${state.name}`);
    }
  });
});
