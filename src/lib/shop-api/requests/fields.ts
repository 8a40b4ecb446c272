/**
 * The field rules of the shop API's requests, written once: the platform validates request bodies with
 * them and the site's forms build on them, so a rule cannot say one thing in a form and another in the
 * API. A check of our own says what went wrong in both vocabularies: `message` is the form's code (the
 * `{code}` of `forms.errors.{code}`) and `params.code` the API's violation code, with the values both
 * texts need; zod's own checks (required, too short, too long) are named by each side from the issue.
 *
 * Each resource's request rules are in this folder (requests/carts.ts, …), apart from the resource's answers
 * and calls (../carts.ts, …): a page loads a module whole as soon as it makes one of its calls, and the
 * rules, with the parts of zod they use (and libphonenumber's metadata for an address), would come along.
 * The calls take the requests' types alone, so only the platform and the forms load the rules.
 */
import '../../zod/jitless.ts';
import { z } from 'zod/mini';
import { LIMITS } from '../../constants.ts';
import { channelCodes, languages, localeCodes } from '../../channels.ts';
import type { ViolationCode } from '../errors.ts';
import { checkBirthDate, systemClock, type Clock, type DateIssue } from './dates.ts';
import { isEmailAddress } from './email.ts';

type Values = Record<string, string | number>;
/** A check's issue: the form's code, the API's violation code, the values of their texts. */
export const because = (formCode: string, code: ViolationCode, values: Values = {}) => ({ message: formCode, params: { code, ...values } });

// ── Characters ──────────────────────────────────────────────────────────────────────────────────

const CONTROL = /\p{Cc}/u;
const hasControlCharacters = (text: string): boolean => CONTROL.test(text);
/**
 * Invisible characters that change how text reads without showing themselves: zero-width characters and
 * the bidirectional controls (U+200B–U+200F, U+202A–U+202E, U+2060–U+2069, the Arabic letter mark, the
 * byte-order mark). In a name they can make "Anne" display as someone else or hide a link in a mail.
 */
const INVISIBLE_CHARACTERS = /[\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/u;
export const hasInvisibleCharacters = (text: string): boolean => INVISIBLE_CHARACTERS.test(text);

/** Emoji (pictographs, flags, keycaps, the emoji presentation selector): no carrier label or mail client prints them well. */
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20E3|\uFE0F/u;
export const hasEmoji = (text: string): boolean => EMOJI.test(text);
/** A text without emoji ("Ce champ ne peut pas contenir d’emoji."). */
export const withoutEmoji = <S extends z.ZodMiniType<string>>(schema: S) =>
  schema.check(z.refine((text) => !hasEmoji(text), because('emoji', 'INVALID_CHARACTERS')));

/**
 * What a mail client or a chat app turns into a link even in plain text: a scheme (`https://`, any `://`),
 * `www.`, or a domain-like word (`evil.example`, `bit.ly`: letters or digits, a dot, then a word of two
 * letters or more). Dots IDNA reads as dots (。．｡) count as dots. A name goes into the shop's mails, so a
 * link there would be one the shop seems to send. A real name has no dot glued to the word after it:
 * initials are "J. Dupont", "J.-P." or "J.P." (one letter after the dot), which all pass.
 */
const LINK = /:\/\/|www[.\u3002\uFF0E\uFF61]|[\p{L}\p{N}][.\u3002\uFF0E\uFF61]\p{L}{2,}/iu;
export const looksLikeLink = (text: string): boolean => LINK.test(text);
/** A text that cannot read as a link ("Ce champ ne peut pas contenir d’adresse web…"). */
const withoutLink = <S extends z.ZodMiniType<string>>(schema: S) =>
  schema.check(z.refine((text) => !looksLikeLink(text), because('link', 'LINK_NOT_ALLOWED')));

/** No control character (a line break in a name), nothing invisible: every one-line text keeps these. */
export const plainText = <S extends z.ZodMiniType<string>>(schema: S) =>
  schema.check(
    z.refine((text) => !hasControlCharacters(text), because('forbidden_characters', 'INVALID_CHARACTERS')),
    z.refine((text) => !hasInvisibleCharacters(text), because('invisible_characters', 'INVISIBLE_CHARACTERS')),
  );

// ── People ──────────────────────────────────────────────────────────────────────────────────────

/** Required, at most 255 characters, an e-mail address ("L'email est invalide."); an empty one is only "required". */
export const email = z.string().check(
  z.trim(),
  z.minLength(1),
  z.maxLength(LIMITS.email),
  z.refine((text) => text === '' || isEmailAddress(text), because('email', 'INVALID_EMAIL')),
);
/** A new password: 5 to 255 characters, never trimmed. */
export const newPassword = z.string().check(z.minLength(LIMITS.passwordMin), z.maxLength(LIMITS.passwordMax));
/**
 * A password typed to log in or to prove it is you: only required (its rules were checked when it was
 * set); anything longer than 255 cannot be one we stored, so it is refused before hashing it.
 */
export const givenPassword = z.string().check(z.minLength(1), z.maxLength(LIMITS.passwordMax));
/** The new password typed a second time: required, and equal to the first (checked by `confirmed`). */
export const passwordConfirmation = z.string().check(z.minLength(1), z.maxLength(LIMITS.passwordMax));
/** The confirmation must repeat the new password ("Les deux mots de passe ne sont pas identiques."). */
export const confirmed = <T extends { newPassword: string; confirmNewPassword: string }>(value: T, ctx: z.core.$RefinementCtx<T>) => {
  if (typeof value.confirmNewPassword === 'string' && value.confirmNewPassword !== '' && value.confirmNewPassword !== value.newPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmNewPassword'], ...because('mismatch', 'PASSWORDS_NOT_EQUAL') });
  }
};
/** Cross-field rules run even when a field failed, so a form shows every error at once. */
export const always = { when: () => true } as { when: () => boolean };

/**
 * First or last name: 1 to 255 characters, trimmed, one line, nothing invisible, no emoji, nothing that reads
 * as a link (a name is printed on parcels' labels and in mails). Accents, diaereses and apostrophes are a
 * person's name (Zoë, D'Hondt): SPEC's forbidden characters are an address's (addresses.ts), whose form
 * offers a label-safe spelling.
 */
export const personName = withoutLink(withoutEmoji(plainText(z.string().check(z.trim(), z.minLength(1), z.maxLength(LIMITS.name)))));
export const GENDERS = ['m', 'f'] as const;

/** Empty strings (and blanks) from a cleared form field mean "no value". */
export const blankToNull = <T>(value: T): T | null => (typeof value === 'string' && value.trim() === '' ? null : value);
/** Gender in a body: m, f, or none (null or blank). */
// Typed without the blank: the site sends m, f or null; a blank from another client still reads as none.
export const optionalGender = z.optional(
  z.pipe(
    z.transform((value: (typeof GENDERS)[number] | null): (typeof GENDERS)[number] | null | undefined => blankToNull(value)),
    z.nullish(z.enum(GENDERS)),
  ),
);

const DATE_VIOLATIONS: Record<DateIssue['code'], ViolationCode> = {
  invalid_date: 'INVALID_DATE',
  date_too_late: 'DATE_NOT_IN_PAST',
  too_old: 'DATE_TOO_OLD',
  date_too_early: 'INVALID_DATE',
};
/** A date check's issue in both vocabularies. */
export const dateIssue = (issue: DateIssue) => because(issue.code, DATE_VIOLATIONS[issue.code], issue.params);

/**
 * A person's birthday: optional (null or blank is none, absent stays absent: "not changed"); a real date
 * `YYYY-MM-DD` (a time part is accepted and dropped), not after today, at most 120 years ago.
 */
export const birthDate = (clock: Clock = systemClock) =>
  z.optional(
    z.pipe(
      z.transform((value: string | null): string | null | undefined => blankToNull(value)),
      z.nullish(
        z.pipe(
          z.string().check(z.trim(), z.maxLength(40)),
          z.transform((text, ctx) => {
            const day = /^(\d{4}-\d{2}-\d{2})(?:[T ][0-9:.+\-Z]*)?$/.exec(text)?.[1] ?? text;
            const issue = checkBirthDate(day, clock);
            if (issue) ctx.issues.push({ code: 'custom', input: text, ...dateIssue(issue) });
            return issue?.code === 'invalid_date' ? z.NEVER : day;
          }),
        ),
      ),
    ),
  );

// ── Codes and references ────────────────────────────────────────────────────────────────────────

export const languageCode = z.enum(languages);
export const localeCode = z.enum(localeCodes);
export const channelCode = z.enum(channelCodes);
/** An IRI or code in a body: bounded so it never costs more than a regular expression. */
export const reference = z.string().check(z.trim(), z.minLength(1), z.maxLength(255));
