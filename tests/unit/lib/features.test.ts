import { describe, expect, it } from 'vitest';
import { featuresOff, routeEnabled } from '../../../src/lib/features.ts';

describe('feature flags', () => {
  it('leave every route on by default', () => {
    expect(routeEnabled('animals', featuresOff(undefined))).toBe(true);
    expect(routeEnabled('sponsorships', featuresOff(''))).toBe(true);
  });
  it('turn off the routes of a feature, and only those', () => {
    const off = featuresOff('animals, referral');
    expect(routeEnabled('animals', off)).toBe(false);
    expect(routeEnabled('animalEdit', off)).toBe(false);
    expect(routeEnabled('sponsorships', off)).toBe(false);
    expect(routeEnabled('addresses', off)).toBe(true);
  });
  it('refuse an unknown feature name', () => {
    expect(() => featuresOff('animal')).toThrow(/Unknown feature/);
  });
});
