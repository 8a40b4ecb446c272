/** The content service's Markdown bodies under the page's title (src/lib/seo/headings.ts). */
import { describe, expect, it } from 'vitest';
import { headingsUnderTitle } from '../../../../src/lib/seo/headings.ts';

describe('headings under the title', () => {
  it('moves a body that opens with an h1 down one level, every heading with it', () => {
    expect(headingsUnderTitle('<h1 id="a">Black Friday</h1><p>x</p><h2>Pourquoi ?</h2><H3>Détail</H3><h6>fin</h6>')).toBe(
      '<h2 id="a">Black Friday</h2><p>x</p><h3>Pourquoi ?</h3><h4>Détail</h4><h6>fin</h6>',
    );
  });

  it('leaves a body already under the title as it is', () => {
    const body = '<h2 id="commande">Commande</h2><p>Les présentes conditions…</p><h3>Prix</h3>';
    expect(headingsUnderTitle(body)).toBe(body);
    expect(headingsUnderTitle('<p>Sans titre.</p>')).toBe('<p>Sans titre.</p>');
  });

  it('touches tags only: not text that looks like one, nor other elements starting with h', () => {
    const html = '<h1>Titre</h1><p>&lt;h1&gt; reste du texte</p><hr><header>x</header>';
    expect(headingsUnderTitle(html)).toBe('<h2>Titre</h2><p>&lt;h1&gt; reste du texte</p><hr><header>x</header>');
  });
});
