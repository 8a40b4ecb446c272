/** The bi-nutrition guides' draft: kept per cat and per guide, a stored value of another shape ignored. */
import { describe, expect, it } from 'vitest';
import { biNutritionDraft, keepBiNutritionDraft, type BiNutritionDraft } from '../../../src/stores/bi-nutrition.ts';
import { memoryStorage } from '../../../src/stores/browser.ts';

const draft: BiNutritionDraft = { animal: 7, version: 'full', step: 3, kibble: 'CAT-DRY', wetRecipes: ['CAT-WET'], daysPerWeek: 7 };

describe('bi-nutrition draft', () => {
  it('gives back the answers of this cat in this guide only', () => {
    const storage = memoryStorage();
    keepBiNutritionDraft(draft, storage);
    expect(biNutritionDraft(7, 'full', storage)).toEqual(draft);
    expect(biNutritionDraft(7, 'mini', storage)).toBeNull();
    expect(biNutritionDraft(8, 'full', storage)).toBeNull();
  });
  it('ignores what is not a draft: broken JSON, more than three wet recipes, another frequency', () => {
    const storage = memoryStorage();
    for (const value of [
      '{',
      JSON.stringify({ ...draft, wetRecipes: ['A', 'B', 'C', 'D'] }),
      JSON.stringify({ ...draft, daysPerWeek: 5 }),
    ]) {
      storage.data.set('store/guide/bi-nutrition', value);
      expect(biNutritionDraft(7, 'full', storage)).toBeNull();
    }
  });
});
