/**
 * @vitest-environment happy-dom
 *
 * The home page's greeting of a returning customer (src/page-scripts/home-greeting.ts): a browser with a valid
 * session reads its customer from the shop API and the slot says "Bonjour Marie" with a link to the orders (or
 * the account, before a first order); an anonymous visitor, an expired session or any failure leaves the slot
 * empty and asks nothing. The shop API is played by a fetch answering the customer.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { translator } from '../../../src/i18n/translate.ts';
import { STORAGE_KEYS } from '../../../src/lib/constants.ts';
import { pathTo } from '../../../src/lib/routes/paths.ts';
import { greetReturningCustomer, returningCustomerOf } from '../../../src/page-scripts/home-greeting.ts';

const t = translator('fr');
const NOW = Date.UTC(2026, 11, 7, 8);
const IRI = '/api/v2/shop/customers/7';

/** A token as the shop issues it (the page reads its claims, never its signature). */
function token(expiresAt: number, customer = IRI): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256' })}.${part({ exp: Math.floor(expiresAt / 1000), username: 'marie@example.fr', customer })}.signature`;
}
const storageOf = (items: Record<string, string>) => ({ getItem: (key: string) => items[key] ?? null });
const signedIn = (expiresAt = NOW + 3_600_000) => storageOf({ [STORAGE_KEYS.token]: token(expiresAt), [STORAGE_KEYS.customerUri]: IRI });
const answering = (status: number, body: unknown) =>
  vi.fn<typeof fetch>(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/ld+json' } }));

let slot: HTMLElement;
beforeEach(() => {
  document.body.innerHTML = `<p data-greeting data-api="https://shop.example/" data-channel="FR" data-locale="fr_FR"
    data-hello="${t('account.menu.greeting')}" data-orders="${t('account.menu.orders')}" data-orders-href="${pathTo('orders', 'fr_FR')}"
    data-account="${t('site.account')}" data-account-href="${pathTo('account', 'fr_FR')}"></p>`;
  slot = document.querySelector<HTMLElement>('[data-greeting]')!;
});

describe('the home page’s greeting', () => {
  it('greets a returning customer by first name, with a link to their orders', async () => {
    const fetch = answering(200, { firstName: 'Marie', lastName: 'Dupont', lastOrderDate: '2026-11-20T10:00:00+00:00' });
    await greetReturningCustomer(slot, { storage: signedIn(), fetch, now: NOW });
    expect(slot.querySelector('span')?.textContent).toBe('Bonjour Marie');
    expect(slot.querySelector('a')?.textContent).toBe('Mes commandes');
    expect(slot.querySelector('a')?.getAttribute('href')).toBe('/mon-compte/mes-commandes/');
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toBe(`https://shop.example${IRI}?channelCode=FR&locale=fr_FR`);
    expect(new Headers(init?.headers).get('authorization')).toBe(`Bearer ${token(NOW + 3_600_000)}`);
  });

  it('links a customer who has not ordered yet to their account, and finds them by the token’s claim', async () => {
    const fetch = answering(200, { firstName: ' Marie ', lastOrderDate: null });
    await greetReturningCustomer(slot, { storage: storageOf({ [STORAGE_KEYS.token]: token(NOW + 60_000) }), fetch, now: NOW });
    expect(slot.querySelector('span')?.textContent).toBe('Bonjour Marie');
    expect(slot.querySelector('a')?.textContent).toBe('Mon compte');
    expect(slot.querySelector('a')?.getAttribute('href')).toBe('/mon-compte/');
    expect(String(fetch.mock.calls[0]![0])).toContain(IRI);
  });

  it('asks nothing and shows nothing for an anonymous visitor or an expired session', async () => {
    const fetch = answering(200, { firstName: 'Marie' });
    await greetReturningCustomer(slot, { storage: storageOf({}), fetch, now: NOW });
    await greetReturningCustomer(slot, { storage: signedIn(NOW - 1000), fetch, now: NOW });
    const refused = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    await greetReturningCustomer(slot, { storage: refused, fetch, now: NOW });
    expect(fetch).not.toHaveBeenCalled();
    expect(slot.textContent).toBe('');
  });

  it('shows nothing when the shop API refuses, cannot be reached or answers without a first name', async () => {
    await greetReturningCustomer(slot, { storage: signedIn(), fetch: answering(401, { code: 401 }), now: NOW });
    const unreachable = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    await greetReturningCustomer(slot, { storage: signedIn(), fetch: unreachable, now: NOW });
    await greetReturningCustomer(slot, { storage: signedIn(), fetch: answering(200, { firstName: '' }), now: NOW });
    expect(slot.textContent).toBe('');
    expect(returningCustomerOf(null)).toBeNull();
    expect(returningCustomerOf({ firstName: 7 })).toBeNull();
  });
});
