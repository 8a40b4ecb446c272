/** The island families: each route in one, each family drawn by a page file of its own (src/site/page-files.ts says why). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { islandFamilyNames, islandFamilyOf, routesWithIsland } from '../../../src/site/islands.ts';

describe('island families', () => {
  it('each has its page file, which draws that family', () => {
    for (const family of islandFamilyNames)
      expect(readFileSync(`src/pages/[...${family}].astro`, 'utf8'), family).toContain(`staticPathsOf('${family}')`);
  });

  it('each route with an island is in one family', () => {
    for (const route of routesWithIsland) expect(islandFamilyOf(route), route).toBeDefined();
    expect(islandFamilyOf('home')).toBeUndefined();
    expect(islandFamilyOf('cart')).toBe('cart');
    expect(islandFamilyOf('login')).toBe('auth');
  });
});
