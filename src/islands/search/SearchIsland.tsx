/**
 * The search page (/rechercher/, /nl/zoeken/; SPEC §2): one query over the three indices of the locale,
 * results grouped Articles, Categories, Products, with the matched words highlighted. The query lives in
 * the address (`?q=…`): a result page can be shared, and back and forward go through the queries.
 * SPEC §8: no result says so with suggestions (the shop's departments, the FAQ, the kibble guide, the
 * customer service); a failure says whether the shopper's connection or the service is at fault, with a
 * retry.
 *
 * The first screen is the box, its line and the results' room, drawn in the page's HTML at their final
 * size. InstantSearch and the rest (LiveSearch.tsx) load only once there is something to search: at once
 * when the address holds a query, else when the shopper first reaches for the box. The box is this
 * island's from the start, so what is typed while the rest loads is kept and searched.
 */
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { treeTranslator, type MessageTree } from '../../lib/translator.ts';
import { intlLocaleOf, languageOf, type LocaleCode } from '../../lib/channels.ts';
import { formatPrice } from '../../lib/catalogue/money.ts';
import { MAX_QUERY_LENGTH, queryOf } from '../../lib/search/query.ts';
import type { SearchSuggestions } from '../../lib/search/suggestions.ts';
import { switcherKeepsQuery } from '../shared/switcher-query.ts';
import './search.css';

// Its types only: erased from the build, they bring none of its code into the first load.
import type { Texts } from './LiveSearch.tsx';

const LiveSearch = lazy(() => import('./LiveSearch.tsx'));

interface Props {
  locale: LocaleCode;
  messages: MessageTree[];
  suggestions: SearchSuggestions;
}

export default function SearchIsland({ locale, messages, suggestions }: Props) {
  const texts = useMemo<Texts>(() => {
    const language = languageOf(locale);
    const t = treeTranslator(language, ...messages);
    return { t, price: (minor) => formatPrice(minor, intlLocaleOf(language), t('generic.free')) };
  }, [locale, messages]);
  const [query, setQuery] = useState('');
  // Whether the live search is wanted: the address's query, or the shopper's first touch of the box.
  const [live, setLive] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const addressed = queryOf(location.search);
    if (addressed === '') return;
    setQuery(addressed);
    setLive(true);
  }, []);
  // The query the address holds goes along when the shopper switches language.
  useEffect(switcherKeepsQuery, []);
  // The address's query (back, forward) shows in the box, unless the shopper is typing there.
  const onRouted = useCallback((routed: string) => {
    if (document.activeElement !== input.current) setQuery(routed);
  }, []);
  const start = () => setLive(true);
  const idle = <Idle texts={texts} query={query} />;
  return (
    <div className="search-page">
      <SearchBoxView
        texts={texts}
        value={query}
        inputRef={input}
        onFocus={start}
        onChange={(next) => {
          setQuery(next);
          start();
        }}
        onSubmit={(event) => {
          event.preventDefault();
          start();
          input.current?.blur();
        }}
        onClear={() => {
          setQuery('');
          input.current?.focus();
        }}
      />
      {live ? (
        <Suspense fallback={idle}>
          <LiveSearch locale={locale} texts={texts} suggestions={suggestions} query={query} onRouted={onRouted} />
        </Suspense>
      ) : (
        idle
      )}
    </div>
  );
}

/** The search box: a form that also works as one (Enter), the query sent as the shopper types. */
function SearchBoxView({
  texts,
  value,
  onChange,
  onSubmit,
  onClear,
  onFocus,
  inputRef,
}: {
  texts: Texts;
  value: string;
  onChange: (value: string) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClear: () => void;
  onFocus: () => void;
  inputRef: React.Ref<HTMLInputElement>;
}) {
  const { t } = texts;
  const id = useId();
  return (
    <search>
      <form className="search-form" method="get" onSubmit={onSubmit} noValidate>
        <label htmlFor={id} className="visually-hidden">
          {t('search.label')}
        </label>
        <div className="search-field">
          <input
            ref={inputRef}
            id={id}
            name="q"
            type="search"
            value={value}
            maxLength={MAX_QUERY_LENGTH}
            placeholder={t('search.placeholder')}
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            onFocus={onFocus}
            onChange={(event) => onChange(event.currentTarget.value)}
          />
          {value !== '' && (
            <button type="button" className="search-clear" onClick={onClear}>
              <span aria-hidden="true">×</span>
              <span className="visually-hidden">{t('search.clear')}</span>
            </button>
          )}
        </div>
        <button type="submit" className="button search-submit">
          {t('search.submit')}
        </button>
      </form>
    </search>
  );
}

/**
 * The line under the box and the results' room while the live search is not there: the prompt, or, once there
 * is a query, the line that says it is being searched (the live search answers it as soon as it is loaded).
 */
function Idle({ texts, query }: { texts: Texts; query: string }) {
  return (
    <>
      <p className="search-status" aria-live="polite">
        {texts.t(query.trim() === '' ? 'search.prompt' : 'search.searching')}
      </p>
      <div className="search-results" />
    </>
  );
}
