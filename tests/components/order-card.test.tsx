/**
 * An order's card in the account counts its articles as each language says it, one or several (issue 44:
 * it said "2 article(s)" / "2 artikel(s)").
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messagesFor } from '../../src/i18n/translate.ts';
import { OrderCard } from '../../src/islands/account/OrdersParts.tsx';
import { Island } from '../../src/islands/shared/island.tsx';
import { languageOf, type LocaleCode } from '../../src/lib/channels.ts';
import type { Order } from '../../src/lib/shop-api/orders.ts';

/** A placed order with lines of these quantities: the card reads only these fields. */
const orderOf = (quantities: number[]) =>
  ({
    tokenValue: 'tok',
    number: '000001001',
    checkoutCompletedAt: '2026-03-02T10:00:00Z',
    total: 4752,
    status: { code: 'paid', group: 'valid', label: 'Payée' },
    items: quantities.map((quantity, id) => ({ id, quantity })),
  }) as unknown as Order;

function renderCard(locale: LocaleCode, quantities: number[]) {
  render(
    <Island locale={locale} messages={messagesFor(languageOf(locale), ['orders', 'generic'])}>
      <OrderCard order={orderOf(quantities)} />
    </Island>,
  );
  return screen.getByRole('article').textContent;
}

describe('an order’s card', () => {
  it.each([
    ['fr_FR', [1], '1 article'],
    ['fr_FR', [1, 1], '2 articles'],
    ['nl_BE', [1], '1 artikel'],
    ['nl_BE', [2, 1], '3 artikelen'],
  ] as const)('in %s, for lines of %j, says "%s"', (locale, quantities, said) => {
    const text = renderCard(locale, [...quantities]);
    expect(text).toContain(said);
    expect(text).not.toMatch(/\(s\)|\(en\)|orders\.card/);
  });
});
