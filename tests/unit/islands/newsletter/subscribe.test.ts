/** The newsletter sign-up call shared by the footer and NewsletterForm: what each answer becomes for the shopper. */
import { describe, expect, it } from 'vitest';
import { NEWSLETTER_PATH, subscribeToNewsletter } from '../../../../src/islands/shared/newsletter/subscribe.ts';
import { SHOP_API_PREFIX } from '../../../../src/lib/shop-api/iri.ts';
import { newsletterRequest } from '../../../../src/lib/shop-api/requests/newsletter.ts';

type Call = { url: string; init: RequestInit };
const answering = (status: number, body: unknown, calls: Call[] = []) =>
  (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(body === undefined ? null : JSON.stringify(body), { status });
  }) as unknown as typeof fetch;
const request = { apiUrl: 'https://api.example.test/', locale: 'nl_BE' as const, email: ' anne@example.com ', source: 'footer' as const };

describe('subscribeToNewsletter', () => {
  it('posts the trimmed e-mail with the page’s locale to the shop API’s path', async () => {
    expect(NEWSLETTER_PATH).toBe(`${SHOP_API_PREFIX}/newsletter-subscriptions`);
    const calls: Call[] = [];
    expect(await subscribeToNewsletter({ ...request, fetch: answering(202, { confirmed: false }, calls) })).toEqual({
      status: 'sent',
      email: 'anne@example.com',
    });
    expect(calls[0]!.url).toBe('https://api.example.test/api/v2/shop/newsletter-subscriptions?locale=nl_BE');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ email: 'anne@example.com', localeCode: 'nl_BE', source: 'footer' });
  });

  it('asks for an e-mail without calling when the field is blank', async () => {
    const calls: Call[] = [];
    expect(await subscribeToNewsletter({ ...request, email: '   ', fetch: answering(202, {}, calls) })).toEqual({
      status: 'invalid',
      error: 'required',
    });
    expect(calls).toHaveLength(0);
  });

  it('refuses in the page, without calling, exactly the e-mails the platform’s request schema refuses', async () => {
    const typed = [
      'jean@',
      'jean.dupont@exemple',
      'pas-un-email',
      '@exemple.be',
      'jean@@exemple.be',
      'jean..dupont@exemple.be',
      'jean@exemple.be',
      'j.dupont+chien@exemple.co.uk',
    ];
    for (const email of typed) {
      const calls: Call[] = [];
      const outcome = await subscribeToNewsletter({ ...request, email, fetch: answering(202, {}, calls) });
      const accepted = newsletterRequest.safeParse({ email, localeCode: 'nl_BE', source: 'footer' }).success;
      expect(outcome, email).toEqual(accepted ? { status: 'sent', email } : { status: 'invalid', error: 'email' });
      expect(calls, email).toHaveLength(accepted ? 1 : 0);
    }
  });

  it('reads the platform’s refusals: the e-mail’s rule, a rate limit’s own words, anything else generic', async () => {
    const violations = (code: string) => ({ violations: [{ propertyPath: 'email', code, message: '…' }] });
    expect(await subscribeToNewsletter({ ...request, fetch: answering(422, violations('INVALID_EMAIL')) })).toEqual({
      status: 'invalid',
      error: 'email',
    });
    expect(await subscribeToNewsletter({ ...request, fetch: answering(422, violations('NOT_BLANK')) })).toEqual({
      status: 'invalid',
      error: 'required',
    });
    expect(await subscribeToNewsletter({ ...request, fetch: answering(429, { 'hydra:description': 'Probeer het later.' }) })).toEqual({
      status: 'failed',
      message: 'Probeer het later.',
    });
    expect(await subscribeToNewsletter({ ...request, fetch: answering(500, 'oops') })).toEqual({ status: 'failed', message: null });
    expect(await subscribeToNewsletter({ ...request, fetch: answering(422, { violations: [] }) })).toEqual({
      status: 'failed',
      message: null,
    });
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(await subscribeToNewsletter({ ...request, fetch: offline })).toEqual({ status: 'failed', message: null });
  });
});
