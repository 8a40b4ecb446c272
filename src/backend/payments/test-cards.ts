/**
 * The sandbox's documented test cards. The outcome of a card is decided once, when the card form
 * tokenises it: only that outcome travels with the token, never the number or the CVC. Like Mollie's
 * test mode, any other valid Visa or Mastercard number is accepted.
 */
import { cardDigits, isCardNumber } from '../../lib/payments/card-details.ts';

export type FailureReason = 'insufficient_funds' | 'refused_by_issuer' | 'card_expired' | 'authentication_failed';
type CardLabel = 'Visa' | 'Mastercard';

export interface TestCard {
  number: string;
  label: CardLabel;
  /** paid at once, refused by the bank (reason and the bank's response code), or a 3-D Secure step first. */
  outcome: 'paid' | 'refused' | 'three_d_secure';
  failureReason?: FailureReason;
  bankReasonCode?: string;
  /** What the card is for, as the README lists it. */
  use: string;
}

/** Any future expiry date and any three-digit CVC go with these numbers. */
export const SANDBOX_TEST_CARDS: readonly TestCard[] = [
  { number: '4543474002249996', label: 'Visa', outcome: 'paid', use: 'accepted' },
  { number: '2223000010479399', label: 'Mastercard', outcome: 'paid', use: 'accepted' },
  {
    number: '4000000000009995',
    label: 'Visa',
    outcome: 'refused',
    failureReason: 'insufficient_funds',
    bankReasonCode: '51',
    use: 'refused: insufficient funds (51)',
  },
  {
    number: '4000000000000002',
    label: 'Visa',
    outcome: 'refused',
    failureReason: 'refused_by_issuer',
    bankReasonCode: '05',
    use: 'refused: do not honour (05)',
  },
  {
    number: '5105105105105100',
    label: 'Mastercard',
    outcome: 'refused',
    failureReason: 'refused_by_issuer',
    bankReasonCode: '05',
    use: 'refused: do not honour (05)',
  },
  {
    number: '4000000000000069',
    label: 'Visa',
    outcome: 'refused',
    failureReason: 'card_expired',
    bankReasonCode: '54',
    use: 'refused: expired card (54)',
  },
  { number: '4000000000003220', label: 'Visa', outcome: 'three_d_secure', use: '3-D Secure: a challenge page, then paid or failed' },
];

/** The bank's response code of a refused 3-D Secure authentication (the cardholder failed the step). */
export const AUTHENTICATION_FAILED_CODE = '1A';

/** Visa starts with 4; Mastercard with 51 to 55 or 2221 to 2720. Other brands are not taken by the shop. */
function brandOf(digits: string): CardLabel | undefined {
  if (/^4\d{15}$/.test(digits)) return 'Visa';
  const prefix = Number(digits.slice(0, 4));
  if (/^\d{16}$/.test(digits) && (/^5[1-5]/.test(digits) || (prefix >= 2221 && prefix <= 2720))) return 'Mastercard';
  return undefined;
}

/** The card's brand and outcome, or why the number is not a card (invalid or a brand the shop does not take). */
export function classifyCard(cardNumber: string): TestCard | 'invalid' | 'unsupported' {
  if (!isCardNumber(cardNumber)) return 'invalid';
  const digits = cardDigits(cardNumber);
  const known = SANDBOX_TEST_CARDS.find((card) => card.number === digits);
  if (known) return known;
  const label = brandOf(digits);
  return label ? { number: digits, label, outcome: 'paid', use: 'accepted' } : 'unsupported';
}
