/**
 * The shop's side of the payment provider: a small typed interface over Mollie's REST API v2, at
 * MOLLIE_API_URL (the embedded sandbox outside production, Mollie itself in production) with
 * MOLLIE_API_KEY. Mollie's answers are parsed with zod at this boundary and mapped to `ProviderPayment`,
 * so the checkout never reads Mollie's wire format.
 *
 * Why not Mollie's own Node client (@mollie/api-client): it sends every call through an https.Agent
 * pinned to the CA bundle it ships, so it cannot reach the embedded sandbox over the platform's plain
 * HTTP, nor over HTTPS with a local certificate. The calls here are the few the shop needs, in Mollie's
 * documented format; tests/api/payments-sandbox.test.ts runs Mollie's client against the sandbox (over
 * HTTPS) and payment-provider.test.ts runs this adapter against the same sandbox, so both speak the same
 * protocol, and production changes only the environment.
 *
 * The checkout calls, in order:
 *  - `createCustomer` once per shop customer paying by card, to keep a mandate for later charges;
 *  - `createPayment` with an idempotency key derived from the order and the attempt (a retried call then
 *    never charges twice); a card payment carries the card form's `cardToken` and comes back paid,
 *    failed (with the bank's message and code) or open with a `checkoutUrl` (3-D Secure); PayPal and
 *    Bancontact come back open with the approval page's `checkoutUrl`; a bank transfer comes back open
 *    with its `bankTransfer` instructions, and is paid when the money arrives;
 *  - on the webhook (`POST webhookUrl`, form body `id=tr_…`): `paymentIdFromWebhook` (which checks the
 *    signature) and then `getPayment`, whose status is the truth: the body is never trusted;
 *  - `listMandates` / a `recurring` `createPayment` for subscriptions, charged without the shopper;
 *  - `refundPayment` for a charge the order cannot keep (part or all of what is left of it), with an
 *    idempotency key as well, so a retried call never refunds twice;
 *  - `listPayments`, newest first a page at a time, to find a charge made just before a crash by the
 *    `attempt` it carries in its metadata.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { ChannelCode, Language } from '../../../lib/channels.ts';
import { fromMollieAmount, mollieLocale, toMollieAmount } from './amounts.ts';

type PaymentMethod = 'creditcard' | 'paypal' | 'banktransfer' | 'bancontact';
type ProviderStatus = 'open' | 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired';

export interface ProviderPayment {
  id: string;
  status: ProviderStatus;
  method: PaymentMethod | null;
  amountMinor: number;
  /** Where to send the shopper (3-D Secure, PayPal or Bancontact approval, transfer instructions) while open. */
  checkoutUrl?: string;
  /** A refused payment: Mollie's reason, the bank's response code (51, 05, 54…) and the message for the shopper. */
  failure?: { reason: string; code?: string; message: string };
  /** Never the number: the brand, the last four digits and the expiry (YYYY-MM-DD, last day of the month). */
  card?: { brand: string; last4: string; expiry?: string };
  /** The mandate made by a paid `first` payment, or charged by a `recurring` one. */
  mandateId?: string;
  customerId?: string;
  bankTransfer?: { bankName: string; iban: string; bic: string; reference: string };
  /** The order number given at creation. */
  orderNumber?: string;
  /** The attempt given at creation. */
  attempt?: string;
  /** When the provider made it (ISO 8601, UTC). */
  createdAt: string;
  /** The sum refunded so far, in minor units: 0 without refunds. */
  amountRefundedMinor: number;
}

export interface CreatePaymentInput {
  orderNumber: string;
  /** The shop's attempt at paying the order, kept in the payment's metadata to find the payment again. */
  attempt?: string;
  /** In minor units (cents), above zero: a free order needs no payment. */
  amountMinor: number;
  method: PaymentMethod;
  /** The shopper's language and the site's channel, for the provider's pages and messages. */
  language: Language;
  channel: ChannelCode;
  /** Where the shopper comes back after a hosted page. */
  redirectUrl: string;
  webhookUrl?: string;
  /** Defaults to "Commande <number>" / "Bestelling <number>". */
  description?: string;
  /** The card form's single-use token (creditcard, oneoff or first). */
  cardToken?: string;
  customerId?: string;
  /** oneoff (default); first keeps a mandate of the card; recurring charges a mandate without the shopper. */
  sequenceType?: 'oneoff' | 'first' | 'recurring';
  mandateId?: string;
  /** The same key and input give the same payment, never a second charge. */
  idempotencyKey: string;
}

interface Mandate {
  id: string;
  status: 'valid' | 'pending' | 'invalid';
  card?: { brand: string; last4: string; expiry?: string };
}

/** The provider refused a call: its HTTP status, the field at fault and its explanation (English, for logs). */
export class PaymentProviderError extends Error {
  readonly status: number | undefined;
  readonly field: string | undefined;
  constructor(message: string, status?: number, field?: string) {
    super(message);
    this.name = 'PaymentProviderError';
    this.status = status;
    this.field = field;
  }
}

const cardDetails = z
  .object({
    cardLabel: z.string().nullish(),
    cardNumber: z.string().nullish(),
    cardExpiryDate: z.string().nullish(),
    failureReason: z.string().nullish(),
    failureMessage: z.string().nullish(),
    bankReasonCode: z.string().nullish(),
    bankName: z.string().nullish(),
    bankAccount: z.string().nullish(),
    bankBic: z.string().nullish(),
    transferReference: z.string().nullish(),
  })
  .passthrough();

const molliePayment = z.object({
  id: z.string().regex(/^tr_\w+$/),
  status: z.enum(['open', 'pending', 'authorized', 'paid', 'failed', 'canceled', 'expired']),
  method: z.string().nullish(),
  amount: z.object({ value: z.string(), currency: z.literal('EUR') }),
  amountRefunded: z.object({ value: z.string(), currency: z.literal('EUR') }).nullish(),
  createdAt: z.iso.datetime({ offset: true }),
  details: cardDetails.nullish(),
  metadata: z.unknown().nullish(),
  mandateId: z.string().nullish(),
  customerId: z.string().nullish(),
  _links: z.object({ checkout: z.object({ href: z.string().url() }).nullish() }).passthrough(),
});

const mollieMandate = z.object({
  id: z.string().regex(/^mdt_\w+$/),
  status: z.enum(['valid', 'pending', 'invalid']),
  details: cardDetails.nullish(),
});

const methods = new Set<string>(['creditcard', 'paypal', 'banktransfer', 'bancontact']);

const cardOf = (details: z.infer<typeof cardDetails> | null | undefined) =>
  details?.cardLabel && details.cardNumber
    ? { brand: details.cardLabel, last4: details.cardNumber, ...(details.cardExpiryDate ? { expiry: details.cardExpiryDate } : {}) }
    : undefined;

/** What the shop put in a payment's metadata; anything else there (another writer, another shape) is left out. */
const shopMetadata = z
  .object({ orderNumber: z.string().optional().catch(undefined), attempt: z.string().optional().catch(undefined) })
  .catch({});

function toProviderPayment(raw: unknown): ProviderPayment {
  const payment = molliePayment.parse(raw);
  const details = payment.details;
  const metadata = shopMetadata.parse(payment.metadata);
  return {
    id: payment.id,
    status: payment.status,
    method: payment.method && methods.has(payment.method) ? (payment.method as PaymentMethod) : null,
    amountMinor: fromMollieAmount(payment.amount.value),
    // Mollie writes +00:00 and no milliseconds; the shop gets one form of instant, whatever the provider writes.
    createdAt: new Date(payment.createdAt).toISOString(),
    amountRefundedMinor: payment.amountRefunded ? fromMollieAmount(payment.amountRefunded.value) : 0,
    ...(payment.status === 'open' && payment._links.checkout ? { checkoutUrl: payment._links.checkout.href } : {}),
    ...(payment.status === 'failed' && details?.failureReason
      ? {
          failure: {
            reason: details.failureReason,
            message: details.failureMessage ?? details.failureReason,
            ...(details.bankReasonCode ? { code: details.bankReasonCode } : {}),
          },
        }
      : {}),
    ...(cardOf(details) && payment.method === 'creditcard' ? { card: cardOf(details) } : {}),
    ...(payment.mandateId ? { mandateId: payment.mandateId } : {}),
    ...(payment.customerId ? { customerId: payment.customerId } : {}),
    ...(details?.transferReference && details.bankAccount
      ? {
          bankTransfer: {
            bankName: details.bankName ?? '',
            iban: details.bankAccount,
            bic: details.bankBic ?? '',
            reference: details.transferReference,
          },
        }
      : {}),
    ...(metadata.orderNumber === undefined ? {} : { orderNumber: metadata.orderNumber }),
    ...(metadata.attempt === undefined ? {} : { attempt: metadata.attempt }),
  };
}

const mollieRefund = z.object({
  id: z.string().regex(/^re_\w+$/),
  status: z.string(),
  amount: z.object({ value: z.string(), currency: z.literal('EUR') }),
});

/** A page of Mollie's list of payments: the payments, and the next page's address (null on the last page). */
const molliePaymentList = z.object({
  _embedded: z.object({ payments: z.array(z.unknown()) }),
  _links: z.object({ next: z.object({ href: z.string().url() }).nullish() }).passthrough(),
});

const mollieErrorBody = z.object({
  status: z.number().optional(),
  detail: z.string().optional(),
  title: z.string().optional(),
  field: z.string().optional(),
});

/** Mollie's errors become PaymentProviderError; anything else (network, bad answer) as well, without a status. */
async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof PaymentProviderError) throw error;
    if (error instanceof z.ZodError)
      throw new PaymentProviderError(`Unexpected answer of the payment provider: ${error.issues[0]?.message}`);
    throw new PaymentProviderError((error as Error).message);
  }
}

/** How long one call to the provider may take: a checkout must not hang on it. */
const CALL_TIMEOUT_MS = 15_000;
const MOLLIE_API = 'https://api.mollie.com/v2/';

const webhookBody = z.object({ id: z.string().regex(/^tr_\w+$/) });

export interface PaymentProviderConfig {
  apiKey: string;
  /** Mollie's API root; unset means Mollie itself. */
  apiUrl?: string;
  /** When set, every webhook must carry a valid X-Mollie-Signature. */
  webhookSecret?: string;
}

export interface PaymentProvider {
  createPayment(input: CreatePaymentInput): Promise<ProviderPayment>;
  getPayment(id: string): Promise<ProviderPayment>;
  /** Cancels an open payment (the shopper chose another method); refused once it moved on. */
  cancelPayment(id: string): Promise<ProviderPayment>;
  createCustomer(input: {
    name: string;
    email: string;
    language: Language;
    channel: ChannelCode;
    shopCustomerId: number;
  }): Promise<{ id: string }>;
  listMandates(customerId: string): Promise<Mandate[]>;
  /** Refunds part or all of what is left of a paid payment; the same key and input give the same refund. */
  refundPayment(
    id: string,
    input: { amountMinor: number; description: string; idempotencyKey: string },
  ): Promise<{ id: string; status: string; amountMinor: number }>;
  /** Payments newest first, `limit` (1–250, 50 by default) from the payment `from`; `next` is the next page's `from`, or null. */
  listPayments(page: { from?: string; limit?: number }): Promise<{ payments: ProviderPayment[]; next: string | null }>;
  /** True when the signature header is the HMAC-SHA256 of the raw body with the shared secret (always true without a secret). */
  verifyWebhookSignature(rawBody: string, signatureHeader: string | undefined): boolean;
  /** The payment id of a webhook call, or null when its signature or body is wrong: then answer 401/400 and fetch nothing. */
  paymentIdFromWebhook(rawBody: string, signatureHeader: string | undefined): string | null;
}

export function paymentProvider(config: PaymentProviderConfig): PaymentProvider {
  const root = (config.apiUrl ?? MOLLIE_API).replace(/\/?$/, '/');
  /** One call of Mollie's API: JSON in, HAL JSON out, Mollie's error body turned into a PaymentProviderError. */
  const request = async (method: 'GET' | 'POST' | 'DELETE', path: string, body?: object, idempotencyKey?: string): Promise<unknown> => {
    const response = await fetch(new URL(path, root), {
      method,
      headers: {
        Authorization: `Bearer ${config.apiKey}`,
        Accept: 'application/hal+json',
        'User-Agent': 'MaisonGamelle/1.0',
        ...(body ? { 'Content-Type': 'application/json' } : {}),
        ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new PaymentProviderError(`Unexpected answer of the payment provider (HTTP ${response.status})`, response.status);
    }
    if (!response.ok) {
      const error = mollieErrorBody.safeParse(json);
      throw new PaymentProviderError(
        error.success ? (error.data.detail ?? error.data.title ?? `HTTP ${response.status}`) : `HTTP ${response.status}`,
        response.status,
        error.success ? error.data.field : undefined,
      );
    }
    return json;
  };

  const verifyWebhookSignature = (rawBody: string, signatureHeader: string | undefined) => {
    if (!config.webhookSecret) return true;
    const expected = Buffer.from(`sha256=${createHmac('sha256', config.webhookSecret).update(rawBody).digest('hex')}`);
    const given = Buffer.from(signatureHeader ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  return {
    createPayment: (input) =>
      call(async () => {
        if (!Number.isInteger(input.amountMinor) || input.amountMinor <= 0)
          throw new PaymentProviderError('The amount must be a positive number of cents');
        const description = input.description ?? `${input.language === 'nl' ? 'Bestelling' : 'Commande'} ${input.orderNumber}`;
        const payment = await request(
          'POST',
          'payments',
          {
            amount: { currency: 'EUR', value: toMollieAmount(input.amountMinor) },
            description,
            // A recurring charge happens without the shopper: Mollie takes no redirect for it.
            ...(input.sequenceType === 'recurring' ? {} : { redirectUrl: input.redirectUrl }),
            ...(input.webhookUrl ? { webhookUrl: input.webhookUrl } : {}),
            method: input.method,
            metadata: { orderNumber: input.orderNumber, ...(input.attempt === undefined ? {} : { attempt: input.attempt }) },
            locale: mollieLocale(input.language, input.channel),
            ...(input.customerId ? { customerId: input.customerId } : {}),
            ...(input.sequenceType ? { sequenceType: input.sequenceType } : {}),
            ...(input.mandateId ? { mandateId: input.mandateId } : {}),
            ...(input.cardToken ? { cardToken: input.cardToken } : {}),
          },
          input.idempotencyKey,
        );
        return toProviderPayment(payment);
      }),
    getPayment: (id) => call(async () => toProviderPayment(await request('GET', `payments/${encodeURIComponent(id)}`))),
    cancelPayment: (id) => call(async () => toProviderPayment(await request('DELETE', `payments/${encodeURIComponent(id)}`))),
    createCustomer: (input) =>
      call(async () => {
        const customer = await request('POST', 'customers', {
          name: input.name,
          email: input.email,
          locale: mollieLocale(input.language, input.channel),
          metadata: { shopCustomerId: input.shopCustomerId },
        });
        return { id: z.object({ id: z.string().regex(/^cst_\w+$/) }).parse(customer).id };
      }),
    listMandates: (customerId) =>
      call(async () => {
        const list = z
          .object({ _embedded: z.object({ mandates: z.array(z.unknown()) }) })
          .parse(await request('GET', `customers/${encodeURIComponent(customerId)}/mandates?limit=250`));
        return list._embedded.mandates.map((raw) => {
          const mandate = mollieMandate.parse(raw);
          const card = cardOf(mandate.details);
          return { id: mandate.id, status: mandate.status, ...(card ? { card } : {}) };
        });
      }),
    refundPayment: (id, input) =>
      call(async () => {
        if (!Number.isInteger(input.amountMinor) || input.amountMinor <= 0)
          throw new PaymentProviderError('The amount to refund must be a positive number of cents');
        const refund = mollieRefund.parse(
          await request(
            'POST',
            `payments/${encodeURIComponent(id)}/refunds`,
            { amount: { currency: 'EUR', value: toMollieAmount(input.amountMinor) }, description: input.description },
            input.idempotencyKey,
          ),
        );
        return { id: refund.id, status: refund.status, amountMinor: fromMollieAmount(refund.amount.value) };
      }),
    listPayments: (page) =>
      call(async () => {
        const query = new URLSearchParams({
          ...(page.from ? { from: page.from } : {}),
          ...(page.limit === undefined ? {} : { limit: String(page.limit) }),
        });
        const list = molliePaymentList.parse(await request('GET', `payments${query.size ? `?${query}` : ''}`));
        // Mollie pages with cursors: the next page is the list again from its first payment.
        const next = list._links.next ? new URL(list._links.next.href).searchParams.get('from') : null;
        if (list._links.next && !next)
          throw new PaymentProviderError('Unexpected answer of the payment provider: a next page without `from`');
        return { payments: list._embedded.payments.map(toProviderPayment), next };
      }),
    verifyWebhookSignature,
    paymentIdFromWebhook(rawBody, signatureHeader) {
      if (!verifyWebhookSignature(rawBody, signatureHeader)) return null;
      const parsed = webhookBody.safeParse(Object.fromEntries(new URLSearchParams(rawBody)));
      return parsed.success ? parsed.data.id : null;
    },
  };
}
