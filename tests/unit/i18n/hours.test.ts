/**
 * One way to write hours and distances wherever the site shows them (shop hours, opening tags, relay points):
 * "9 h 30" and "19 h" in French, "9.30" and "19.00 uur" in Dutch, kilometres with a decimal comma.
 */
import { describe, expect, it } from 'vitest';
import { formatDistanceKm } from '../../../src/lib/relay/distance.ts';
import { formatClockTime, formatSpan } from '../../../src/lib/shops/opening-tags.ts';

describe('hours', () => {
  it('are written the French way, with non-breaking spaces and no minutes on the hour', () => {
    expect(formatClockTime('09:30', 'fr')).toBe('9\u00A0h\u00A030');
    expect(formatClockTime('19:00', 'fr')).toBe('19\u00A0h');
    expect(formatSpan(['09:00', '12:30'], 'fr')).toBe('9\u00A0h\u00A0– 12\u00A0h\u00A030');
  });

  it('are written the Belgian Dutch way, with "uur" after a span', () => {
    expect(formatClockTime('09:30', 'nl')).toBe('9.30');
    expect(formatClockTime('19:00', 'nl')).toBe('19.00');
    expect(formatSpan(['14:00', '19:00'], 'nl')).toBe('14.00\u00A0– 19.00\u00A0uur');
  });
});

describe('relay point distances', () => {
  it('have one decimal, with the comma both languages use', () => {
    expect(formatDistanceKm(1234, 'fr')).toBe('1,2');
    expect(formatDistanceKm(800, 'nl')).toBe('0,8');
    expect(formatDistanceKm(12_000, 'fr')).toBe('12,0');
  });
});
