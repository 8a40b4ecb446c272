/**
 * Writes every opening tag of the page (OpeningTag.astro) from the visitor's clock, then again as each
 * minute starts, since a tag can count minutes down. One module and one timer serve all the tags, so a
 * shop list costs the same script as a single shop.
 *
 * The tags' texts come with the markup (data-texts, the page's language only): importing the messages,
 * even the shop messages alone, would ship both languages' texts with every page of shops.
 *
 * The schedule is not checked again here: the attributes are the build's own output, from shops checked
 * where they enter it (the content service's wire schemas), and the page names this script by a hashed file
 * of the same build, so it never reads another build's markup. A second check here cost 211 B of gzip and
 * kept the shop pages over their 15 KB budget. A tag whose data cannot be read or worked out keeps its
 * no-script fallback (the try blocks), and one such tag does not stop the others.
 */
import { openingTag, openingTagText, shopMessagesTranslator, tagTone, type Schedule } from '../../lib/shops/opening-tags.ts';
import type { MessageTree, Translator } from '../../lib/translator.ts';
import type { Language } from '../../lib/channels.ts';

interface Tag {
  element: HTMLElement;
  schedule: Schedule;
  /** Over the tag's texts, in the page's language (`t.language`). */
  t: Translator;
}

/** The page's tags, read once. */
const tags = [...document.querySelectorAll<HTMLElement>('[data-opening-tag]')].flatMap((element): Tag[] => {
  try {
    const schedule = JSON.parse(element.dataset.schedule ?? '') as Schedule;
    const texts = JSON.parse(element.dataset.texts ?? '') as MessageTree;
    const language: Language = element.dataset.lang === 'nl' ? 'nl' : 'fr';
    return [{ element, schedule, t: shopMessagesTranslator({ tags: texts }, language) }];
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

function render({ element, schedule, t }: Tag, now: Date): void {
  const tag = openingTag(schedule, now, element.dataset.timeZone || undefined);
  const text = openingTagText(tag, t, t.language);
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
  for (const tag of tags) {
    try {
      render(tag, now);
    } catch {
      // Left as it was: hidden, or its link to the hours.
    }
  }
  clearTimeout(timer);
  // Shortly after the next minute starts: opening and closing times fall on whole minutes.
  timer = setTimeout(refresh, 60_000 - (now.getTime() % 60_000) + 250);
}

// Background tabs throttle timers, and a laptop may wake hours later: catch up when seen again.
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') refresh();
});
refresh();
