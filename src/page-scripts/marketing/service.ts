/**
 * The marketing-event service, loaded only once the shopper consented to marketing (a dynamic import from
 * page-scripts/marketing.ts: the service's client and its schemas weigh nothing on a page without consent).
 *
 * Every event carries the shopper's A/B segments; an answer's abtest keeps the test's segment (the first
 * assignment stays, store/marketing.ts) and marks it on <html data-ab-{test}="{segment}"> for CSS and the
 * islands; abtest and page_view_done are reported at once, the campaigns the page shows (a top header, a
 * popup) when shown. Each campaign is reported once per tracked event, failures logged and ignored.
 */
import { PUBLIC_MARKETING_API_URL } from 'astro:env/client';
import { channelOf, type LocaleCode } from '../../lib/channels.ts';
import { assignedSegment, type Segments } from '../../lib/marketing/abtests.ts';
import { marketingClient } from '../../lib/marketing/client.ts';
import { campaignReporter } from '../../lib/marketing/reports.ts';
import type { EventAnswer, EventRequest } from '../../lib/marketing/wire.ts';
import { createMarketingStore } from '../../stores/marketing.ts';
import { abAttributeOf } from './rules.ts';

export interface TrackedEvent {
  answer: EventAnswer;
  /** Reports a campaign the page showed for this event (once; a failure is logged and ignored). */
  report: (campaign: string) => Promise<boolean>;
}

function markSegments(segments: Segments) {
  for (const [test, segment] of Object.entries(segments)) {
    const attribute = abAttributeOf(test);
    if (attribute) document.documentElement.setAttribute(attribute, segment);
  }
}

export function consentedMarketing(locale: LocaleCode) {
  const store = createMarketingStore();
  markSegments(store.$segments.get());
  // The app each site's reports are counted under: site-fr, site-be.
  const client = marketingClient(PUBLIC_MARKETING_API_URL, `site-${channelOf(locale).code.toLowerCase()}`);
  const reporter = campaignReporter((campaign) => client.report(campaign));
  let events = 0;

  return async function track(
    event: EventRequest['event'],
    fields: Omit<EventRequest, 'event' | 'app_name' | 'abtests'>,
  ): Promise<TrackedEvent> {
    const id = `${event}#${++events}`;
    const answer = await client.track(locale, { event, abtests: store.$segments.get(), ...fields });
    const report = (campaign: string) => reporter(id, campaign);
    const test = answer.abtest;
    if (test?.test) {
      const segment = assignedSegment(test.test, test);
      // A test the service does not configure shows the control without keeping it: a later answer may assign it.
      markSegments(segment === test.segment ? store.keepSegment(test.test, segment) : { ...store.$segments.get(), [test.test]: segment });
      void report(test.campaign);
    }
    if (answer.page_view_done) void report(answer.page_view_done.campaign);
    return { answer, report };
  };
}
