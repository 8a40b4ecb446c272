/**
 * @vitest-environment happy-dom
 *
 * A category page's filters script (src/page-scripts/catalogue-filters.ts) on the panel's markup: the count and
 * the phone's "Voir les N produits" button say the same number, a folded group's summary says the choice made
 * in it, and the button folds the panel. What CSS hides is played here by the cards' own style; the layout on
 * a phone (the count beside the button, the groups folded) stays in tests/e2e/phone.spec.ts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { translator } from '../../../src/i18n/translate.ts';
import { countText, enhanceCatalogue, groupChoiceText } from '../../../src/page-scripts/catalogue-filters.ts';

const t = translator('fr');
const TOTAL = 30;

/** The panel as src/components/views/CategoryView.astro writes it, with three of the page's cards. */
function catalogueMarkup(): string {
  const radio = (name: string, value: string, label: string, checked = false) =>
    `<label><input type="radio" name="${name}" value="${value}"${checked ? ' checked' : ''} /> ${label}</label>`;
  const group = (legend: string, radios: string) =>
    `<details class="group" data-filter-group><summary>${legend}<span data-group-choice></span></summary><fieldset><legend>${legend}</legend>${radios}</fieldset></details>`;
  return `
    <div class="catalogue" data-catalogue>
      <details class="filters" data-filters-panel open>
        <summary>${t('catalogue.category.filtersAndSort')}</summary>
        <form data-filters>
          ${group(t('catalogue.category.sort'), radio('sort', 'relevancy', 'Pertinence', true) + radio('sort', 'best_sellers', 'Meilleures ventes'))}
          ${group(t('catalogue.category.facets.lifeStage'), radio('lifeStage', '', 'Tous', true) + radio('lifeStage', 'kitten', 'Chaton'))}
          <button type="submit" data-show-results data-one="${t('catalogue.category.showResults.one')}" data-other="${t('catalogue.category.showResults.other')}">${t.plural('catalogue.category.showResults', TOTAL)}</button>
        </form>
      </details>
      <div class="results">
        <p data-count data-total="${TOTAL}" data-one="${t('catalogue.category.products.one')}" data-other="${t('catalogue.category.products.other')}">${t.plural('catalogue.category.products', TOTAL)}</p>
        <ul data-grid><li style="--relevancy:1">A</li><li style="--relevancy:2">B</li><li style="--relevancy:3">C</li></ul>
        <p data-empty hidden></p>
      </div>
    </div>`;
}

const button = () => document.querySelector<HTMLButtonElement>('[data-show-results]')!;
const count = () => document.querySelector<HTMLElement>('[data-count]')!;
const choiceOf = (index: number) => document.querySelectorAll<HTMLElement>('[data-group-choice]')[index]!.textContent;
function choose(name: string, value: string): void {
  const input = document.querySelector<HTMLInputElement>(`input[name="${name}"][value="${value}"]`)!;
  input.checked = true;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

beforeEach(() => {
  document.documentElement.lang = 'fr-FR';
  document.body.innerHTML = catalogueMarkup();
  history.replaceState(null, '', '/chat/');
  enhanceCatalogue(document.querySelector<HTMLElement>('[data-catalogue]')!);
});
afterEach(() => {
  document.body.innerHTML = '';
});

describe('the filters of a category page', () => {
  it('count in words with the page’s plural rules (French says 0 and 1 in the singular)', () => {
    const plural = new Intl.PluralRules('fr-FR');
    const templates = { one: t('catalogue.category.showResults.one'), other: t('catalogue.category.showResults.other') };
    expect(countText(templates, plural, 1)).toBe('Voir 1 produit');
    expect(countText(templates, plural, 0)).toBe('Voir 0 produit');
    expect(countText(templates, plural, 12)).toBe('Voir les 12 produits');
    expect(countText({}, plural, 12)).toBe('12');
  });

  it('show the category’s count on the button until a filter is chosen, then the products of the page it leaves', () => {
    expect(button().textContent).toBe('Voir les 30 produits');
    expect(count().textContent).toBe('30 produits');
    // The CSS rule of the choice hides a card.
    document.querySelector<HTMLElement>('[data-grid] > li')!.style.display = 'none';
    choose('lifeStage', 'kitten');
    expect(count().textContent).toBe('2 produits');
    expect(button().textContent).toBe('Voir les 2 produits');
  });

  it('say in a folded group’s summary the choice made in it, and nothing for the choice the page came with', () => {
    expect([choiceOf(0), choiceOf(1)]).toEqual(['', '']);
    choose('lifeStage', 'kitten');
    choose('sort', 'best_sellers');
    expect([choiceOf(0), choiceOf(1)]).toEqual(['Meilleures ventes', 'Chaton']);
    choose('lifeStage', '');
    expect(choiceOf(1)).toBe('');
    expect(groupChoiceText(document.createElement('div'))).toBe('');
  });

  it('fold the panel away when the shopper asks to see the products, and land on the count', () => {
    button().click();
    expect(document.querySelector<HTMLDetailsElement>('[data-filters-panel]')!.open).toBe(false);
    expect(document.activeElement).toBe(count());
  });
});
