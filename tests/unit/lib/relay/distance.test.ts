import { describe, expect, it } from 'vitest';
import { distanceMetres } from '../../../../src/lib/relay/distance.ts';

const paris = { latitude: 48.8566, longitude: 2.3522 };
const lyon = { latitude: 45.764, longitude: 4.8357 };

describe('distanceMetres (haversine)', () => {
  it('is zero from a point to itself, and the same both ways', () => {
    expect(distanceMetres(paris, paris)).toBe(0);
    expect(distanceMetres(paris, lyon)).toBeCloseTo(distanceMetres(lyon, paris), 6);
  });

  it('measures Paris–Lyon as the crow flies: about 392 km', () => {
    expect(distanceMetres(paris, lyon)).toBeGreaterThan(390_000);
    expect(distanceMetres(paris, lyon)).toBeLessThan(394_000);
  });

  it('measures a degree of latitude as about 111.2 km, and a degree of longitude as less in the north', () => {
    expect(distanceMetres({ latitude: 45, longitude: 2 }, { latitude: 46, longitude: 2 })).toBeCloseTo(111_195, -1);
    // At 48.85° N a degree of longitude is cos(48.85°) of a degree at the equator.
    const east = distanceMetres({ latitude: 48.85, longitude: 2 }, { latitude: 48.85, longitude: 3 });
    expect(east / 111_195).toBeCloseTo(Math.cos((48.85 * Math.PI) / 180), 3);
  });

  it('stays finite at the antipodes', () => {
    expect(distanceMetres({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBeCloseTo(Math.PI * 6_371_008.8, 0);
  });
});
