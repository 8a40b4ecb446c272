/**
 * The kibble guide's answers while the shopper goes through its steps. A pet is created through the shop
 * API only once its whole profile is known (the API refuses a partial one); until then, and for a saved
 * pet between two steps, the answers and the step reached stay in the browser, so that reloading the page
 * (or coming back to it) takes the shopper back where they were with what they had typed.
 */
import '../lib/zod/jitless.ts';
import { z } from 'zod/mini';
import { browserStorage, safeStorage, storedJson, type StorageLike } from './browser.ts';

const KEY = 'store/guide/kibble';

const draftSchema = z.object({
  /** The saved pet the answers are about, null for a new one. */
  animal: z.nullable(z.int()),
  step: z.int().check(z.minimum(0), z.maximum(3)),
  values: z.record(z.string(), z.unknown()),
});
export type GuideDraft = z.infer<typeof draftSchema>;

/** The answers kept for this pet (null: a new one), if any. */
export function guideDraft(animal: number | null, storage: StorageLike = safeStorage(browserStorage())): GuideDraft | null {
  const parsed = draftSchema.safeParse(storedJson(storage, KEY));
  return parsed.success && parsed.data.animal === animal ? parsed.data : null;
}

export function keepGuideDraft(draft: GuideDraft, storage: StorageLike = safeStorage(browserStorage())): void {
  storage.setItem(KEY, JSON.stringify(draft));
}

/** Forgets the answers once the pet is saved with all of them. */
export function forgetGuideDraft(storage: StorageLike = safeStorage(browserStorage())): void {
  storage.removeItem(KEY);
}
