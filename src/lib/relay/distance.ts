import { intlLocaleOf, type Language } from '../channels.ts';

/** Mean radius of the Earth (IUGG), in metres: the sphere the carrier's distances are measured on. */
const EARTH_RADIUS_METRES = 6_371_008.8;

export interface Coordinates {
  latitude: number;
  longitude: number;
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * The great-circle distance between two points, in metres (haversine formula). On the scale of a relay-point
 * search (a few kilometres) the sphere is off by less than 0.5 % from the ellipsoid: well under a street.
 */
export function distanceMetres(a: Coordinates, b: Coordinates): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  // min() keeps asin's argument in range when rounding pushes h a hair above 1 (antipodes).
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A relay point's distance as the shopper reads it: kilometres with one decimal, in the page's language ("1,2" in both). */
export const formatDistanceKm = (metres: number, language: Language): string =>
  new Intl.NumberFormat(intlLocaleOf(language), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(metres / 1000);
