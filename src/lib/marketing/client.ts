/**
 * The sites' client of the marketing-event service (wire.ts): events are posted to the service's root with
 * the shopper's credentials and the locale in the query; the answer is validated, and anything else (the
 * service down, a malformed answer) counts as no action: marketing never stands in the shopper's way.
 * Reports go through campaignReporter (reports.ts): once per campaign and tracked event, failures logged.
 */
import type { LocaleCode } from '../channels.ts';
import { eventAnswer, type EventAnswer, type EventRequest } from './wire.ts';

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

export function marketingClient(root: string, appName: string, fetcher: Fetch = (input, init) => fetch(input, init)) {
  const base = root.replace(/\/+$/, '');
  const post = (path: string, locale: LocaleCode | null, body: unknown) =>
    fetcher(`${base}${path}${locale ? `?locale=${encodeURIComponent(locale)}` : ''}`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
  return {
    async track(locale: LocaleCode, event: Omit<EventRequest, 'app_name'>): Promise<EventAnswer> {
      try {
        const response = await post('', locale, { ...event, app_name: appName });
        if (!response.ok) return {};
        const parsed = eventAnswer.safeParse(await response.json());
        return parsed.success ? parsed.data : {};
      } catch {
        return {};
      }
    },
    /** Throws on failure: campaignReporter logs and ignores it. */
    async report(campaign: string): Promise<void> {
      const response = await post(`/report/${encodeURIComponent(campaign)}`, null, { app_name: appName });
      if (!response.ok) throw new Error(`Marketing report answered ${response.status}`);
    },
  };
}
