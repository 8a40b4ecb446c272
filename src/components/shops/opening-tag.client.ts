/**
 * Writes every opening tag of the page (OpeningTag.astro) from the visitor's clock, then again as each
 * minute starts, since a tag can count minutes down. One module and one timer serve all the tags, so a
 * shop list costs the same script as a single shop.
 *
 * Only the shop messages are imported: src/i18n/translate.ts would bring every message of the site.
 */
import { isSchedule, openingTag, openingTagText, shopMessagesTranslator, tagTone, type Schedule } from '../../lib/shops/opening-tags.ts';
import type { Translator } from '../../i18n/core.ts';
import type { Language } from '../../lib/channels.ts';
import fr from '../../i18n/messages/fr/shops.ts';
import nl from '../../i18n/messages/nl/shops.ts';

const translators: Record<Language, Translator> = {
  fr: shopMessagesTranslator(fr, 'fr'),
  nl: shopMessagesTranslator(nl, 'nl'),
};

const schedules = new WeakMap<HTMLElement, Schedule | null>();

function scheduleOf(element: HTMLElement): Schedule | null {
  const known = schedules.get(element);
  if (known !== undefined) return known;
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(element.dataset.schedule ?? '');
  } catch {
    parsed = null;
  }
  const schedule = isSchedule(parsed) ? parsed : null;
  schedules.set(element, schedule);
  return schedule;
}

function render(element: HTMLElement, now: Date): void {
  const schedule = scheduleOf(element);
  // A tag that cannot be read keeps its no-script fallback rather than saying something wrong.
  if (!schedule) return;
  const language: Language = element.dataset.lang === 'nl' ? 'nl' : 'fr';
  const tag = openingTag(schedule, now, element.dataset.timeZone || undefined);
  const text = openingTagText(tag, translators[language], language);
  const rendered = `${text.special ?? ''}\n${text.state}`;
  if (element.dataset.rendered === rendered) return;

  const parts: Node[] = [];
  if (text.special) {
    const special = document.createElement('span');
    special.className = 'opening-tag__special';
    special.textContent = text.special;
    parts.push(special, document.createTextNode(' '));
  }
  const state = document.createElement('span');
  state.className = 'opening-tag__state';
  state.textContent = text.state;
  parts.push(state);

  element.replaceChildren(...parts);
  element.dataset.rendered = rendered;
  element.dataset.tone = tagTone(tag);
  if (tag.special) element.dataset.special = tag.special;
  else delete element.dataset.special;
  element.hidden = false;
}

let timer: ReturnType<typeof setTimeout> | undefined;

function refresh(): void {
  const now = new Date();
  for (const element of document.querySelectorAll<HTMLElement>('[data-opening-tag]')) render(element, now);
  clearTimeout(timer);
  // Shortly after the next minute starts: opening and closing times fall on whole minutes.
  timer = setTimeout(refresh, 60_000 - (now.getTime() % 60_000) + 250);
}

// Background tabs throttle timers, and a laptop may wake hours later: catch up when seen again.
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') refresh();
});
// Pages swapped in by Astro's client router, should the site ever use it.
document.addEventListener('astro:page-load', refresh);
refresh();
