/**
 * Country outlines of the shop map, drawn at build time from Natural Earth 1:50m (the `world-atlas`
 * package) so the map works offline and ships no script and no map data to the browser: only the SVG
 * paths of the countries around the shops, clipped to the drawing and written compactly.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { geoPath, type GeoContext, type GeoProjection } from 'd3-geo';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/** The shop countries (ISO 3166 numeric, as Natural Earth numbers them), drawn stronger. */
const SHOP_COUNTRY_IDS = ['250', '056', '442'] as const;
/**
 * Neighbours drawn for context. Beyond the main ones, the small states and islands that would otherwise
 * show as holes or missing land inside the frame (Andorra, Monaco, the Channel Islands…).
 */
const NEIGHBOUR_COUNTRY_IDS = [
  '528',
  '276',
  '756',
  '380',
  '724',
  '826',
  '020',
  '492',
  '438',
  '040',
  '372',
  '620',
  '208',
  '203',
  '674',
  '336',
  '831',
  '832',
  '833',
  '705',
] as const;

type CountryProperties = { name: string };
export type CountriesTopology = Topology<{ countries: GeometryCollection<CountryProperties> }>;

let atlas: CountriesTopology | undefined;
/** Read once per build process: the file is 750 kB and every shop page draws a map. */
function countriesTopology(): CountriesTopology {
  if (!atlas) {
    const file = createRequire(import.meta.url).resolve('world-atlas/countries-50m.json');
    const parsed: CountriesTopology = JSON.parse(readFileSync(file, 'utf8'));
    atlas = parsed;
  }
  return atlas;
}

/**
 * A path context that writes "M x y l dx dy … z" with coordinates rounded to a tenth of a unit, skipping
 * points closer than `minStep` to the last one kept and rings too small to see. Offsets are taken between
 * rounded points, so rounding never accumulates.
 */
class CompactPath implements GeoContext {
  private readonly rings: string[] = [];
  private ring: [number, number][] = [];
  private readonly minStepTenths: number;

  constructor(minStepTenths: number) {
    this.minStepTenths = minStepTenths;
  }

  beginPath(): void {}
  arc(): void {}

  moveTo(x: number, y: number): void {
    this.end(false);
    this.ring = [[Math.round(x * 10), Math.round(y * 10)]];
  }

  lineTo(x: number, y: number): void {
    const point: [number, number] = [Math.round(x * 10), Math.round(y * 10)];
    const last = this.ring.at(-1);
    if (last && Math.hypot(point[0] - last[0], point[1] - last[1]) < this.minStepTenths) return;
    this.ring.push(point);
  }

  closePath(): void {
    this.end(true);
  }

  toString(): string {
    this.end(false);
    return this.rings.join('');
  }

  private end(closed: boolean): void {
    const ring = this.ring;
    this.ring = [];
    const [start] = ring;
    if (!start || ring.length < (closed ? 3 : 2)) return;
    const numbers: number[] = [];
    for (let index = 1; index < ring.length; index += 1) {
      const [x, y] = ring[index] ?? start;
      const [px, py] = ring[index - 1] ?? start;
      numbers.push(x - px, y - py);
    }
    this.rings.push(`M${join([start[0], start[1]])}l${join(numbers)}${closed ? 'z' : ''}`);
  }
}

/** Tenths as SVG numbers, as short as they go: 12 → "1.2", -3 → "-.3", separated only where needed. */
function join(tenths: readonly number[]): string {
  let out = '';
  for (const value of tenths) {
    const text = (value / 10).toString().replace(/^(-?)0\./, '$1.');
    out += out === '' || text.startsWith('-') ? text : ` ${text}`;
  }
  return out;
}

export interface CountryOutline {
  id: string;
  name: string;
  /** One of the countries the shops are in. */
  shopCountry: boolean;
  /** SVG path data in the frame's units; countries outside the frame are left out. */
  d: string;
}

/** Outlines of the shop countries and their neighbours, projected and clipped by `projection`. */
export function countryOutlines(
  projection: GeoProjection,
  options: { minStep?: number; topology?: CountriesTopology } = {},
): CountryOutline[] {
  const topology = options.topology ?? countriesTopology();
  const wanted = new Set<string>([...SHOP_COUNTRY_IDS, ...NEIGHBOUR_COUNTRY_IDS]);
  const shopCountries = new Set<string>(SHOP_COUNTRY_IDS);
  const minStepTenths = (options.minStep ?? 0.8) * 10;
  const outlines: CountryOutline[] = [];
  for (const geometry of topology.objects.countries.geometries) {
    const id = String(geometry.id ?? '');
    if (!wanted.has(id)) continue;
    const country = feature(topology, { type: 'GeometryCollection', geometries: [geometry] });
    const context = new CompactPath(minStepTenths);
    geoPath(projection, context)(country);
    const d = context.toString();
    if (d !== '')
      outlines.push({ id, name: (geometry.properties as { name?: string } | null)?.name ?? id, shopCountry: shopCountries.has(id), d });
  }
  // Shop countries last, so their stronger border is drawn over the neighbours' shared one.
  return outlines.sort((a, b) => Number(a.shopCountry) - Number(b.shopCountry));
}
