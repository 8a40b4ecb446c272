/**
 * The marketing popups, one React island mounted by the marketing page script (src/page-scripts/marketing.ts)
 * only when a popup must show: a page where none shows never loads React for it. Types: the marketing
 * service's country wall, language wall and markdown modal, and the exit-intent offer (SPEC §9: 5 € off
 * the first order for a newsletter sign-up, with the shared NewsletterForm).
 *
 * A real dialog: a native modal <dialog> (the rest of the page inert, drawn in the top layer, so nothing on
 * the page moves), labelled by its title, Tab kept inside, Escape and the close button close it, and the
 * focus goes back where it was. Its messages come with it (both languages, a few kilobytes loaded with the
 * popup), so no page carries them in its markup.
 */
import { useEffect, useId, useRef, type ComponentType, type KeyboardEvent, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import type { MessageTree } from '../../lib/translator.ts';
import frCommon from '../../i18n/messages/fr/common.ts';
import frMarketing from '../../i18n/messages/fr/marketing.ts';
import frNewsletter from '../../i18n/messages/fr/newsletter.ts';
import nlCommon from '../../i18n/messages/nl/common.ts';
import nlMarketing from '../../i18n/messages/nl/marketing.ts';
import nlNewsletter from '../../i18n/messages/nl/newsletter.ts';
import { intlLocaleOf, languageOf, type LocaleCode } from '../../lib/channels.ts';
import { EXIT_INTENT_DISCOUNT } from '../../lib/constants.ts';
import { countryChoices, languageChoices, type Alternates, type PopupContent, type WallChoice } from '../../lib/marketing/popups.ts';
import { Island, useIsland } from '../shared/island.tsx';
import { NewsletterForm } from '../shared/newsletter/NewsletterForm.tsx';
// As a string, adopted by the document when a popup mounts: imported as a stylesheet, the build would put it in
// the head of every page, since every page's script may load this island.
import popupStyles from './popups.css?inline';

export interface MarketingPopupProps {
  locale: LocaleCode;
  alternates: Alternates;
  popup: PopupContent;
  /** Called once the popup is closed (and unmounted). */
  onClose: () => void;
  /** Called when the shopper signed up for the newsletter from the popup. */
  onSignedUp: () => void;
}

const messagesOf = (locale: LocaleCode): MessageTree[] => {
  const fr = { site: frCommon.site, generic: frCommon.generic, marketing: frMarketing, newsletter: frNewsletter };
  return languageOf(locale) === 'nl'
    ? [{ site: nlCommon.site, generic: nlCommon.generic, marketing: nlMarketing, newsletter: nlNewsletter }, fr]
    : [fr];
};

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function Dialog({ title, onClose, children }: { title: ReactNode; onClose: () => void; children: ReactNode }) {
  const { t } = useIsland();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, []);
  // Tab and Shift+Tab wrap around inside: the browser would otherwise leave the page for its own controls.
  const keepFocus = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !ref.current) return;
    const focusable = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };
  return (
    <dialog
      ref={ref}
      className="marketing-popup"
      aria-labelledby={titleId}
      onKeyDown={keepFocus}
      onCancel={(event) => {
        // Escape: React unmounts the dialog, which gives the focus back.
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId} className="marketing-popup-title">
        {title}
      </h2>
      {children}
      {/* Last in the reading order (the dialog opens on its content), first on the screen: its corner. */}
      <button type="button" className="marketing-popup-close" onClick={onClose}>
        <svg
          aria-hidden="true"
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinecap="round"
        >
          <path d="M6 6l12 12M18 6 6 18" />
        </svg>
        <span className="visually-hidden">{t('marketing.popup.close')}</span>
      </button>
    </dialog>
  );
}

function Choices<Code extends string>({ choices, label }: { choices: WallChoice<Code>[]; label: (code: Code) => string }) {
  return (
    <ul className="marketing-choices">
      {choices.map((choice) => (
        <li key={choice.code}>
          <a
            className="button"
            href={choice.href}
            hrefLang={choice.lang}
            lang={choice.lang}
            aria-current={choice.current ? 'true' : undefined}
          >
            {label(choice.code)}
          </a>
        </li>
      ))}
    </ul>
  );
}

type MarkdownComponent = ComponentType<{ text: string }>;

function Popup({
  popup,
  alternates,
  onClose,
  onSignedUp,
  Markdown,
}: Omit<MarketingPopupProps, 'locale'> & { Markdown: MarkdownComponent | null }) {
  const { t, locale } = useIsland();
  const here = window.location.href;
  const close = (
    <button type="button" className="button secondary" onClick={onClose}>
      {t('marketing.exitIntent.later')}
    </button>
  );
  switch (popup.type) {
    case 'country_wall':
      return (
        <Dialog title={popup.title ?? t('marketing.countryWall.title')} onClose={onClose}>
          <p>{popup.text ?? t('marketing.countryWall.text')}</p>
          <Choices choices={countryChoices(locale, alternates, here)} label={(code) => t(`site.countries.${code}`)} />
        </Dialog>
      );
    case 'lang_switcher_wall': {
      const other = languageOf(locale) === 'nl' ? 'fr' : 'nl';
      return (
        <Dialog title={popup.title ?? t('marketing.languageWall.title')} onClose={onClose}>
          {/* The default text asks in the other language too: it is marked as such for screen readers. */}
          {popup.text ? <p>{popup.text}</p> : <p lang={other}>{t('marketing.languageWall.text')}</p>}
          <Choices choices={languageChoices(locale, alternates, here)} label={(code) => t(`site.languages.${code}`)} />
        </Dialog>
      );
    }
    case 'markdown_modal':
      return (
        <Dialog title={popup.title ?? ''} onClose={onClose}>
          {Markdown && <Markdown text={popup.text ?? ''} />}
        </Dialog>
      );
    case 'exit_intent': {
      const amount = new Intl.NumberFormat(intlLocaleOf(languageOf(locale)), {
        style: 'currency',
        currency: 'EUR',
        minimumFractionDigits: EXIT_INTENT_DISCOUNT % 100 === 0 ? 0 : 2,
      }).format(EXIT_INTENT_DISCOUNT / 100);
      return (
        <Dialog title={popup.title ?? t('marketing.exitIntent.title', { amount })} onClose={onClose}>
          <p>{popup.text ?? t('marketing.exitIntent.text', { amount })}</p>
          <NewsletterForm source="popup" onSent={onSignedUp} />
          <p className="marketing-popup-later">{close}</p>
        </Dialog>
      );
    }
  }
}

let styles: CSSStyleSheet | null = null;
/** The popups' style, a constructed stylesheet (the CSSOM, which the page policy allows), adopted once. */
function adoptPopupStyles() {
  if (styles) return;
  styles = new CSSStyleSheet();
  styles.replaceSync(popupStyles);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, styles];
}

/**
 * Renders a popup into `container`; it unmounts itself when closed. The markdown modal's parser is loaded
 * first, so the dialog opens at its final size (it would grow, and move, if its text came later).
 */
export async function mountMarketingPopup(container: HTMLElement, props: MarketingPopupProps): Promise<void> {
  const Markdown = props.popup.type === 'markdown_modal' ? (await import('./MarkdownText.tsx')).default : null;
  adoptPopupStyles();
  const root = createRoot(container);
  const close = () => {
    root.unmount();
    props.onClose();
  };
  root.render(
    <Island locale={props.locale} messages={messagesOf(props.locale)}>
      <Popup popup={props.popup} alternates={props.alternates} onClose={close} onSignedUp={props.onSignedUp} Markdown={Markdown} />
    </Island>,
  );
}
