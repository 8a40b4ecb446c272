/**
 * Code every page or every shop page would otherwise load at once: the footer's newsletter sign-up loads when
 * the shopper reaches for the form (src/page-scripts/newsletter-footer.ts), and the opening tags' script
 * reads its texts from the markup rather than bundling both languages' messages (opening-tag.client.ts).
 */
import { describe, expect, it } from 'vitest';
import { staticClosure } from '../../support/static-closure.ts';

describe('code loaded when needed', () => {
  it('every page’s script leaves the newsletter sign-up for when the shopper reaches for the form', { timeout: 30_000 }, async () => {
    const { modules, dynamic } = await staticClosure('src/page-scripts/every-page.ts');
    expect(modules.filter((path) => path.includes('islands/shared/newsletter/'))).toEqual([]);
    // Through the module of code loaded on demand, which keeps the sign-up's list of files out of every page.
    expect(dynamic).toContain('src/page-scripts/on-demand.ts');
    expect((await staticClosure('src/page-scripts/on-demand.ts')).dynamic).toContain('src/islands/shared/newsletter/footer.ts');
  });

  it('the opening tags’ script bundles no messages', { timeout: 30_000 }, async () => {
    const { modules } = await staticClosure('src/components/shops/opening-tag.client.ts');
    expect(modules).toContain('src/lib/shops/opening-tags.ts');
    expect(modules.filter((path) => path.includes('src/i18n/messages/'))).toEqual([]);
  });
});
