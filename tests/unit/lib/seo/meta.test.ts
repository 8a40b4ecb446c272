import { describe, expect, it } from 'vitest';
import { metaDescription, pageTitle } from '../../../../src/lib/seo/meta.ts';

describe('titles and descriptions', () => {
  it('joins the page and the site with the | separator, once', () => {
    expect(pageTitle('Chien', 'Maison Gamelle')).toBe('Chien | Maison Gamelle');
    expect(pageTitle('Maison Gamelle', 'Maison Gamelle')).toBe('Maison Gamelle');
  });
  it('folds a description’s line breaks and spaces, and keeps French typography’s no-break spaces', () => {
    expect(metaDescription('  Croquettes\n\tpoulet  ')).toBe('Croquettes poulet');
    expect(metaDescription('Sac de 12\u00A0kg\u00A0: -10\u202F%')).toBe('Sac de 12\u00A0kg\u00A0: -10\u202F%');
  });
  it('cuts a meta description to 300 characters at a word boundary', () => {
    const long = 'croquettes '.repeat(60);
    const cut = metaDescription(long);
    expect(cut.length).toBeLessThanOrEqual(300);
    expect(cut.endsWith('croquettes…')).toBe(true);
    expect(metaDescription('  Court   texte ')).toBe('Court texte');
  });
});
