/**
 * The bi-nutrition guides' answers while the shopper goes through their steps: the step reached, the
 * kibble chosen (full guide), the wet recipes selected and how often wet food is served. The cat's profile
 * itself is saved through the shop API at the Profile step; these choices stay in the browser, per cat and
 * per guide, so a reload (or the results page) finds them.
 */
import '../lib/zod/jitless.ts';
import { z } from 'zod/mini';
import { MAX_RECIPES } from '../lib/nutrition/recommendation.ts';
import { browserStorage, safeStorage, storedJson, type StorageLike } from './browser.ts';

const KEY = 'store/guide/bi-nutrition';

const draftSchema = z.object({
  animal: z.int(),
  version: z.enum(['full', 'mini']),
  step: z.int().check(z.minimum(0), z.maximum(4)),
  kibble: z.nullable(z.string()),
  wetRecipes: z.array(z.string()).check(z.maxLength(MAX_RECIPES)),
  daysPerWeek: z.union([z.literal(3), z.literal(7)]),
});
export type BiNutritionDraft = z.infer<typeof draftSchema>;

/** The answers kept for this cat in this guide, if any. */
export function biNutritionDraft(
  animal: number,
  version: BiNutritionDraft['version'],
  storage: StorageLike = safeStorage(browserStorage()),
): BiNutritionDraft | null {
  const parsed = draftSchema.safeParse(storedJson(storage, KEY));
  return parsed.success && parsed.data.animal === animal && parsed.data.version === version ? parsed.data : null;
}

export function keepBiNutritionDraft(draft: BiNutritionDraft, storage: StorageLike = safeStorage(browserStorage())): void {
  storage.setItem(KEY, JSON.stringify(draft));
}
