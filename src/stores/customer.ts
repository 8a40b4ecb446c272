/**
 * The logged-in customer: loaded when the session has a customer IRI, cleared on logout. A failed load
 * gives an empty default customer rather than an error, so account pages still render.
 */
import { atom, computed, type ReadableAtom } from 'nanostores';
import type { CustomerUpdate, Customer } from '../lib/shop-api/customers.ts';
import type { ShopClient } from '../lib/shop-api/client.ts';
import type { Session } from './session/index.ts';

/** The empty default customer a failed customer fetch falls back on. */
export function emptyCustomer(customerIri = ''): Customer {
  return {
    '@id': customerIri,
    '@type': 'Customer',
    id: 0,
    email: '',
    emailHashed: '',
    firstName: '',
    lastName: '',
    fullName: '',
    gender: null,
    birthday: null,
    subscribedToNewsletter: false,
    defaultAddress: null,
    newCustomer: true,
    subscriber: false,
    lastOrderDate: null,
    user: { verified: false },
    preferredLanguage: 'fr',
  };
}

export type CustomerStatus = 'anonymous' | 'loading' | 'ready' | 'failed';

export interface CustomerDeps {
  client: Pick<ShopClient, 'getCustomer' | 'updateCustomer'>;
  session: { $session: ReadableAtom<Session | null> };
}

export function createCustomerStore(deps: CustomerDeps) {
  const $customer = atom<Customer | null>(null);
  const $status = atom<CustomerStatus>('anonymous');
  const $subscriber = computed($customer, (customer) => customer?.subscriber ?? false);
  let loadingIri: string | null = null;
  let stopSession: (() => void) | null = null;

  async function load(customerIri: string): Promise<Customer> {
    loadingIri = customerIri;
    $status.set('loading');
    try {
      const customer = await deps.client.getCustomer(customerIri);
      if (loadingIri === customerIri) {
        $customer.set(customer);
        $status.set('ready');
      }
      return customer;
    } catch {
      const empty = emptyCustomer(customerIri);
      if (loadingIri === customerIri) {
        $customer.set(empty);
        $status.set('failed');
      }
      return empty;
    }
  }

  function clear() {
    loadingIri = null;
    $customer.set(null);
    $status.set('anonymous');
  }

  return {
    $customer: $customer as ReadableAtom<Customer | null>,
    $status: $status as ReadableAtom<CustomerStatus>,
    $subscriber,
    load,
    /** Loads the customer of the current session again (after a change made elsewhere). */
    reload(): Promise<Customer | null> {
      const iri = deps.session.$session.get()?.customerIri ?? null;
      return iri ? load(iri) : Promise.resolve(null);
    },
    /** PUT on the customer IRI; the answer becomes the customer. */
    async update(data: CustomerUpdate): Promise<Customer> {
      const iri = deps.session.$session.get()?.customerIri ?? $customer.get()?.['@id'];
      if (!iri) throw new Error('Not logged in');
      const customer = await deps.client.updateCustomer(iri, data);
      $customer.set(customer);
      $status.set('ready');
      return customer;
    },
    /** Replaces the customer with an answer received elsewhere (after setting the default address). */
    set(customer: Customer) {
      $customer.set(customer);
      $status.set('ready');
    },
    clear,
    /** Follows the session: loads on a new customer IRI, clears on logout. */
    start() {
      if (stopSession) return;
      stopSession = deps.session.$session.subscribe((session) => {
        const iri = session?.customerIri ?? null;
        if (iri === null) {
          if ($customer.get() !== null || loadingIri !== null) clear();
        } else if (iri !== loadingIri) {
          void load(iri);
        }
      });
    },
    stop() {
      stopSession?.();
      stopSession = null;
    },
  };
}
export type CustomerStore = ReturnType<typeof createCustomerStore>;
