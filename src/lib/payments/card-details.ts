/**
 * A card's four details as the card form collects them, and what makes each one readable: the rules the
 * sandbox's card-token endpoint applies (src/backend/payments/customers.ts), which the sandbox's form checks
 * before sending, so that every detail mistyped is said under its field at once, before an order is placed.
 * (In production Mollie Components check their own fields.) Framework-free: the browser and the sandbox
 * read the same rules.
 */

export interface CardDetails {
  cardHolder: string;
  cardNumber: string;
  /** MM/YY. */
  expiryDate: string;
  verificationCode: string;
}
export type CardField = keyof CardDetails;
/** The four fields, in the order the form shows them. */
export const CARD_FIELDS: readonly CardField[] = ['cardNumber', 'expiryDate', 'verificationCode', 'cardHolder'];

export const EXPIRY_DATE = /^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/;
export const VERIFICATION_CODE = /^\d{3,4}$/;

/** The number's digits, without the spaces or dashes it is often typed with. */
export const cardDigits = (cardNumber: string): string => cardNumber.replace(/[\s-]/g, '');

/** The check digit every card number carries (ISO/IEC 7812): one digit mistyped or two swapped fails it. */
function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

export const isCardNumber = (cardNumber: string): boolean => {
  const digits = cardDigits(cardNumber);
  return /^\d{12,19}$/.test(digits) && luhnValid(digits);
};

/** The last day of the card's expiry month (YYYY-MM-DD), or null when the date is not MM/YY or that day is past. */
export function expiryEnd(expiryDate: string, now: Date): string | null {
  if (!EXPIRY_DATE.test(expiryDate.trim())) return null;
  const [month, year] = expiryDate.split('/').map((part) => Number(part.trim()));
  const lastDay = new Date(Date.UTC(2000 + year!, month!, 0));
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return lastDay < today ? null : lastDay.toISOString().slice(0, 10);
}

/** The details that cannot make a card, in the form's order (none: the provider may take it). */
export function cardProblems(card: CardDetails, now: Date): CardField[] {
  const valid: Record<CardField, boolean> = {
    cardNumber: isCardNumber(card.cardNumber),
    expiryDate: expiryEnd(card.expiryDate, now) !== null,
    verificationCode: VERIFICATION_CODE.test(card.verificationCode.trim()),
    cardHolder: card.cardHolder.trim() !== '',
  };
  return CARD_FIELDS.filter((field) => !valid[field]);
}
