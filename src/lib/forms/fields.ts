/**
 * What forms add to the request rules of lib/shop-api/requests: the "required" mark of their own checks, the
 * checkbox, and the free text of forms that call no shop API.
 */
import { z } from 'zod';

/**
 * The "required" check (min 1). Not an aborting check: cross-field rules (postcode and country, password
 * confirmation) still run on a form with empty fields; the other checks of the field skip empty values
 * and validate() keeps one error per code.
 */
const required = { message: 'required' } as const;

export const checkbox = () =>
  z
    .boolean()
    .optional()
    .transform((value) => value ?? false);

/** Free text of generic forms (contact, abort subscription precision): at least 2 characters, no `%`. */
export const genericText = () =>
  z
    .string()
    .trim()
    .min(1, required)
    .min(2)
    .refine((text) => !text.includes('%'), { message: 'percent' });
