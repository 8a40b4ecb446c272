/** What every view of the dispatcher starts from. */
import { translator } from '../i18n/translate.ts';
import { languageOf, type LocaleCode } from '../lib/channels.ts';
import { contentOf } from './content.ts';
import type { PageRef } from './pages.ts';

/** The props the dispatcher gives each view: the page and its locale. */
export interface ViewProps {
  pageRef: PageRef;
  locale: LocaleCode;
}

/** A view's language, translator and its locale's content index. */
export async function viewContext(locale: LocaleCode) {
  const language = languageOf(locale);
  return { language, t: translator(language), content: await contentOf(locale) };
}
