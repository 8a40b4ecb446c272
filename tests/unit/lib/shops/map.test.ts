import { describe, expect, it } from 'vitest';
import {
  EDGE_PADDING,
  HOME_BOUNDS,
  MIN_SPAN,
  TILE_SIZE,
  frameTiles,
  mapFrame,
  projectPoint,
  shopBounds,
  tileGrid,
  tileUrl,
  type LonLat,
  type MapFrame,
  type MapKind,
} from '../../../../src/lib/shops/map-projection.ts';
import { countryOutlines } from '../../../../src/lib/shops/map-outlines.ts';

const city = (latitude: number, longitude: number): LonLat => ({ latitude, longitude });
const places = {
  paris: city(48.8589, 2.3795),
  lyon: city(45.764, 4.8357),
  marseille: city(43.2965, 5.3698),
  bordeaux: city(44.8378, -0.5792),
  lille: city(50.6292, 3.0573),
  brest: city(48.3904, -4.4861),
  nice: city(43.7102, 7.262),
  strasbourg: city(48.5734, 7.7521),
  brussels: city(50.8503, 4.3517),
  antwerp: city(51.2194, 4.4025),
  liege: city(50.6326, 5.5797),
  ghent: city(51.0543, 3.7174),
  luxembourg: city(49.6116, 6.1319),
  corte: city(42.3063, 9.1497),
};
const shopSets: Record<string, LonLat[]> = {
  all: Object.values(places),
  mainland: [places.paris, places.lyon, places.marseille, places.bordeaux, places.lille, places.brest, places.brussels, places.luxembourg],
  belgium: [places.brussels, places.antwerp, places.liege, places.ghent],
  lone: [places.luxembourg],
};
const kinds: MapKind[] = ['outline', 'tiles'];

describe('bounds', () => {
  it('shows France, Belgium and Luxembourg when there is no shop', () => {
    expect(shopBounds([])).toEqual(HOME_BOUNDS);
  });

  it('keeps a margin around the shops', () => {
    const bounds = shopBounds(shopSets.mainland ?? []);
    expect(bounds.west).toBeLessThan(places.brest.longitude);
    expect(bounds.east).toBeGreaterThan(places.luxembourg.longitude);
    expect(bounds.south).toBeLessThan(places.marseille.latitude);
    expect(bounds.north).toBeGreaterThan(places.lille.latitude);
  });

  it('shows a region around a lone shop', () => {
    const bounds = shopBounds([places.paris]);
    expect(bounds.east - bounds.west).toBeCloseTo(MIN_SPAN.longitude);
    expect(bounds.north - bounds.south).toBeCloseTo(MIN_SPAN.latitude);
    expect((bounds.east + bounds.west) / 2).toBeCloseTo(places.paris.longitude);
    expect((bounds.north + bounds.south) / 2).toBeCloseTo(places.paris.latitude);
  });
});

describe.each(kinds)('pins on a %s map', (kind) => {
  it.each(Object.entries(shopSets))('stay inside the drawing, clear of the edges (%s)', (_, shops) => {
    const frame = mapFrame(shops, { kind, width: 800, height: 600 });
    for (const shop of shops) {
      const [x, y] = projectPoint(frame, shop) ?? [Number.NaN, Number.NaN];
      expect(x).toBeGreaterThanOrEqual(EDGE_PADDING.left - 0.1);
      expect(x).toBeLessThanOrEqual(frame.width - EDGE_PADDING.right + 0.1);
      expect(y).toBeGreaterThanOrEqual(EDGE_PADDING.top - 0.1);
      expect(y).toBeLessThanOrEqual(frame.height - EDGE_PADDING.bottom + 0.1);
    }
  });

  it('fills the drawing with the shops\u2019 bounds', () => {
    const frame = mapFrame(shopSets.all ?? [], { kind, width: 800, height: 600 });
    const { west, south, east, north } = frame.bounds;
    const corners = [
      [west, south],
      [west, north],
      [east, south],
      [east, north],
    ].map(([longitude = 0, latitude = 0]) => projectPoint(frame, { longitude, latitude }) ?? [0, 0]);
    const xs = corners.map(([x]) => x);
    const ys = corners.map(([, y]) => y);
    const usedWidth = Math.max(...xs) - Math.min(...xs);
    const usedHeight = Math.max(...ys) - Math.min(...ys);
    const free = { width: 800 - EDGE_PADDING.left - EDGE_PADDING.right, height: 600 - EDGE_PADDING.top - EDGE_PADDING.bottom };
    expect(Math.max(usedWidth / free.width, usedHeight / free.height)).toBeGreaterThan(0.97);
  });

  it('puts north up and east right', () => {
    const frame = mapFrame(shopSets.mainland ?? [], { kind });
    const [lilleX = 0, lilleY = 0] = projectPoint(frame, places.lille) ?? [];
    const [marseilleX = 0, marseilleY = 0] = projectPoint(frame, places.marseille) ?? [];
    const [brestX = 0] = projectPoint(frame, places.brest) ?? [];
    expect(lilleY).toBeLessThan(marseilleY);
    expect(brestX).toBeLessThan(lilleX);
    expect(lilleX).toBeLessThan(marseilleX);
  });
});

/** The textbook slippy-map position of a point at zoom z, in tiles (fractional). */
function slippy(point: LonLat, zoom: number): { x: number; y: number } {
  const n = 2 ** zoom;
  const latitude = (point.latitude * Math.PI) / 180;
  return {
    x: ((point.longitude + 180) / 360) * n,
    y: ((1 - Math.log(Math.tan(latitude) + 1 / Math.cos(latitude)) / Math.PI) / 2) * n,
  };
}

describe('raster tiles', () => {
  const frames = Object.entries(shopSets).map(
    ([name, shops]) => [name, shops, mapFrame(shops, { kind: 'tiles', width: 800, height: 600 })] as const,
  );

  it('are only drawn under a Web Mercator map', () => {
    expect(frameTiles(mapFrame(shopSets.all ?? [], { kind: 'outline' }))).toBeNull();
  });

  it.each(frames)('cover the whole drawing without gaps or overlaps (%s)', (_, _shops, frame) => {
    const grid = frameTiles(frame);
    if (!grid) throw new Error('no tiles');
    expect(grid.size).toBeGreaterThan(TILE_SIZE / 2);
    expect(grid.size).toBeLessThanOrEqual(TILE_SIZE + 1e-6);
    const lefts = [...new Set(grid.tiles.map((tile) => tile.left))].sort((a, b) => a - b);
    const tops = [...new Set(grid.tiles.map((tile) => tile.top))].sort((a, b) => a - b);
    expect(grid.tiles).toHaveLength(lefts.length * tops.length);
    expect(lefts[0]).toBeLessThanOrEqual(0);
    expect(tops[0]).toBeLessThanOrEqual(0);
    expect((lefts.at(-1) ?? 0) + grid.size).toBeGreaterThanOrEqual(frame.width);
    expect((tops.at(-1) ?? 0) + grid.size).toBeGreaterThanOrEqual(frame.height);
    for (const [index, left] of lefts.slice(1).entries()) expect(left - (lefts[index] ?? 0)).toBeCloseTo(grid.size, 6);
    // No tile entirely outside the drawing.
    for (const tile of grid.tiles) {
      expect(tile.left).toBeLessThan(frame.width);
      expect(tile.left + tile.size).toBeGreaterThan(0);
      expect(tile.top).toBeLessThan(frame.height);
      expect(tile.top + tile.size).toBeGreaterThan(0);
    }
  });

  it.each(frames)('line up with the pins as the tile provider numbers them (%s)', (_, shops, frame) => {
    const grid = frameTiles(frame);
    if (!grid) throw new Error('no tiles');
    for (const shop of shops) {
      const expected = slippy(shop, grid.zoom);
      const tile = grid.tiles.find((candidate) => candidate.x === Math.floor(expected.x) && candidate.y === Math.floor(expected.y));
      expect(tile, `tile of ${JSON.stringify(shop)}`).toBeDefined();
      if (!tile) continue;
      const [x = 0, y = 0] = frame.projection([shop.longitude, shop.latitude]) ?? [];
      expect(x).toBeCloseTo(tile.left + (expected.x - tile.x) * tile.size, 6);
      expect(y).toBeCloseTo(tile.top + (expected.y - tile.y) * tile.size, 6);
    }
  });

  it('picks the zoom whose tiles are shown at most at their native size', () => {
    // 2πk = 256 · 2^6.5: zoom 7 tiles are shown at 181 units.
    const scale = (TILE_SIZE * 2 ** 6.5) / (2 * Math.PI);
    const grid = tileGrid({ scale, translate: [400, 300], width: 800, height: 600 });
    expect(grid.zoom).toBe(7);
    expect(grid.size).toBeCloseTo(TILE_SIZE / Math.SQRT2, 6);
  });

  it('wraps columns around the antimeridian and keeps rows inside the world', () => {
    const scale = TILE_SIZE / (2 * Math.PI);
    const grid = tileGrid({ scale, translate: [100, 128], width: 800, height: 600 });
    expect(grid.zoom).toBe(0);
    expect(grid.tiles.every((tile) => tile.x === 0 && tile.y === 0)).toBe(true);
    expect(grid.tiles.length).toBeGreaterThan(1);
  });

  it('fills the XYZ template', () => {
    expect(tileUrl('https://tile.example.org/{z}/{x}/{y}.png', { z: 7, x: 64, y: 44 })).toBe('https://tile.example.org/7/64/44.png');
    expect(tileUrl('https://{s}.tile.example.org/{z}/{x}/{y}@2x.png', { z: 7, x: 65, y: 44 })).toBe(
      'https://b.tile.example.org/7/65/44@2x.png',
    );
  });
});

/** Absolute rings of a path written as "M x y l dx dy … z". */
function rings(d: string): [number, number][][] {
  return [...d.matchAll(/M([^l]+)l([^Mz]*)z?/g)].map(([, start = '', offsets = '']) => {
    const [x0 = 0, y0 = 0] = numbers(start);
    const ring: [number, number][] = [[x0, y0]];
    const deltas = numbers(offsets);
    for (let index = 0; index + 1 < deltas.length; index += 2) {
      const [px, py] = ring.at(-1) ?? [0, 0];
      ring.push([px + (deltas[index] ?? 0), py + (deltas[index + 1] ?? 0)]);
    }
    return ring;
  });
}
const numbers = (text: string): number[] => (text.match(/-?(\d+\.?\d*|\.\d+)/g) ?? []).map(Number);
/** Even-odd rule over all rings, as SVG fills them. */
function inside(point: [number, number], paths: [number, number][][]): boolean {
  let crossings = 0;
  for (const ring of paths) {
    for (let index = 0, previous = ring.length - 1; index < ring.length; previous = index, index += 1) {
      const [xi = 0, yi = 0] = ring[index] ?? [];
      const [xj = 0, yj = 0] = ring[previous] ?? [];
      if (yi > point[1] !== yj > point[1] && point[0] < ((xj - xi) * (point[1] - yi)) / (yj - yi) + xi) crossings += 1;
    }
  }
  return crossings % 2 === 1;
}

describe.each(kinds)('country outlines on a %s map', (kind) => {
  const frameOf = (shops: LonLat[]): MapFrame => mapFrame(shops, { kind, width: 800, height: 600 });

  it('draws the shop countries and their neighbours, compactly', () => {
    const outlines = countryOutlines(frameOf(shopSets.all ?? []).projection);
    const byName = new Map(outlines.map((outline) => [outline.name, outline]));
    for (const name of ['France', 'Belgium', 'Luxembourg']) expect(byName.get(name)?.shopCountry, name).toBe(true);
    for (const name of ['Germany', 'Switzerland', 'United Kingdom', 'Netherlands', 'Spain', 'Italy'])
      expect(byName.get(name)?.shopCountry, name).toBe(false);
    // Shop countries come last so their borders are drawn on top.
    expect(outlines.findIndex((outline) => outline.shopCountry)).toBe(outlines.length - 3);
    const bytes = outlines.reduce((total, outline) => total + outline.d.length, 0);
    expect(bytes).toBeLessThan(30_000);
    for (const outline of outlines) expect(outline.d).not.toMatch(/\d\.\d\d/);
  });

  it('puts each shop inside its own country', () => {
    const frame = frameOf(shopSets.all ?? []);
    const outlines = new Map(countryOutlines(frame.projection).map((outline) => [outline.name, rings(outline.d)]));
    const check = (place: LonLat, country: string, expected = true) => {
      const point = projectPoint(frame, place);
      if (!point) throw new Error('not projected');
      expect(inside(point, outlines.get(country) ?? []), `${JSON.stringify(place)} in ${country}`).toBe(expected);
    };
    for (const place of [places.paris, places.lyon, places.bordeaux, places.lille, places.strasbourg, places.corte]) check(place, 'France');
    for (const place of [places.brussels, places.antwerp, places.liege, places.ghent]) check(place, 'Belgium');
    check(places.luxembourg, 'Luxembourg');
    check(places.brussels, 'France', false);
    check(places.luxembourg, 'Belgium', false);
  });

  it('leaves out countries outside the frame', () => {
    const names = countryOutlines(frameOf(shopSets.belgium ?? []).projection).map((outline) => outline.name);
    expect(names).toEqual(expect.arrayContaining(['Belgium', 'Netherlands', 'France']));
    expect(names).not.toContain('Spain');
    expect(names).not.toContain('Italy');
  });
});
