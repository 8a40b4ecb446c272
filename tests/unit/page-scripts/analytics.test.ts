/**
 * The analytics script runs on every page, most of them without any island: before the shopper consented
 * to the audience measure it loads only the consent's reading, the events' code being a dynamic import;
 * that code in turn stays free of React, zod, the shop API's client, the stores (add_to_cart and view_cart
 * come from the stores of the pages that have them) and the route table. Type-only imports (the wire
 * shapes) bundle nothing and are not followed.
 */
import { describe, expect, it } from 'vitest';
import { staticClosure } from '../../support/static-closure.ts';

describe('analytics script', () => {
  it('loads only the consent’s reading before consent, the events when it is given', async () => {
    const { modules, dynamic } = await staticClosure('src/page-scripts/analytics.ts');
    expect(modules.sort()).toEqual(['src/lib/constants.ts', 'src/lib/marketing/consent.ts', 'src/page-scripts/analytics.ts']);
    expect(dynamic).toEqual(['src/page-scripts/analytics/page-events.ts']);
  });

  it('bundles no framework, no zod, no shop client, no store and no route table with the events', async () => {
    const { modules, dynamic } = await staticClosure('src/page-scripts/analytics/page-events.ts');
    expect(dynamic).toEqual([]);
    expect(modules).toContain('src/lib/analytics/events.ts');
    expect(modules).toContain('src/lib/session-token.ts');
    const heavy = modules.filter((path) =>
      /node_modules\/(react|react-dom|zod|nanostores|@nanostores\/react)\/|src\/(islands|stores|lib\/shop-api)\/|src\/lib\/routes\/(routes|paths)\.ts/.test(
        path,
      ),
    );
    expect(heavy).toEqual([]);
  });
});
