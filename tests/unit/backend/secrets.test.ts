/** The comparison of a secret a caller sends with the platform's (src/backend/secrets.ts). */
import { describe, expect, it } from 'vitest';
import { sameSecret } from '../../../src/backend/secrets.ts';

const SECRET = 'staff-token-of-the-unit-tests';

describe('sameSecret', () => {
  it('is true for the secret only', () => {
    expect(sameSecret(SECRET, SECRET)).toBe(true);
    expect(sameSecret(`${SECRET}x`, SECRET)).toBe(false);
    expect(sameSecret(SECRET.slice(1), SECRET)).toBe(false);
    expect(sameSecret('', SECRET)).toBe(false);
    expect(sameSecret('x'.repeat(SECRET.length), SECRET)).toBe(false);
  });

  it('answers false, never throws, for texts of the same length in characters but not in bytes', () => {
    expect(sameSecret(`é${SECRET.slice(1)}`, SECRET)).toBe(false);
    expect(sameSecret(`🐕${SECRET.slice(2)}`, SECRET)).toBe(false);
    expect(sameSecret('é', 'e')).toBe(false);
    expect(sameSecret('é', 'é')).toBe(true);
  });
});
