/**
 * What the subscription screens keep in the browser: the subscriber flag a static page's header reads (the
 * customer IRI of a subscriber, only once the shop API said so), and the app's hand-off of its session to
 * the payment web view (the fragment leaves the address; the app's refresh token is never taken).
 */
import { atom } from 'nanostores';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../src/lib/constants.ts';
import type { Customer } from '../../../src/lib/shop-api/customers.ts';
import { memoryStorage } from '../../../src/stores/browser.ts';
import { emptyCustomer } from '../../../src/stores/customer.ts';
import { adoptAppSession, rememberSubscriber } from '../../../src/stores/subscriptions.ts';

const b64 = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const EXP = Date.UTC(2031, 2, 3, 10, 0, 0) / 1000;
const tokenOf = (customer: string) =>
  `${b64({ alg: 'HS256' })}.${b64({ iat: EXP - 3600, exp: EXP, username: 'camille@example.fr', customer })}.sig`;
const CAMILLE = '/api/v2/shop/customers/7';

describe('the subscriber flag', () => {
  const customer = (subscriber: boolean): Customer => ({ ...emptyCustomer(CAMILLE), subscriber });

  it('is the IRI of a subscriber the shop API answered, and nothing for anyone else', () => {
    const storage = memoryStorage();
    const $customer = atom<Customer | null>(null);
    const $status = atom('anonymous');
    const $signedIn = atom(true);
    rememberSubscriber({ $customer, $status }, $signedIn, storage);
    $status.set('loading');
    $customer.set(customer(true));
    $status.set('ready');
    expect(storage.getItem(STORAGE_KEYS.subscriber)).toBe(CAMILLE);
    $customer.set(customer(false));
    expect(storage.getItem(STORAGE_KEYS.subscriber)).toBeNull();
  });

  it('survives a failed load (the empty default says nothing) and ends with the session', () => {
    const storage = memoryStorage({ [STORAGE_KEYS.subscriber]: CAMILLE });
    const $customer = atom<Customer | null>(null);
    const $status = atom('loading');
    const $signedIn = atom(true);
    rememberSubscriber({ $customer, $status }, $signedIn, storage);
    $customer.set(emptyCustomer(CAMILLE));
    $status.set('failed');
    expect(storage.getItem(STORAGE_KEYS.subscriber)).toBe(CAMILLE);
    $signedIn.set(false);
    expect(storage.getItem(STORAGE_KEYS.subscriber)).toBeNull();
  });
});

describe('the app’s session handed to the web view', () => {
  const at = (hash: string) => ({ hash, pathname: '/web-view/Sabc-changement-de-paiement/', search: '' });

  it('becomes the session without a refresh token, and the fragment leaves the address', () => {
    const storage = memoryStorage({
      [STORAGE_KEYS.token]: tokenOf('/api/v2/shop/customers/9'),
      [STORAGE_KEYS.refreshToken]: 'another-customers-refresh-token',
      [STORAGE_KEYS.customerUri]: '/api/v2/shop/customers/9',
    });
    const replaced: string[] = [];
    const token = tokenOf(CAMILLE);
    expect(adoptAppSession(at(`#token=${encodeURIComponent(token)}`), storage, (path) => replaced.push(path))).toBe(true);
    expect(replaced).toEqual(['/web-view/Sabc-changement-de-paiement/']);
    expect(storage.getItem(STORAGE_KEYS.token)).toBe(token);
    expect(storage.getItem(STORAGE_KEYS.customerUri)).toBe(CAMILLE);
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
  });

  it('keeps the session already there when it is the same (the site’s own, with its refresh token)', () => {
    const token = tokenOf(CAMILLE);
    const storage = memoryStorage({
      [STORAGE_KEYS.token]: token,
      [STORAGE_KEYS.refreshToken]: 'mine',
      [STORAGE_KEYS.customerUri]: CAMILLE,
    });
    expect(adoptAppSession(at(`#token=${token}`), storage, () => {})).toBe(true);
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBe('mine');
  });

  it('takes nothing that is not one of the shop’s tokens, and leaves an address without one alone', () => {
    const storage = memoryStorage();
    const replaced: string[] = [];
    expect(adoptAppSession(at('#token=garbage'), storage, (path) => replaced.push(path))).toBe(false);
    expect(replaced).toHaveLength(1);
    expect(storage.data.size).toBe(0);
    expect(adoptAppSession(at('#my-subscription'), storage, (path) => replaced.push(path))).toBe(false);
    expect(replaced).toHaveLength(1);
  });
});
