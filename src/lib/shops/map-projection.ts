/**
 * Geometry of the shop map (ShopMap.astro), computed at build time: which part of the world is drawn,
 * where each shop's pin goes, and which raster tiles cover the drawing when a tile provider is set.
 *
 * Without tiles the map is drawn in a Lambert conformal conic projection, the one French maps use
 * (Lambert-93: parallels 44° and 49°, meridian 3° E), which gives France its familiar shape. With tiles it
 * is drawn in Web Mercator, the projection tiles are cut in, so pins and outlines line up with them.
 */
import { geoConicConformal, geoMercator, type GeoProjection } from 'd3-geo';

export interface LonLat {
  longitude: number;
  latitude: number;
}
export interface Bounds {
  west: number;
  south: number;
  east: number;
  north: number;
}
export type MapKind = 'outline' | 'tiles';

/** Width of the drawing in SVG units; the map scales to its container, keeping its height ratio. */
export const MAP_WIDTH = 800;
export const DEFAULT_MAP_HEIGHT = 640;
/** What is shown with no shop at all: France, Belgium and Luxembourg. */
export const HOME_BOUNDS: Bounds = { west: -4.9, south: 42.3, east: 8.3, north: 51.5 };
/** A lone shop, or shops in one town, still show their region rather than a street-level blank. */
export const MIN_SPAN = { longitude: 6, latitude: 4 } as const;
/** Land kept around the outermost shops, as a share of the shops' spread. */
const MARGIN_RATIO = 0.12;
/** Room kept inside the edges (SVG units) so that pins, which stand above their point, are never cut. */
export const EDGE_PADDING = { top: 36, right: 16, bottom: 12, left: 16 } as const;

/** Bounds of the shops with a margin, never smaller than MIN_SPAN. */
export function shopBounds(points: readonly LonLat[]): Bounds {
  if (points.length === 0) return HOME_BOUNDS;
  const longitudes = points.map((point) => point.longitude);
  const latitudes = points.map((point) => point.latitude);
  const widen = (low: number, high: number, min: number): [number, number] => {
    const margin = (high - low) * MARGIN_RATIO;
    const [from, to] = [low - margin, high + margin];
    const missing = Math.max(0, min - (to - from)) / 2;
    return [from - missing, to + missing];
  };
  const [west, east] = widen(Math.min(...longitudes), Math.max(...longitudes), MIN_SPAN.longitude);
  const [south, north] = widen(Math.min(...latitudes), Math.max(...latitudes), MIN_SPAN.latitude);
  return { west, south: Math.max(south, -80), east, north: Math.min(north, 80) };
}

export interface MapFrame {
  kind: MapKind;
  width: number;
  height: number;
  bounds: Bounds;
  /** Projects [longitude, latitude] to SVG units; clipped to the drawing (with a hair of bleed) for paths. */
  projection: GeoProjection;
}

/**
 * Fits the shops' bounds into a width × height drawing. The bounds are sampled along their edges, not
 * just at the corners, because parallels are curves in a conic projection.
 */
export function mapFrame(points: readonly LonLat[], options: { kind: MapKind; width?: number; height?: number }): MapFrame {
  const width = options.width ?? MAP_WIDTH;
  const height = options.height ?? DEFAULT_MAP_HEIGHT;
  const bounds = shopBounds(points);
  const samples: [number, number][] = [];
  for (let step = 0; step <= 8; step += 1) {
    const longitude = bounds.west + ((bounds.east - bounds.west) * step) / 8;
    const latitude = bounds.south + ((bounds.north - bounds.south) * step) / 8;
    samples.push([longitude, bounds.south], [longitude, bounds.north], [bounds.west, latitude], [bounds.east, latitude]);
  }
  const projection = options.kind === 'tiles' ? geoMercator() : geoConicConformal().parallels([44, 49]).rotate([-3, 0]);
  projection.fitExtent(
    [
      [EDGE_PADDING.left, EDGE_PADDING.top],
      [width - EDGE_PADDING.right, height - EDGE_PADDING.bottom],
    ],
    { type: 'MultiPoint', coordinates: samples },
  );
  projection.clipExtent([
    [-1, -1],
    [width + 1, height + 1],
  ]);
  return { kind: options.kind, width, height, bounds, projection };
}

const tenth = (value: number): number => Math.round(value * 10) / 10;

/** Where a point goes on the drawing, rounded to a tenth of a unit (null if it cannot be projected). */
export function projectPoint(frame: MapFrame, point: LonLat): [number, number] | null {
  const projected = frame.projection([point.longitude, point.latitude]);
  if (!projected || !Number.isFinite(projected[0]) || !Number.isFinite(projected[1])) return null;
  return [tenth(projected[0]), tenth(projected[1])];
}

// ---------------------------------------------------------------------------------------------------------
// Raster tiles (XYZ, "slippy map" numbering: x from 180° W eastwards, y from 85.05° N southwards).

export const TILE_SIZE = 256;
const MAX_TILE_ZOOM = 18;

export interface Tile {
  z: number;
  /** Column and row as the provider numbers them (the column wraps around the antimeridian). */
  x: number;
  y: number;
  /** Placement on the drawing, in SVG units. */
  left: number;
  top: number;
  size: number;
}
export interface TileGrid {
  zoom: number;
  size: number;
  tiles: Tile[];
}

/**
 * The tiles covering a Web Mercator drawing. A d3 Mercator of scale k draws the world 2πk units wide,
 * its top-left corner at (tx − πk, ty − πk), so at zoom z a tile is 2πk / 2^z units square. The zoom is
 * the smallest one whose tiles are shown no larger than their native 256 pixels, so they stay crisp.
 */
export function tileGrid(view: { scale: number; translate: readonly [number, number]; width: number; height: number }): TileGrid {
  const world = 2 * Math.PI * view.scale;
  const zoom = Math.min(MAX_TILE_ZOOM, Math.max(0, Math.ceil(Math.log2(world / TILE_SIZE) - 1e-9)));
  const count = 2 ** zoom;
  const size = world / count;
  const originX = view.translate[0] - world / 2;
  const originY = view.translate[1] - world / 2;
  const first = (from: number, origin: number): number => Math.floor((from - origin) / size);
  const last = (to: number, origin: number): number => Math.ceil((to - origin) / size) - 1;
  const tiles: Tile[] = [];
  for (let row = Math.max(0, first(0, originY)); row <= Math.min(count - 1, last(view.height, originY)); row += 1) {
    for (let column = first(0, originX); column <= last(view.width, originX); column += 1) {
      tiles.push({
        z: zoom,
        x: ((column % count) + count) % count,
        y: row,
        left: originX + column * size,
        top: originY + row * size,
        size,
      });
    }
  }
  return { zoom, size, tiles };
}

/** The tiles of a frame drawn in Web Mercator; none for an outline map. */
export function frameTiles(frame: MapFrame): TileGrid | null {
  if (frame.kind !== 'tiles') return null;
  const [tx, ty] = frame.projection.translate();
  return tileGrid({ scale: frame.projection.scale(), translate: [tx, ty], width: frame.width, height: frame.height });
}

/** Fills an XYZ template: `{z}`, `{x}`, `{y}`, and `{s}` (a, b or c, spreading requests over hosts). */
export function tileUrl(template: string, tile: Pick<Tile, 'z' | 'x' | 'y'>): string {
  const subdomain = 'abc'[(tile.x + tile.y) % 3] ?? 'a';
  return template
    .replaceAll('{z}', String(tile.z))
    .replaceAll('{x}', String(tile.x))
    .replaceAll('{y}', String(tile.y))
    .replaceAll('{s}', subdomain);
}
