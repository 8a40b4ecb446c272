import { describe, expect, it } from 'vitest';
import { islandStyleInHead } from '../../../../src/lib/seo/island-style.ts';

const style = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

describe('the islands’ style', () => {
  it('moves from the body (where HTML permits no <style>) to the end of the head, once', () => {
    const page = `<html><head><title>x</title></head><body><div>${style}<astro-island></astro-island></div></body></html>`;
    expect(islandStyleInHead(page)).toBe(
      `<html><head><title>x</title>${style}</head><body><div><astro-island></astro-island></div></body></html>`,
    );
  });
  it('leaves a page without islands, or already right, as it is', () => {
    const plain = '<html><head></head><body><p>x</p></body></html>';
    expect(islandStyleInHead(plain)).toBe(plain);
    const right = `<html><head>${style}</head><body></body></html>`;
    expect(islandStyleInHead(right)).toBe(right);
  });
});
