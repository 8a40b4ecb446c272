/** The search's text rules (src/lib/search/text.ts): folding, words with their places, markdown as plain text, excerpts. */
import { describe, expect, it } from 'vitest';
import { excerptOf, foldedWords, foldText, markdownToText, wordSpans } from '../../../../src/lib/search/text.ts';

describe('folding', () => {
  it('drops case, accents and ligatures, and cuts at apostrophes and hyphens', () => {
    expect(foldText('Croquettes Chat Stérilisé')).toBe('croquettes chat sterilise');
    expect(foldText('Bœuf & Légumes')).toBe('boeuf legumes');
    expect(foldText('Chat d’Intérieur, anti-boules')).toBe('chat d interieur anti boules');
    expect(foldText('Gevriesdroogde ideeën')).toBe('gevriesdroogde ideeen');
    expect(foldedWords('  ')).toEqual([]);
  });

  it('keeps each word where it stands in the original text', () => {
    const text = 'Pâtée Chat Bœuf';
    expect(wordSpans(text).map((s) => [text.slice(s.start, s.end), s.folded])).toEqual([
      ['Pâtée', 'patee'],
      ['Chat', 'chat'],
      ['Bœuf', 'boeuf'],
    ]);
  });
});

describe('plain text of markdown', () => {
  it('keeps the words of headings, emphasis, links and lists, drops images, tags and table rules', () => {
    const markdown = [
      '## Où livrons-nous ?',
      '',
      'Nous livrons en **France** et en _Belgique_. Voir le [panier](/panier/).',
      '![pack](/img.png)',
      '- un <b>colis</b> suivi',
      '| pays | délai |',
      '|---|---|',
      '| FR | 2 jours |',
    ].join('\n');
    expect(markdownToText(markdown)).toBe(
      'Où livrons-nous ? Nous livrons en France et en Belgique. Voir le panier. un colis suivi pays délai FR 2 jours',
    );
  });
});

describe('excerpts', () => {
  it('keeps a short text whole and cuts a long one at a word, with an ellipsis', () => {
    expect(excerptOf('Court.', 20)).toBe('Court.');
    const excerpt = excerptOf('Des croquettes riches en poulet pour accompagner la croissance de votre chiot', 40);
    expect(excerpt).toBe('Des croquettes riches en poulet pour…');
    expect(excerpt.length).toBeLessThanOrEqual(40);
  });
});
