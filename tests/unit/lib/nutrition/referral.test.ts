/** The one rule for when a pet must see a vet first, and where the pregnancy question can apply. */
import { describe, expect, it } from 'vitest';
import { canBePregnantOrNursing, VET_MESSAGES, vetReferral } from '../../../../src/lib/nutrition/referral.ts';

describe('the referral to a vet', () => {
  const pet = { condition: 'ideal' as const, feature: null };

  it('sends a pregnant or nursing female to the vet, after a pathology and before her shape', () => {
    expect(vetReferral(pet)).toBeNull();
    expect(vetReferral({ ...pet, pregnantOrNursing: false })).toBeNull();
    expect(vetReferral({ ...pet, pregnantOrNursing: true })).toBe('pregnantOrNursing');
    expect(vetReferral({ ...pet, condition: 'obese', pregnantOrNursing: true })).toBe('pregnantOrNursing');
    expect(vetReferral({ ...pet, feature: 'diabetes', pregnantOrNursing: true })).toBe('pathology');
  });

  it('says why in both languages, for both species', () => {
    for (const lang of ['fr', 'nl'] as const)
      for (const species of ['dog', 'cat'] as const)
        expect(VET_MESSAGES[lang].pregnantOrNursing[species]).toMatch(/vétérinaire|dierenarts/);
    expect(VET_MESSAGES.fr.pregnantOrNursing.dog).toContain('gestante ou qui allaite');
    expect(VET_MESSAGES.nl.pregnantOrNursing.cat).toContain('drachtig of zogend');
  });

  it('asks a pregnancy of an intact female of 12 months or more only', () => {
    const female = { female: true, sterilised: false, ageMonths: 12 };
    expect(canBePregnantOrNursing(female)).toBe(true);
    expect(canBePregnantOrNursing({ ...female, female: false })).toBe(false);
    expect(canBePregnantOrNursing({ ...female, sterilised: true })).toBe(false);
    expect(canBePregnantOrNursing({ ...female, ageMonths: 11 })).toBe(false);
  });
});
