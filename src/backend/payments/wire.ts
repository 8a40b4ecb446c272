/**
 * Mollie's REST API v2 wire format, for what the shop uses: the error body, the HAL links, the lists and
 * the payment, refund, customer and mandate resources, written from the sandbox's rows.
 */
import { Problem } from '../problem.ts';

export const HAL_JSON = 'application/hal+json; charset=utf-8';
const DOCS = 'https://docs.mollie.com/reference';

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized Request',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  500: 'Internal Server Error',
};

/** Mollie's error: `{status, title, detail, field?, _links}` in application/hal+json. */
export function mollieError(status: number, detail: string, field?: string): Problem {
  return new Problem(
    status,
    {
      status,
      title: titles[status] ?? 'Error',
      detail,
      ...(field ? { field } : {}),
      _links: { documentation: { href: `${DOCS}/handling-errors`, type: 'text/html' } },
    },
    { 'Content-Type': HAL_JSON },
  );
}

export const unauthorized = () => mollieError(401, 'Missing authentication, or failed to authenticate');
export const notFound = (what: string, id: string) => mollieError(404, `No ${what} exists with token ${id}.`);

/** Mollie writes times with an explicit offset and no milliseconds: 2024-03-20T09:13:37+00:00. */
const mollieTime = (value: unknown): string | null =>
  value === null || value === undefined ? null : new Date(value as string | Date).toISOString().replace(/\.\d{3}Z$/, '+00:00');

const link = (href: string, type = 'application/hal+json') => ({ href, type });

/** "42.90" → 4290: Mollie's decimal strings, in integer cents (no floating point on money). */
export const toCents = (value: string) => {
  const [units = '0', decimals = '00'] = value.split('.');
  return Number(units) * 100 + Number(decimals);
};
/** 4290 → "42.90". */
export const fromCents = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

export interface PaymentRow {
  id: string;
  amount_value: string;
  amount_currency: string;
  description: string;
  method: string;
  status: string;
  sequence_type: string;
  redirect_url: string | null;
  webhook_url: string | null;
  locale: string | null;
  metadata: unknown;
  customer_id: string | null;
  mandate_id: string | null;
  details: Record<string, unknown>;
  /** The sum of its refunds, as Mollie writes amounts ("0.00" without any). */
  amount_refunded: string;
  created_at: unknown;
  expires_at: unknown;
  paid_at: unknown;
  failed_at: unknown;
  canceled_at: unknown;
  expired_at: unknown;
}

export interface RefundRow {
  id: string;
  payment_id: string;
  amount_value: string;
  amount_currency: string;
  status: string;
  description: string;
  metadata: unknown;
  created_at: unknown;
}

export interface CustomerRow {
  id: string;
  name: string | null;
  email: string | null;
  locale: string | null;
  metadata: unknown;
  created_at: unknown;
}

export interface MandateRow {
  id: string;
  customer_id: string;
  method: string;
  status: string;
  card_label: string;
  card_number: string;
  card_holder: string;
  card_expiry_date: string;
  mandate_reference: string | null;
  signature_date: string;
  created_at: unknown;
}

/** Where the sandbox answers, seen from the caller: the API root (…/payments/v2) and the hosted pages. */
export interface Origins {
  api: string;
  pages: string;
}

/** The payment has a hosted page to go through: a 3-D Secure step, an approval or transfer instructions. */
const hasCheckout = (row: Pick<PaymentRow, 'status' | 'method' | 'sequence_type'>) => row.status === 'open';

export function paymentResource(row: PaymentRow, origins: Origins) {
  const optional = <T>(key: string, value: T | null | undefined) => (value === null || value === undefined ? {} : { [key]: value });
  return {
    resource: 'payment',
    id: row.id,
    mode: 'test',
    createdAt: mollieTime(row.created_at),
    amount: { value: row.amount_value, currency: row.amount_currency },
    description: row.description,
    method: row.method,
    metadata: row.metadata ?? null,
    status: row.status,
    isCancelable: row.status === 'open',
    ...optional('expiresAt', mollieTime(row.expires_at)),
    ...optional('paidAt', mollieTime(row.paid_at)),
    ...optional('failedAt', mollieTime(row.failed_at)),
    ...optional('canceledAt', mollieTime(row.canceled_at)),
    ...optional('expiredAt', mollieTime(row.expired_at)),
    // What can still be refunded: Mollie writes both only on a payment that can be refunded (paid).
    ...(row.status === 'paid'
      ? {
          amountRefunded: { value: row.amount_refunded, currency: row.amount_currency },
          amountRemaining: { value: fromCents(toCents(row.amount_value) - toCents(row.amount_refunded)), currency: row.amount_currency },
        }
      : {}),
    locale: row.locale ?? 'fr_FR',
    profileId: 'pfl_sandbox00',
    sequenceType: row.sequence_type,
    redirectUrl: row.redirect_url,
    webhookUrl: row.webhook_url,
    ...optional('customerId', row.customer_id),
    ...optional('mandateId', row.mandate_id),
    details: Object.keys(row.details).length ? row.details : null,
    _links: {
      self: link(`${origins.api}/payments/${row.id}`),
      ...(hasCheckout(row) ? { checkout: link(`${origins.pages}/checkout/${row.id}`, 'text/html') } : {}),
      dashboard: link(`${origins.pages}/checkout/${row.id}`, 'text/html'),
      ...(row.customer_id ? { customer: link(`${origins.api}/customers/${row.customer_id}`) } : {}),
      ...(row.mandate_id && row.customer_id
        ? { mandate: link(`${origins.api}/customers/${row.customer_id}/mandates/${row.mandate_id}`) }
        : {}),
      ...(toCents(row.amount_refunded) > 0 ? { refunds: link(`${origins.api}/payments/${row.id}/refunds`) } : {}),
      documentation: link(`${DOCS}/get-payment`, 'text/html'),
    },
  };
}

export function refundResource(row: RefundRow, origins: Origins) {
  return {
    resource: 'refund',
    id: row.id,
    mode: 'test',
    amount: { value: row.amount_value, currency: row.amount_currency },
    status: row.status,
    description: row.description,
    metadata: row.metadata ?? null,
    paymentId: row.payment_id,
    createdAt: mollieTime(row.created_at),
    _links: {
      self: link(`${origins.api}/payments/${row.payment_id}/refunds/${row.id}`),
      payment: link(`${origins.api}/payments/${row.payment_id}`),
      documentation: link(`${DOCS}/get-refund`, 'text/html'),
    },
  };
}

export function customerResource(row: CustomerRow, origins: Origins) {
  return {
    resource: 'customer',
    id: row.id,
    mode: 'test',
    name: row.name,
    email: row.email,
    locale: row.locale,
    metadata: row.metadata ?? null,
    createdAt: mollieTime(row.created_at),
    _links: {
      self: link(`${origins.api}/customers/${row.id}`),
      mandates: link(`${origins.api}/customers/${row.id}/mandates`),
      documentation: link(`${DOCS}/get-customer`, 'text/html'),
    },
  };
}

export function mandateResource(row: MandateRow, origins: Origins) {
  return {
    resource: 'mandate',
    id: row.id,
    mode: 'test',
    status: row.status,
    method: row.method,
    details: { cardHolder: row.card_holder, cardNumber: row.card_number, cardLabel: row.card_label, cardExpiryDate: row.card_expiry_date },
    mandateReference: row.mandate_reference,
    signatureDate: row.signature_date,
    createdAt: mollieTime(row.created_at),
    _links: {
      self: link(`${origins.api}/customers/${row.customer_id}/mandates/${row.id}`),
      customer: link(`${origins.api}/customers/${row.customer_id}`),
      documentation: link(`${DOCS}/get-mandate`, 'text/html'),
    },
  };
}

/**
 * A HAL list. Mollie pages with cursors: `next` and `previous` are the list's address with `from` set to
 * the first id of that page (null when there is none). Short lists (a customer's mandates, a payment's
 * refunds) come whole, without either.
 */
export const listResource = (
  name: string,
  items: object[],
  self: string,
  paging: { next?: string | null; previous?: string | null } = {},
) => ({
  count: items.length,
  _embedded: { [name]: items },
  _links: {
    self: link(self),
    previous: paging.previous ? link(paging.previous) : null,
    next: paging.next ? link(paging.next) : null,
    documentation: link(`${DOCS}/list-${name}`, 'text/html'),
  },
});
