/**
 * Writes every opening tag of the page (OpeningTag.astro) from the visitor's clock, then again as each
 * minute starts, since a tag can count minutes down. One module and one timer serve all the tags, so a
 * shop list costs the same script as a single shop.
 *
 * The tags' texts come with the markup (data-texts, the page's language only): importing the messages,
 * even the shop messages alone, would ship both languages' texts with every page of shops.
 */
import { isSchedule, openingTag, openingTagText, shopMessagesTranslator, tagTone, type Schedule } from '../../lib/shops/opening-tags.ts';
import type { MessageTree, Translator } from '../../i18n/core.ts';
import type { Language } from '../../lib/channels.ts';

interface Tag {
  element: HTMLElement;
  schedule: Schedule;
  language: Language;
  t: Translator;
}

/** The page's tags, read once; a tag that cannot be read keeps its no-script fallback rather than saying something wrong. */
const tags = [...document.querySelectorAll<HTMLElement>('[data-opening-tag]')].flatMap((element): Tag[] => {
  try {
    const schedule: unknown = JSON.parse(element.dataset.schedule ?? '');
    const texts: unknown = JSON.parse(element.dataset.texts ?? '');
    const language: Language = element.dataset.lang === 'nl' ? 'nl' : 'fr';
    return isSchedule(schedule) && texts && typeof texts === 'object'
      ? [{ element, schedule, language, t: shopMessagesTranslator({ tags: texts as MessageTree }, language) }]
      : [];
  } catch {
    return [];
  }
});

const span = (className: string, text: string): HTMLSpanElement => {
  const element = document.createElement('span');
  element.className = className;
  element.textContent = text;
  return element;
};

function render({ element, schedule, language, t }: Tag, now: Date): void {
  const tag = openingTag(schedule, now, element.dataset.timeZone || undefined);
  const text = openingTagText(tag, t, language);
  const rendered = `${text.special ?? ''}\n${text.state}`;
  if (element.dataset.rendered === rendered) return;
  const state = span('opening-tag__state', text.state);
  if (text.special) element.replaceChildren(span('opening-tag__special', text.special), ' ', state);
  else element.replaceChildren(state);
  element.dataset.rendered = rendered;
  element.dataset.tone = tagTone(tag);
  if (tag.special) element.dataset.special = tag.special;
  else delete element.dataset.special;
  element.hidden = false;
}

let timer: ReturnType<typeof setTimeout> | undefined;

function refresh(): void {
  const now = new Date();
  for (const tag of tags) render(tag, now);
  clearTimeout(timer);
  // Shortly after the next minute starts: opening and closing times fall on whole minutes.
  timer = setTimeout(refresh, 60_000 - (now.getTime() % 60_000) + 250);
}

// Background tabs throttle timers, and a laptop may wake hours later: catch up when seen again.
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') refresh();
});
refresh();
