/** Fields shared by several forms (SPEC §5): e-mail, password, names, gender. */
import { z } from 'zod';
import { LIMITS } from '../constants.ts';

/**
 * The "required" check (min 1). Not an aborting check: cross-field rules (postcode and country, password
 * confirmation) still run on a form with empty fields; the other checks of the field skip empty values
 * and validate() keeps one error per code.
 */
export const required = { message: 'required' } as const;

const EMAIL = z.email();
/** Required, at most 255 characters, an e-mail address ("L'email est invalide."). */
export const email = () => z.string().trim().min(1, required).max(LIMITS.email).refine((text) => text === '' || EMAIL.safeParse(text).success, { message: 'email' });
/** 5 to 255 characters (SPEC §5); never trimmed. */
export const password = () => z.string().min(1, required).min(LIMITS.passwordMin).max(LIMITS.passwordMax);
/** A password typed to log in or to prove it is you: only required (its rules were checked when it was set). */
export const currentPassword = () => z.string().min(1, required);
/**
 * Invisible characters that change how text reads without showing themselves: zero-width characters and
 * the bidirectional controls (U+200B–U+200F, U+202A–U+202E, U+2060–U+2069, the Arabic letter mark, the
 * byte-order mark). In a name they can make "Anne" display as someone else or hide a link in a mail.
 */
export const INVISIBLE_CHARACTERS = /[\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/u;
export const hasInvisibleCharacters = (text: string): boolean => INVISIBLE_CHARACTERS.test(text);
/** First or last name: 1 to 255 characters, nothing invisible. */
export const personName = () => z.string().trim().min(1, required).max(LIMITS.name)
  .refine((text) => !hasInvisibleCharacters(text), { message: 'invisible_characters' });
export const GENDERS = ['m', 'f'] as const;
export const gender = () => z.enum(GENDERS);
export const checkbox = () => z.boolean().optional().transform((value) => value ?? false);

/** Free text of generic forms (contact, abort subscription precision): at least 2 characters, no `%` (SPEC §5). */
export const genericText = () => z.string().trim().min(1, required).min(2).refine((text) => !text.includes('%'), { message: 'percent' });
