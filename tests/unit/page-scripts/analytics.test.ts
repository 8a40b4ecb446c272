/**
 * The analytics script runs on every page, most of them without any island: what it bundles must stay
 * free of React, zod, the shop API's client and the stores (add_to_cart and view_cart come from the stores
 * of the pages that have them). Type-only imports (the wire shapes) bundle nothing and are not followed.
 */
import { describe, expect, it } from 'vitest';
import { staticClosure } from '../../support/static-closure.ts';

describe('analytics script', () => {
  it('bundles no framework, no zod, no shop client and no store', async () => {
    const { modules, dynamic } = await staticClosure('src/page-scripts/analytics.ts');
    // Nothing is left for later either: the whole script is what every page loads.
    expect(dynamic).toEqual([]);
    expect(modules).toContain('src/lib/analytics/events.ts');
    expect(modules).toContain('src/lib/session-token.ts');
    const heavy = modules.filter((path) =>
      /node_modules\/(react|react-dom|zod|nanostores|@nanostores\/react)\/|src\/(islands|stores|lib\/shop-api)\//.test(path),
    );
    expect(heavy).toEqual([]);
  });
});
