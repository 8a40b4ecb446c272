/**
 * The search underneath the Algolia protocol: one Orama index per kind of record and language, with the
 * French or Dutch stemmer and stop words (@orama/stemmers, @orama/stopwords), on text folded without
 * accents (lib/search/text.ts). Orama finds, for each word of a query, the records holding a word that
 * starts with it or is within its typo tolerance, scored by BM25 with the attributes' weights; the query
 * then keeps the records that match every word (as Algolia does) and ranks them Algolia's way: fewer
 * typos first, then relevance, then the shop's order (best sellers first).
 */
import { create, insertMultiple, type AnyOrama } from '@orama/orama';
import { internalDocumentIDStore } from '@orama/orama/components';
import { boundedLevenshtein } from '@orama/orama/internals';
import { stemmer as frenchStemmer } from '@orama/stemmers/french';
import { stemmer as dutchStemmer } from '@orama/stemmers/dutch';
import { stopwords as frenchStopwords } from '@orama/stopwords/french';
import { stopwords as dutchStopwords } from '@orama/stopwords/dutch';
import type { Language } from '../../lib/channels.ts';
import type { SearchIndexKind, SearchRecords } from '../../lib/search/records.ts';
import { foldText, foldedWords, wordSpans } from '../../lib/search/text.ts';
import { matchesFilters, type Filters } from '../../lib/search/filters.ts';
import type { Indexed, LanguageRecords } from './records.ts';

/** What each kind searches (with its weight), offers as facets, and highlights when the query does not say. */
const KINDS = {
  products: {
    weights: { name: 4, category: 2, description: 1, extra: 1 },
    facets: ['species', 'kind', 'category'],
    highlighted: ['name', 'category', 'description'],
  },
  categories: { weights: { name: 4, description: 1, extra: 1 }, facets: [], highlighted: ['name', 'description'] },
  articles: { weights: { title: 4, extra: 1 }, facets: ['type'], highlighted: ['title', 'excerpt'] },
} as const satisfies Record<
  SearchIndexKind,
  { weights: Record<string, number>; facets: readonly string[]; highlighted: readonly string[] }
>;

/**
 * The same search set up at Algolia (scripts/search-index.ts): the record's own searchable attributes in
 * the order of their weights (the extra text stays here), the facets searchable, the language's plurals
 * and stop words.
 */
export function algoliaSettings(kind: SearchIndexKind, language: Language) {
  const { weights, facets, highlighted } = KINDS[kind];
  return {
    searchableAttributes: Object.keys(weights).filter((attribute) => attribute !== 'extra'),
    attributesForFaceting: facets.map((facet) => `searchable(${facet})`),
    attributesToHighlight: [...highlighted],
    queryLanguages: [language],
    indexLanguages: [language],
    ignorePlurals: true,
    removeStopWords: true,
  };
}

/** The word rules of a language: the same for the indexed text, the query and the highlighting. */
interface WordRules {
  language: 'french' | 'dutch';
  stopWords: Set<string>;
  /** The stem of a folded word, or '' for a stop word. */
  normalize(word: string): string;
}

function wordRules(language: Language): WordRules {
  const [stem, stopList, name] =
    language === 'nl' ? ([dutchStemmer, dutchStopwords, 'dutch'] as const) : ([frenchStemmer, frenchStopwords, 'french'] as const);
  const stopWords = new Set(stopList.flatMap(foldedWords));
  // Corpus words come back at every highlight: their stems are kept (the corpus's vocabulary is bounded).
  const stems = new Map<string, string>();
  return {
    language: name,
    stopWords,
    normalize(word) {
      let stemmed = stems.get(word);
      if (stemmed === undefined) {
        stemmed = stopWords.has(word) ? '' : stem(word);
        if (stems.size > 100_000) stems.clear();
        stems.set(word, stemmed);
      }
      return stemmed;
    },
  };
}

/** A word of the query: as typed (folded), its stem, and how many typos it may carry (Algolia's 4 and 8 letters). */
export interface QueryWord {
  folded: string;
  stem: string;
  tolerance: number;
}

function queryWords(query: string, rules: WordRules): QueryWord[] {
  // At most 32 words, as Algolia (a query is a few words; the scratch counters are bytes).
  return foldedWords(query)
    .slice(0, 32)
    .map((folded) => ({ folded, stem: rules.normalize(folded) }))
    .filter((w) => w.stem !== '')
    .map((w) => ({ ...w, tolerance: w.stem.length >= 8 ? 2 : w.stem.length >= 4 ? 1 : 0 }));
}

/** Whether a corpus word (its stem) answers a query word: it starts with it, or is within its typos. */
function wordMatches(stem: string, word: QueryWord): boolean {
  if (stem.startsWith(word.stem)) return true;
  return (
    word.tolerance > 0 &&
    Math.abs(stem.length - word.stem.length) <= word.tolerance &&
    boundedLevenshtein(stem, word.stem, word.tolerance).isBounded
  );
}

/** Bits of the ranking key (one float sorted as a number): tier, score, then the shop's order. */
const RANK_BITS = 2 ** 20;
const SCORE_BITS = 2 ** 24;

/**
 * An attribute's radix tree as Orama builds it: each node's edge label (`s`), children by first letter
 * (`c`), whether a word ends there (`e`), that word (`w`) and its documents (`d`). Read in place:
 * Orama's own `find` copies every matching word's documents into new arrays, which cost most of a broad
 * query's time at 10,000 products. This shape is Orama's internal one, which is why package.json pins
 * @orama/orama to an exact version: an upgrade is a deliberate change, checked by the search API tests.
 */
interface RadixTree {
  s: string;
  c: Map<string, RadixTree>;
  e: boolean;
  w: string;
  d: Set<number>;
}

/** The node under which every word starts with `prefix`, or undefined when no word does. */
function nodeOf(root: RadixTree, prefix: string): RadixTree | undefined {
  let node = root;
  let i = 0;
  while (i < prefix.length) {
    const child = node.c.get(prefix[i]!);
    if (!child) return undefined;
    let j = 0;
    while (j < child.s.length && i + j < prefix.length && child.s[j] === prefix[i + j]) j++;
    if (j < child.s.length && i + j < prefix.length) return undefined;
    node = child;
    i += j;
  }
  return node;
}

/** Calls `visit` with each word of the tree starting with `prefix` (or only `prefix` itself when exact) and its documents. */
function eachWord(root: RadixTree, prefix: string, exact: boolean, visit: (word: string, documents: Set<number>) => void): void {
  const top = nodeOf(root, prefix);
  if (!top) return;
  if (exact) {
    if (top.e && top.w === prefix) visit(top.w, top.d);
    return;
  }
  const stack = [top];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.e && node.d.size > 0) visit(node.w, node.d);
    for (const child of node.c.values()) stack.push(child);
  }
}

export interface KindIndex<K extends SearchIndexKind = SearchIndexKind> {
  kind: K;
  rules: WordRules;
  db: AnyOrama;
  entries: Indexed<SearchRecords[K]>[];
  /**
   * The stems of each entry's main attribute (name, title) at their first place: a query word equal to one
   * is an exact match, better the earlier it stands and the shorter the attribute.
   */
  mainStems: Array<Map<string, number>>;
  /** Each searchable attribute's name, radix tree (Orama's) and weight. */
  trees: Array<{ attribute: string; tree: RadixTree; weight: number }>;
  /** Orama's internal document id to the entry's position. */
  toEntry: Int32Array;
  /** Entry positions in the shop's order, and each entry's place in it. */
  byRank: Int32Array;
  rankOf: Int32Array;
  /** Every stem of the kind's searchable text, for the typo search. */
  vocabulary: string[];
  /** A query word's stem to the indexed stems within its typos (not starting with it): typed words repeat. */
  typoTerms: Map<string, string[]>;
  /** Per-entry work arrays of a query, reused (a query runs without pause). */
  scratch: { matched: Uint8Array; score: Float64Array; best: Float64Array; clean: Uint8Array; stamp: Uint8Array; typos: Uint8Array };
  facets: readonly string[];
  highlighted: readonly string[];
  weights: Record<string, number>;
}

export type LanguageIndex = { [K in SearchIndexKind]: KindIndex<K> };

async function kindIndex<K extends SearchIndexKind>(
  kind: K,
  entries: Indexed<SearchRecords[K]>[],
  rules: WordRules,
): Promise<KindIndex<K>> {
  const { weights, facets, highlighted } = KINDS[kind];
  const properties = Object.keys(weights);
  const db = create({
    schema: Object.fromEntries(properties.map((p) => [p, 'string'])) as Record<string, 'string'>,
    components: {
      tokenizer: {
        language: rules.language,
        stemming: true,
        stemmer: (word: string) => rules.normalize(word) || word,
        stopWords: [...rules.stopWords],
      },
    },
  });
  // Orama sees folded text only, so its splitter and ours agree on every word.
  const documents = entries.map((entry, i): Record<string, string> => {
    const record = entry.record as unknown as Record<string, unknown>;
    return {
      id: String(i),
      ...Object.fromEntries(properties.map((p) => [p, foldText(p === 'extra' ? entry.extra : String(record[p] ?? ''))])),
    };
  });
  await insertMultiple(db, documents, 1000);
  if (entries.length >= RANK_BITS) throw new Error(`The search ranks at most ${RANK_BITS - 1} records of a kind`);
  const main = properties[0]!;
  const mainStems = documents.map((doc) => {
    const places = new Map<string, number>();
    for (const [place, word] of foldedWords(doc[main] ?? '').entries()) {
      const stem = rules.normalize(word);
      if (stem && !places.has(stem)) places.set(stem, place);
    }
    return places;
  });
  const indexes = (db.data.index as { indexes: Record<string, { node: RadixTree }> }).indexes;
  const trees = properties.map((p) => ({ attribute: p, tree: indexes[p]!.node, weight: weights[p as keyof typeof weights] as number }));
  const internalIds = entries.map((_, i) => internalDocumentIDStore.getInternalDocumentId(db.internalDocumentIDStore, String(i)));
  const toEntry = new Int32Array(internalIds.reduce((max, id) => Math.max(max, id), 0) + 1).fill(-1);
  for (const [i, internal] of internalIds.entries()) toEntry[internal] = i;
  const byRank = Int32Array.from(entries.map((_, i) => i).sort((a, b) => entries[a]!.rank - entries[b]!.rank || a - b));
  const rankOf = new Int32Array(entries.length);
  for (const [place, i] of byRank.entries()) rankOf[i] = place;
  const n = entries.length;
  const scratch = {
    matched: new Uint8Array(n),
    score: new Float64Array(n),
    best: new Float64Array(n),
    clean: new Uint8Array(n),
    stamp: new Uint8Array(n),
    typos: new Uint8Array(n),
  };
  const vocabulary = new Set<string>();
  for (const doc of documents)
    for (const p of properties) for (const word of foldedWords(doc[p] ?? '')) vocabulary.add(rules.normalize(word));
  vocabulary.delete('');
  return {
    kind,
    rules,
    db,
    entries,
    mainStems,
    trees,
    toEntry,
    byRank,
    rankOf,
    vocabulary: [...vocabulary],
    typoTerms: new Map(),
    scratch,
    facets,
    highlighted,
    weights,
  };
}

/** The three indices of a language, from its records. */
export async function buildLanguageIndex(language: Language, records: LanguageRecords): Promise<LanguageIndex> {
  const rules = wordRules(language);
  const [products, categories, articles] = await Promise.all([
    kindIndex('products', records.products, rules),
    kindIndex('categories', records.categories, rules),
    kindIndex('articles', records.articles, rules),
  ]);
  return { products, categories, articles };
}

export interface Matches {
  /** Entry positions in ranking order. */
  order: number[];
  words: QueryWord[];
}

/**
 * The indexed stems within a query word's typos that do not start with it, found by scanning the kind's
 * vocabulary (a few thousand stems, most ruled out by their length) rather than by the radix tree's own
 * Levenshtein walk, which visits the tree once per edit path and took most of a query's time.
 */
function termsWithinTypos(index: KindIndex, word: QueryWord): string[] {
  let terms = index.typoTerms.get(word.stem);
  if (terms === undefined) {
    terms = index.vocabulary.filter(
      (term) =>
        Math.abs(term.length - word.stem.length) <= word.tolerance &&
        !term.startsWith(word.stem) &&
        boundedLevenshtein(term, word.stem, word.tolerance).isBounded,
    );
    if (index.typoTerms.size >= 10_000) index.typoTerms.clear();
    index.typoTerms.set(word.stem, terms);
  }
  return terms;
}

/**
 * The records matching every word of the query and the filters, best first. Each word is looked up in
 * each attribute's radix tree (Orama's own): words starting with it, or within its typos. A record's
 * score for a word is its best match: the attribute's weight times the matched word's rarity (idf), less
 * for a prefix than for the whole word and half for a typo. Synchronous: the scratch arrays are the index's.
 * `restrict` is Algolia's restrictSearchableAttributes: only those attributes are searched (the header's
 * suggestions find an article by its title, not by a word deep in its text).
 */
export function match(index: KindIndex, query: string, filters: Filters, restrict?: readonly string[]): Matches {
  const words = queryWords(query, index.rules);
  const record = (i: number) => index.entries[i]!.record as unknown as Record<string, unknown>;
  const keep = (i: number) => filters.length === 0 || matchesFilters(record(i), filters);
  if (words.length === 0) return { order: Array.from(index.byRank).filter(keep), words };

  const { matched, score, best, clean, stamp } = index.scratch;
  const count = index.entries.length;
  const { typos } = index.scratch;
  const trees = restrict ? index.trees.filter((t) => restrict.includes(t.attribute)) : index.trees;
  matched.fill(0);
  score.fill(0);
  typos.fill(0);
  for (const [k, word] of words.entries()) {
    const touched: number[] = [];
    const typoTerms = word.tolerance > 0 ? termsWithinTypos(index, word) : [];
    for (const { tree, weight } of trees) {
      // The words starting with the query's word, then those within its typos.
      const visit = (term: string, ids: Set<number>) => {
        const typo = !term.startsWith(word.stem);
        const value = (weight * Math.log(1 + count / ids.size) * (term === word.stem ? 1 : 0.8)) / (typo ? 2 : 1);
        for (const internal of ids) {
          const e = index.toEntry[internal]!;
          if (matched[e] !== k) continue;
          if (stamp[e] !== k + 1) {
            stamp[e] = k + 1;
            best[e] = 0;
            clean[e] = 0;
            touched.push(e);
          }
          if (value > best[e]!) best[e] = value;
          if (!typo) clean[e] = 1;
        }
      };
      eachWord(tree, word.stem, false, visit);
      for (const term of typoTerms) eachWord(tree, term, true, visit);
    }
    for (const e of touched) {
      matched[e] = k + 1;
      score[e]! += best[e]!;
      if (!clean[e]) typos[e]!++;
    }
    if (touched.length === 0) break;
  }
  stamp.fill(0);

  // Algolia's order: fewer typos, then more words matched exactly in the main attribute ("chat" finds the
  // category Chat before Chaton), then relevance, then the shop's own order, packed into one number.
  const keys: number[] = [];
  for (let e = 0; e < count; e++) {
    if (matched[e] !== words.length || !keep(e)) continue;
    const main = index.mainStems[e]!;
    let exact = 0;
    let early = 0;
    for (const w of words) {
      const place = main.get(w.stem);
      if (place === undefined) continue;
      exact++;
      early += 1 / (1 + place);
    }
    const tier = (31 - Math.min(typos[e]!, 31)) * 16 + Math.min(exact, 15);
    // Relevance, then (as Algolia's ordered attributes) words standing early in a short main attribute.
    const points = Math.min(Math.round((score[e]! + 0.3 * early + 0.2 / Math.max(1, main.size)) * 100), SCORE_BITS - 1);
    keys.push((tier * SCORE_BITS + points) * RANK_BITS + (RANK_BITS - 1 - index.rankOf[e]!));
  }
  const sorted = Float64Array.from(keys).sort().reverse();
  return { order: Array.from(sorted, (key) => index.byRank[RANK_BITS - 1 - (key % RANK_BITS)]!), words };
}

/** Counts of each value of the facets asked (only the kind's facets), most frequent first, at most `max` each. */
export function facetCounts(
  index: KindIndex,
  order: readonly number[],
  asked: readonly string[],
  max: number,
): Record<string, Record<string, number>> {
  const facets = asked.includes('*') ? index.facets : index.facets.filter((f) => asked.includes(f));
  const result: Record<string, Record<string, number>> = {};
  for (const facet of facets) {
    const counts = new Map<string, number>();
    for (const i of order) {
      const value = (index.entries[i]!.record as unknown as Record<string, unknown>)[facet];
      if (typeof value === 'string' && value !== '') counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    result[facet] = Object.fromEntries([...counts].sort(([a, x], [b, y]) => y - x || a.localeCompare(b)).slice(0, max));
  }
  return result;
}

export interface Highlight {
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
  matchedWords: string[];
  fullyHighlighted?: boolean;
}

/**
 * A value with the words answering the query wrapped in the tags, and how much of the query it matched. The
 * rest is the value as it is, as Algolia returns it: InstantSearch escapes a hit's highlighted values itself
 * before its widgets draw them, so a value escaped here would show its entities (`Poulet &amp; Riz`).
 */
export function highlight(rules: WordRules, value: string, words: readonly QueryWord[], tags: { pre: string; post: string }): Highlight {
  const matched = new Set<string>();
  let out = '';
  let at = 0;
  let highlightedWords = 0;
  const spans = wordSpans(value);
  for (const span of spans) {
    if (span.start < at) continue;
    const stem = rules.normalize(span.folded);
    const answered = stem === '' ? [] : words.filter((w) => wordMatches(stem, w));
    if (answered.length === 0) continue;
    for (const w of answered) matched.add(w.folded);
    highlightedWords++;
    out += `${value.slice(at, span.start)}${tags.pre}${value.slice(span.start, span.end)}${tags.post}`;
    at = span.end;
  }
  out += value.slice(at);
  const matchedWords = [...matched];
  const matchLevel = matchedWords.length === 0 ? 'none' : matchedWords.length === words.length ? 'full' : 'partial';
  return {
    value: out,
    matchLevel,
    matchedWords,
    ...(matchLevel === 'none' ? {} : { fullyHighlighted: highlightedWords === spans.length }),
  };
}

/** Whether a facet value answers a facet query: each word of the query starts a word of the value. */
export function facetValueMatches(value: string, facetQuery: string): boolean {
  const wanted = foldedWords(facetQuery);
  const words = foldedWords(value);
  return wanted.every((w) => words.some((v) => v.startsWith(w)));
}

/** A facet value with the words starting as the facet query's words wrapped in the tags. */
export function highlightFacetValue(value: string, facetQuery: string, tags: { pre: string; post: string }): string {
  const wanted = foldedWords(facetQuery);
  let out = '';
  let at = 0;
  for (const span of wordSpans(value)) {
    if (span.start < at || !wanted.some((w) => span.folded.startsWith(w))) continue;
    out += `${value.slice(at, span.start)}${tags.pre}${value.slice(span.start, span.end)}${tags.post}`;
    at = span.end;
  }
  return out + value.slice(at);
}
