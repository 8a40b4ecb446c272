/**
 * Which message keys an error tries, and its values written the local way: the rule shared by the build's
 * texts (messages.ts, over the whole catalogue) and the islands' (islands/shared/forms/text.ts, over the
 * sections a page gave them). Apart from messages.ts so that an island importing it does not bring the
 * catalogue along (its spreads of every section cannot be shaken out of a bundle).
 */
import type { Values } from '../../i18n/core.ts';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Dates in messages read the local way: 01/01/1970 in French and in Belgian Dutch alike. */
export function localValues(values: Values = {}): Values {
  const out: Values = {};
  for (const [name, value] of Object.entries(values)) {
    const date = typeof value === 'string' ? ISO_DATE.exec(value) : null;
    out[name] = date ? [date[3], date[2], date[1]].join('/') : value;
  }
  return out;
}

/** The message keys tried for an error, in order (a form-level error tries `forms.{form}.errors.{code}`). */
export function messageKeys(form: string, field: string, code: string): string[] {
  if (code.startsWith('forms.')) return [code];
  // Nested paths (birthday.birthday_years, items.0.quantity) are looked up by their last named segment too.
  const named = field.split('.').filter((part) => !/^\d+$/.test(part));
  const fields = [...new Set([named.join('.'), named.at(-1) ?? ''])].filter((f) => f !== '');
  const own = fields.length > 0 ? fields.map((f) => `forms.${form}.${f}.errors.${code}`) : [`forms.${form}.errors.${code}`];
  return [...own, `forms.errors.${code}`];
}
