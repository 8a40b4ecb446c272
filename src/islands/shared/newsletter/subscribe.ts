/**
 * The newsletter sign-up call, without a framework and without the shop client: the footer's form (a plain
 * script on every page, src/layouts/parts/Footer.astro) and NewsletterForm (React, for the exit-intent
 * offer and the newsletter page) share it, so the footer costs no React and no schema library.
 *
 * The e-mail is checked here with the platform's own rule (lib/shop-api/requests/email.ts, without zod): an
 * address it would refuse is never sent (a 422 would be logged in the page's console). Should it refuse one
 * all the same, its 422 names the rule broken; a rate limit's 429 says, in the page's language, when to try
 * again; anything else, an unreachable server included, is SPEC's "Une erreur s'est produite".
 */
import type { LocaleCode } from '../../../lib/channels.ts';
import { SHOP_API_PREFIX } from '../../../lib/shop-api/iri.ts';
import { isEmailAddress } from '../../../lib/shop-api/requests/email.ts';

/** Where the sign-up goes (lib/shop-api/iri.ts, like requests/email.ts, brings no zod). */
export const NEWSLETTER_PATH = `${SHOP_API_PREFIX}/newsletter-subscriptions`;

export type SubscribeOutcome =
  | { status: 'sent'; email: string }
  /** The e-mail is missing or is not one: `required` or `email`, the message keys of `newsletter.errors`. */
  | { status: 'invalid'; error: 'required' | 'email' }
  /** `message`: the server's own text for the shopper (a rate limit), else null for the generic one. */
  | { status: 'failed'; message: string | null };

export interface SubscribeRequest {
  apiUrl: string;
  locale: LocaleCode;
  email: string;
  source: 'footer' | 'popup' | 'page';
  fetch?: typeof fetch;
}

const descriptionOf = (body: unknown): string | null => {
  const text = body && typeof body === 'object' ? (body as Record<string, unknown>)['hydra:description'] : null;
  return typeof text === 'string' && text.trim() ? text : null;
};
const violationCodesOf = (body: unknown): string[] => {
  const list = body && typeof body === 'object' ? (body as Record<string, unknown>).violations : null;
  return Array.isArray(list) ? list.map((v) => String((v as Record<string, unknown>)?.code ?? '')) : [];
};

export async function subscribeToNewsletter(request: SubscribeRequest): Promise<SubscribeOutcome> {
  const email = request.email.trim();
  if (!email) return { status: 'invalid', error: 'required' };
  if (!isEmailAddress(email)) return { status: 'invalid', error: 'email' };
  const doFetch = request.fetch ?? fetch;
  let response: Response;
  try {
    response = await doFetch(`${request.apiUrl.replace(/\/$/, '')}${NEWSLETTER_PATH}?locale=${request.locale}`, {
      method: 'POST',
      headers: { Accept: 'application/ld+json', 'Content-Type': 'application/ld+json' },
      body: JSON.stringify({ email, localeCode: request.locale, source: request.source }),
    });
  } catch {
    return { status: 'failed', message: null };
  }
  if (response.ok) return { status: 'sent', email };
  const body: unknown = await response.json().catch(() => null);
  if (response.status === 422) {
    const codes = violationCodesOf(body);
    if (codes.includes('NOT_BLANK')) return { status: 'invalid', error: 'required' };
    if (codes.length > 0) return { status: 'invalid', error: 'email' };
  }
  return { status: 'failed', message: response.status === 429 ? descriptionOf(body) : null };
}
