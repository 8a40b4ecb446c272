/** The kibble guide's draft: kept for one pet (or a new one) until it is saved, a stored value of another shape ignored. */
import { describe, expect, it } from 'vitest';
import { forgetGuideDraft, guideDraft, keepGuideDraft, type GuideDraft } from '../../../src/stores/guide.ts';
import { memoryStorage } from '../../../src/stores/browser.ts';

const draft: GuideDraft = { animal: null, step: 2, values: { name: 'Rex', weight: '12,5' } };

describe('kibble guide draft', () => {
  it('gives back the answers of this pet only: a new one, or a saved one by its id', () => {
    const storage = memoryStorage();
    keepGuideDraft(draft, storage);
    expect(guideDraft(null, storage)).toEqual(draft);
    expect(guideDraft(7, storage)).toBeNull();
    keepGuideDraft({ ...draft, animal: 7 }, storage);
    expect(guideDraft(7, storage)).toEqual({ ...draft, animal: 7 });
    expect(guideDraft(null, storage)).toBeNull();
  });

  it('is forgotten once the pet is saved', () => {
    const storage = memoryStorage();
    keepGuideDraft(draft, storage);
    forgetGuideDraft(storage);
    expect(guideDraft(null, storage)).toBeNull();
  });

  it('ignores what is not a draft: broken JSON, a step past the last, part of a step, no answers', () => {
    const storage = memoryStorage();
    for (const value of [
      '{',
      JSON.stringify({ ...draft, step: 4 }),
      JSON.stringify({ ...draft, step: -1 }),
      JSON.stringify({ ...draft, step: 1.5 }),
      JSON.stringify({ ...draft, animal: '7' }),
      JSON.stringify({ animal: null, step: 0 }),
    ]) {
      storage.data.set('store/guide/kibble', value);
      expect(guideDraft(null, storage), value).toBeNull();
    }
  });
});
