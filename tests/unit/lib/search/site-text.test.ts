/** Highlighted values drawn as text (src/lib/search/highlight.ts) and the query in an address (src/lib/search/query.ts). */
import { describe, expect, it } from 'vitest';
import { HIGHLIGHT_TAGS, highlightParts } from '../../../../src/lib/search/highlight.ts';
import { MAX_QUERY_LENGTH, queryOf, withQuery } from '../../../../src/lib/search/query.ts';

const { highlightPreTag: pre, highlightPostTag: post } = HIGHLIGHT_TAGS;

describe('highlighted parts', () => {
  it('splits the matched words from the rest', () => {
    expect(highlightParts(`Croquettes ${pre}chat${post} ${pre}stérilisé${post}`)).toEqual([
      { text: 'Croquettes ', highlighted: false },
      { text: 'chat', highlighted: true },
      { text: ' ', highlighted: false },
      { text: 'stérilisé', highlighted: true },
    ]);
  });

  it('keeps markup in a value as text, and survives odd tags', () => {
    expect(highlightParts('<img src=x onerror=alert(1)>')).toEqual([{ text: '<img src=x onerror=alert(1)>', highlighted: false }]);
    expect(highlightParts(`${pre}chat`)).toEqual([{ text: 'chat', highlighted: true }]);
    expect(highlightParts(`a${pre}${post}b`)).toEqual([{ text: 'ab', highlighted: false }]);
    expect(highlightParts('<em>kat</em>je', { highlightPreTag: '<em>', highlightPostTag: '</em>' })).toEqual([
      { text: 'kat', highlighted: true },
      { text: 'je', highlighted: false },
    ]);
    expect(highlightParts('')).toEqual([]);
  });

  it('draws the value as the service returns it, as Algolia does: not escaped, so nothing to unescape', () => {
    expect(highlightParts(`${pre}Chiot${post} Poulet & Riz <3 kg> l'"original"`)).toEqual([
      { text: 'Chiot', highlighted: true },
      { text: ` Poulet & Riz <3 kg> l'"original"`, highlighted: false },
    ]);
    // A name whose text holds an entity keeps it: it is what the editor wrote.
    expect(highlightParts('Puppy Kip &amp; Rijst')).toEqual([{ text: 'Puppy Kip &amp; Rijst', highlighted: false }]);
  });
});

describe('the query in an address', () => {
  it('reads ?q=, trimmed and cut at Algolia’s limit', () => {
    expect(queryOf('?q=croquettes+chat')).toBe('croquettes chat');
    expect(queryOf('?q=%20%20brokken%20%20kitten%20')).toBe('brokken kitten');
    expect(queryOf('?x=1')).toBe('');
    expect(queryOf(`?q=${'a'.repeat(600)}`)).toHaveLength(MAX_QUERY_LENGTH);
  });

  it('writes it, keeping the rest of the address', () => {
    expect(withQuery('/rechercher/', 'croqettes chat steril')).toBe('/rechercher/?q=croqettes+chat+steril');
    expect(withQuery('/nl/zoeken/?q=oud&utm=x', ' kitten ')).toBe('/nl/zoeken/?q=kitten&utm=x');
    expect(withQuery('/rechercher/?q=chat', '')).toBe('/rechercher/');
    expect(queryOf(new URL(withQuery('/rechercher/', 'pâtée & friandises'), 'http://x').search)).toBe('pâtée & friandises');
  });
});
