/**
 * The seed's reviews tell one story: the product review counts add up to the figure the site states
 * (4.71 out of 5 over 25769 reviews), their average is that rating, and the reviews shown on product pages
 * have the spread such an average implies, low ratings included, since the FAQ says negative reviews are
 * published too. Each shown review is written in the language it is tagged with.
 */
import { describe, expect, it } from 'vitest';
import { loadFixtures } from '../../../src/backend/seed/seed.ts';
import { RATING } from '../../../src/lib/constants.ts';

const { products, faq } = loadFixtures();
const shown = products.flatMap((p) => p.reviews);

/** Short words only one of the two languages uses: enough to tell a review's language. */
const WORDS = {
  fr: /(?<!\p{L})(le|la|les|et|est|un|une|des|du|mon|ma|mes|pour|avec|pas|très|mais|elle|il|que|qui|au|sa|son|ses|ce|ça|sur|par|à)(?!\p{L})/giu,
  nl: /(?<!\p{L})(het|een|is|onze|ons|voor|met|niet|zijn|maar|wel|heel|ze|hij|op|van|dat|er|ook|die|te)(?!\p{L})/giu,
};
const score = (text: string, lang: 'fr' | 'nl') => text.match(WORDS[lang])?.length ?? 0;

describe('the seed reviews', () => {
  it('add up to the count the site states, at the rating it states', () => {
    const count = products.reduce((sum, p) => sum + p.reviewCount, 0);
    expect(count).toBe(RATING.count);
    const average = products.reduce((sum, p) => sum + p.rating * p.reviewCount, 0) / count;
    expect(Math.round(average * 100) / 100).toBe(RATING.value);
  });

  it('show every rating from 1 to 5 stars, mostly good ones, like the average they come from', () => {
    const byStars = [1, 2, 3, 4, 5].map((stars) => shown.filter((r) => r.rating === stars).length);
    expect(byStars.every((n) => n > 0)).toBe(true);
    const low = shown.filter((r) => r.rating <= 3).length / shown.length;
    expect(low).toBeGreaterThanOrEqual(0.08);
    expect(low).toBeLessThanOrEqual(0.2);
    const mean = shown.reduce((sum, r) => sum + r.rating, 0) / shown.length;
    expect(mean).toBeGreaterThanOrEqual(RATING.value - 0.25);
    expect(mean).toBeLessThanOrEqual(RATING.value + 0.1);
  });

  it('keep each product’s low ratings a minority of what it shows', () => {
    const mostlyLow = products.filter((p) => p.reviews.filter((r) => r.rating <= 3).length * 2 >= p.reviews.length);
    expect(mostlyLow.map((p) => p.sku)).toEqual([]);
  });

  it('publish negative reviews, as the FAQ says', () => {
    const answer = faq.entries.find((e) => e.key === 'reviews')?.answer.fr ?? '';
    expect(answer).toMatch(/négatifs/);
    expect(shown.filter((r) => r.rating <= 2).length).toBeGreaterThan(0);
  });

  it('are written in the language they carry', () => {
    const mislabelled = shown.filter((r) => {
      const text = `${r.title} ${r.body}`;
      const other = r.locale === 'fr' ? 'nl' : 'fr';
      return score(text, r.locale) <= score(text, other);
    });
    expect(mislabelled.map((r) => `${r.author}: ${r.title}`)).toEqual([]);
    expect(new Set(shown.map((r) => r.locale))).toEqual(new Set(['fr', 'nl']));
  });
});
