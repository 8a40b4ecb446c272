import { expect, type Page, type TestInfo } from '@playwright/test';

/** The language each project browses in: FR site in French, BE site in Dutch (its French is the FR site's). */
export const languageOf = (info: TestInfo): 'fr' | 'nl' => (info.project.name === 'be' ? 'nl' : 'fr');
export const homeOf = (info: TestInfo): string => (languageOf(info) === 'nl' ? '/nl/' : '/');

export const texts = {
  fr: { dogs: 'Chien', sort: 'Trier par', bestSellers: 'Meilleures ventes', novelty: 'Nouveautés', lifeStage: 'Âge', adult: 'Adulte', notFound: 'Page non trouvée', addToCart: 'Ajouter au panier' },
  nl: { dogs: 'Hond', sort: 'Sorteren op', bestSellers: 'Bestsellers', novelty: 'Nieuw', lifeStage: 'Leeftijd', adult: 'Volwassen', notFound: 'Pagina niet gevonden', addToCart: 'In winkelmand' },
} as const;

/** Names of the visible product cards, in the order a shopper sees them. */
export async function visibleProducts(page: Page): Promise<string[]> {
  const cards = page.locator('[data-grid] > li:visible');
  return cards.evaluateAll((els) => els
    .map((el) => ({ name: el.querySelector('h2, h3')?.textContent?.trim() ?? '', order: Number(getComputedStyle(el).order), top: el.getBoundingClientRect().top, left: el.getBoundingClientRect().left }))
    .sort((a, b) => a.top - b.top || a.left - b.left)
    .map((c) => c.name));
}

export async function expectNoFrameworkScript(page: Page): Promise<void> {
  const scripts = await page.locator('script[src]').evaluateAll((els) => els.map((e) => (e as HTMLScriptElement).src));
  expect(scripts.filter((s) => /react|client\.[\w-]+\.js/.test(s))).toEqual([]);
}
