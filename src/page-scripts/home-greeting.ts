/**
 * The home page greets a returning customer (SPEC §2: on "/", "a returning customer is fetched"): with a
 * session in this browser, the customer is read from the shop API (GET on their IRI, as the account does)
 * and the slot the page keeps for it says "Bonjour Marie", with a link to their orders once they have
 * ordered, to their account before. No framework, no zod: a few checks of the answer's two fields used.
 * Anonymous, expired, or any failure: the slot stays empty, as an anonymous visitor's page is.
 */
import { STORAGE_KEYS } from '../lib/constants.ts';
import { decodeTokenPayload, tokenExpiresAt } from '../lib/session-token.ts';

export interface ReturningCustomer {
  firstName: string;
  hasOrdered: boolean;
}

interface StorageReader {
  getItem(key: string): string | null;
}

/** The session this browser keeps, while its token is valid: the token and the customer's IRI. */
export function storedSession(storage: StorageReader, now: number): { token: string; customerIri: string } | null {
  const token = storage.getItem(STORAGE_KEYS.token);
  if (!token || tokenExpiresAt(token) <= now) return null;
  const payload = decodeTokenPayload(token);
  const claimed = payload !== null && typeof payload === 'object' ? (payload as { customer?: unknown }).customer : undefined;
  const customerIri = storage.getItem(STORAGE_KEYS.customerUri) || (typeof claimed === 'string' ? claimed : '');
  return customerIri.startsWith('/') ? { token, customerIri } : null;
}

/** What the greeting needs of the shop API's customer, or null for an answer without a first name. */
export function returningCustomerOf(answer: unknown): ReturningCustomer | null {
  if (answer === null || typeof answer !== 'object') return null;
  const { firstName, lastOrderDate } = answer as { firstName?: unknown; lastOrderDate?: unknown };
  if (typeof firstName !== 'string' || firstName.trim() === '') return null;
  return { firstName: firstName.trim(), hasOrdered: typeof lastOrderDate === 'string' && lastOrderDate !== '' };
}

/** Fills the slot: the greeting's words (data-hello, "Bonjour {name}") and the link to the orders or the account. */
export function showGreeting(slot: HTMLElement, customer: ReturningCustomer): void {
  const { hello = '{name}', orders, ordersHref, account, accountHref } = slot.dataset;
  // The words and the link apart: a long name is cut short on a phone, the link never.
  const words = document.createElement('span');
  words.textContent = hello.replace('{name}', customer.firstName);
  const link = document.createElement('a');
  link.href = (customer.hasOrdered ? ordersHref : accountHref) ?? '/';
  link.textContent = (customer.hasOrdered ? orders : account) ?? '';
  slot.replaceChildren(words, link);
}

/** Reads the customer of this browser's session and greets them in the slot; does nothing for anyone else. */
export async function greetReturningCustomer(
  slot: HTMLElement,
  deps: { storage: StorageReader; fetch: typeof fetch; now: number },
): Promise<void> {
  const { api, channel, locale } = slot.dataset;
  if (!api || !channel || !locale) return;
  try {
    const session = storedSession(deps.storage, deps.now);
    if (!session) return;
    const url = new URL(`${api.replace(/\/+$/, '')}${session.customerIri}`);
    url.searchParams.set('channelCode', channel);
    url.searchParams.set('locale', locale);
    const response = await deps.fetch(url, { headers: { accept: 'application/ld+json', authorization: `Bearer ${session.token}` } });
    if (!response.ok) return;
    const customer = returningCustomerOf(await response.json());
    if (customer) showGreeting(slot, customer);
  } catch {
    /* storage refused, the network, or a stranger's answer: no greeting, the page as an anonymous visitor sees it */
  }
}
