/** What every component test of an island needs: its props as a page passes them, its texts, a shop API and a session. */
import { act, fireEvent, waitFor, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { messagesFor, translator } from '../../../src/i18n/translate.ts';
import type { Translator } from '../../../src/lib/translator.ts';
import { languageOf, type LocaleCode } from '../../../src/lib/channels.ts';
import { STORAGE_KEYS } from '../../../src/lib/constants.ts';
import { fakeShopApi, type FakeShopApi } from './shop-api.ts';

/** The message sections the pages give their islands (src/components/views/IslandShell.astro). */
const SECTIONS = ['account', 'cart', 'forms', 'generic', 'islands', 'site', 'catalogue'] as const;

/** The props a page gives an island in `locale`, and the translator its texts are checked with. */
export function islandIn(locale: LocaleCode) {
  return { props: { locale, messages: messagesFor(languageOf(locale), SECTIONS) }, t: translator(languageOf(locale)) };
}

/** A fake shop API on `fetch` for this file's tests. */
export function shopApiOnFetch() {
  const api = fakeShopApi();
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

/** A token the session can read (its claims: expiry, e-mail, login session); the fake API never checks its signature. */
export function fakeToken(email: string, customer: string, expiresIn = 3600): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ exp: now + expiresIn, iat: now, username: email, customer, sid: 'session-1' })}.signature`;
}

/** The page's navigations (location.replace and assign), recorded instead of leaving the test's document. */
export function recordNavigations(): string[] {
  const to: string[] = [];
  vi.spyOn(window.location, 'replace').mockImplementation((url) => void to.push(String(url)));
  vi.spyOn(window.location, 'assign').mockImplementation((url) => void to.push(String(url)));
  return to;
}

/** A form's submission as Enter in one of its fields makes it (the browser's implicit submission). */
export const pressEnterIn = (field: HTMLElement) => fireEvent.submit(field.closest('form')!);

/** The form-level alert of the form holding `element`. */
const formAlert = (element: HTMLElement) => within(element.closest('form')!).getByRole('alert');

/** A customer signed in before the page loads: the session where the site keeps it (call before the first render). */
export function signedIn(answer: { token: string; refresh_token: string; customer: string }): void {
  localStorage.setItem(STORAGE_KEYS.refreshToken, answer.refresh_token);
  localStorage.setItem(STORAGE_KEYS.customerUri, answer.customer);
  localStorage.setItem(STORAGE_KEYS.token, answer.token);
}

/**
 * The three ways the shop API fails a form's call, in turn: unreachable, then a 500, each said in the form's
 * alert in the shopper's language with what was typed kept (`kept` checks it); then a slow answer, held while
 * the submit button is disabled and busy and Enter is pressed in `field`, then let through. The caller
 * checks what the success did, and that the API got three calls (one per submission, none for the Enter).
 */
export async function walkFailures({
  api,
  method,
  path,
  submit,
  field,
  kept,
  t,
}: {
  api: FakeShopApi;
  method: string;
  path: RegExp;
  submit: HTMLElement;
  field: HTMLElement;
  kept: () => void;
  t: Translator;
}): Promise<void> {
  for (const [fail, message] of [
    [api.unreachable, 'forms.errors.network'],
    [api.serverError, 'forms.errors.generic'],
  ] as const) {
    fail(method, path);
    fireEvent.click(submit);
    await waitFor(() => expect(formAlert(submit).textContent).toBe(t(message)));
    kept();
    api.heal();
  }
  const held = api.hold(method, path);
  fireEvent.click(submit);
  await held.arrived;
  await waitFor(() => expect(submit).toHaveProperty('disabled', true));
  expect(submit.getAttribute('aria-busy')).toBe('true');
  pressEnterIn(field);
  await act(async () => held.release());
}
