/**
 * What forms add to the request rules of lib/shop-api/requests: the "required" mark of their own checks, the
 * checkbox, and the free text of forms that call no shop API.
 */
import '../zod/jitless.ts';
import { z } from 'zod/mini';

/**
 * The "required" check (min 1). Not an aborting check: cross-field rules (postcode and country, password
 * confirmation) still run on a form with empty fields; the other checks of the field skip empty values
 * and validate() keeps one error per code.
 */
const required = { message: 'required' } as const;

export const checkbox = () =>
  z.pipe(
    z.optional(z.boolean()),
    z.transform((value) => value ?? false),
  );

/** Free text of generic forms (contact, abort subscription precision): at least 2 characters, no `%`. */
export const genericText = () =>
  z.string().check(
    z.trim(),
    z.minLength(1, required),
    z.minLength(2),
    z.refine((text) => !text.includes('%'), { message: 'percent' }),
  );
