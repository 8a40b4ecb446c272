import { describe, expect, it } from 'vitest';
import { cardProblems, expiryEnd, isCardNumber } from '../../../../src/lib/payments/card-details.ts';

const now = new Date('2026-11-29T10:00:00Z');
const good = { cardHolder: 'Camille Martin', cardNumber: '4543 4740 0224 9996', expiryDate: '12/34', verificationCode: '123' };

describe('a card’s details', () => {
  it('take a number with a right check digit, typed with spaces or dashes, of 12 to 19 digits', () => {
    expect(isCardNumber('4543 4740 0224 9996')).toBe(true);
    expect(isCardNumber('2223-0000-1047-9399')).toBe(true);
    expect(isCardNumber('4543 4740 0224 9997')).toBe(false);
    expect(isCardNumber('4543 4740 0224 9969')).toBe(false);
    expect(isCardNumber('42')).toBe(false);
    expect(isCardNumber('4543 4740 0224 999a')).toBe(false);
  });

  it('run to the last day of their expiry month, which may be this one', () => {
    expect(expiryEnd('11/26', now)).toBe('2026-11-30');
    expect(expiryEnd('12 / 34', now)).toBe('2034-12-31');
    expect(expiryEnd('10/26', now)).toBeNull();
    expect(expiryEnd('13/30', now)).toBeNull();
    expect(expiryEnd('1/30', now)).toBeNull();
    expect(expiryEnd('', now)).toBeNull();
  });

  it('name every detail that cannot make a card, in the form’s order', () => {
    expect(cardProblems(good, now)).toEqual([]);
    expect(cardProblems({ cardHolder: ' ', cardNumber: '4543 4740 0224 9997', expiryDate: '13/20', verificationCode: '12' }, now)).toEqual([
      'cardNumber',
      'expiryDate',
      'verificationCode',
      'cardHolder',
    ]);
    expect(cardProblems({ ...good, verificationCode: '1234' }, now)).toEqual([]);
    expect(cardProblems({ ...good, expiryDate: '10/26' }, now)).toEqual(['expiryDate']);
  });
});
