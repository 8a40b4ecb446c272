import { describe, expect, it } from 'vitest';
import { metaDescription, pageTitle } from '../../../../src/lib/seo/meta.ts';

describe('titles and descriptions', () => {
  it('joins the page and the site with the | separator, once', () => {
    expect(pageTitle('Chien', 'Maison Gamelle')).toBe('Chien | Maison Gamelle');
    expect(pageTitle('Maison Gamelle', 'Maison Gamelle')).toBe('Maison Gamelle');
  });
  it('cuts a meta description to 300 characters at a word boundary', () => {
    const long = 'croquettes '.repeat(60);
    const cut = metaDescription(long);
    expect(cut.length).toBeLessThanOrEqual(300);
    expect(cut.endsWith('croquettes…')).toBe(true);
    expect(metaDescription('  Court   texte ')).toBe('Court texte');
  });
});
