/**
 * The shop's drawn pictures, as SVG text: a product's pack shot (a bag of dry food, a tin of wet food, a
 * pouch of treats, in the product's colour, with its recipe name and its species written in the row's
 * language), and a banner for a category, a content page or the shop itself. Framework-free:
 * the platform renders them to raster files when it seeds (src/backend/content/uploads.ts), and a page
 * whose picture is missing draws the same SVG inline.
 *
 * Text is laid out here, without a font at hand: widths are estimated from DejaVu Sans Bold's (a wide
 * font, so a narrower one still fits), and a name wraps on words into the lines its label holds, in a
 * smaller size when it must, with an ellipsis when even the smallest is too large.
 */
import type { Language } from '../channels.ts';

type PackKind = 'dry' | 'wet' | 'treat';
type Species = 'dog' | 'cat';

/** The pack shot's canvas (square, like a shop's product photos). */
export const PACKSHOT_SIZE = 720;
/** A banner's canvas: the 1.91:1 of a share preview. */
export const BANNER_SIZE = { width: 1200, height: 630 } as const;

const INK = '#1f1d1a';
const PAPER = '#f6f1e8';
const SANS = "'DejaVu Sans', Verdana, sans-serif";
const SERIF = "'DejaVu Serif', Georgia, serif";
const BRAND = 'Maison Gamelle';
const LINE_HEIGHT = 1.18;

/** The words printed on a pack, and the pack its alternative text names. */
const words: Record<Language, { species: Record<Species, string>; pack: Record<PackKind, string> }> = {
  fr: {
    species: { dog: 'Chien', cat: 'Chat' },
    pack: { dry: 'sac de croquettes', wet: 'boîte de pâtée', treat: 'sachet de friandises' },
  },
  nl: {
    species: { dog: 'Hond', cat: 'Kat' },
    pack: { dry: 'zak brokken', wet: 'blik natvoer', treat: 'zakje snacks' },
  },
};

export interface PackshotInput {
  language: Language;
  kind: PackKind;
  animal: Species;
  /** The pack's colour, `#rrggbb`: the product's range. */
  colour: string;
  /** The recipe name, in `language`. */
  name: string;
}

const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Alternative text of a pack shot, in its language: "Croquettes Chiot Poulet & Riz, sac de croquettes",
 * "Natvoer Kat Zalm, blik natvoer". No format: one picture serves every format's page.
 */
export function packshotAlt({ language, kind, name }: Pick<PackshotInput, 'language' | 'kind' | 'name'>): string {
  return `${name}, ${words[language].pack[kind]}`;
}

/** Alternative text of a banner: its title and the shop's name ("Croquettes pour chat – Maison Gamelle"). */
export const bannerAlt = (title: string): string => `${title} – ${BRAND}`;

/** The shop's own banner, without words but its name: the share image of a page that has none. */
export const shopBannerSvg = (): string =>
  bannerSvg({
    title: BRAND,
    kicker: false,
    tint: '#efe6d6',
    packs: [
      { kind: 'dry', animal: 'dog', colour: '#e8a33d' },
      { kind: 'wet', animal: 'cat', colour: '#7c9cb8' },
      { kind: 'treat', animal: 'dog', colour: '#b5523b' },
    ],
  });

/** Approximate advance widths of DejaVu Sans Bold, in em: enough to wrap a label without a font. */
function textWidth(text: string, size: number): number {
  let em = 0;
  for (const c of text) {
    if (c === ' ' || c === '\u00a0') em += 0.35;
    else if ("iljI.,:;’'!|".includes(c)) em += 0.36;
    else if ('frt()-'.includes(c)) em += 0.5;
    else if ('mwMW&'.includes(c)) em += 1.02;
    else if (c >= 'A' && c <= 'Z') em += 0.78;
    else em += 0.7;
  }
  return em * size;
}

/** Words wrapped greedily into lines no wider than `width`, or undefined when one word alone is wider. */
function wrap(text: string, size: number, width: number): string[] | undefined {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (textWidth(word, size) > width) return undefined;
    const last = lines.at(-1);
    if (last !== undefined && textWidth(`${last} ${word}`, size) <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** The largest of the sizes at which `text` fits in `width` and `height` (lines 1.18 em apart), and its lines. */
function fitText(text: string, width: number, height: number, sizes: number[]): { size: number; lines: string[] } {
  const maxLines = (size: number) => Math.max(1, Math.floor(height / (size * LINE_HEIGHT)));
  for (const size of sizes) {
    const lines = wrap(text, size, width);
    if (lines && lines.length <= maxLines(size)) return { size, lines };
  }
  const size = sizes.at(-1)!;
  // Too long even at the smallest size: the last line says so with an ellipsis rather than overflow.
  const lines = (wrap(text, size, width) ?? [text]).slice(0, maxLines(size));
  lines[lines.length - 1] = `${lines.at(-1)}…`;
  return { size, lines };
}

/** Lines of text centred on `y` as a block, one every LINE_HEIGHT em. */
function textBlock(lines: string[], x: number, y: number, size: number, attrs: string): string {
  const step = Math.round(size * LINE_HEIGHT);
  // The first baseline: the block's middle minus half the gaps, plus a cap height's half.
  const first = y - ((lines.length - 1) * step) / 2 + size * 0.36;
  return lines
    .map((line, i) => `<text x="${x}" y="${Math.round(first + i * step)}" font-size="${size}" ${attrs}>${escapeXml(line)}</text>`)
    .join('');
}

/** Relative luminance of `#rrggbb` (WCAG), to print in black or white on it. */
function luminance(colour: string): number {
  const channel = (i: number) => {
    const v = Number.parseInt(colour.slice(1 + i * 2, 3 + i * 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}
/** Black or white, whichever reads better on `colour`. */
const onColour = (colour: string): string => (luminance(colour) > 0.2 ? INK : '#ffffff');
/** The colour mixed towards black: a shade for folds and rims. */
function shade(colour: string, amount: number): string {
  const parts = [0, 1, 2].map((i) => Math.round(Number.parseInt(colour.slice(1 + i * 2, 3 + i * 2), 16) * (1 - amount)));
  return `#${parts.map((p) => p.toString(16).padStart(2, '0')).join('')}`;
}

/** A head, drawn: floppy ears for a dog, pointed ears for a cat (centred on 0,0, about 60 units wide). */
function speciesMark(animal: Species, colour: string): string {
  if (animal === 'dog')
    return (
      `<ellipse cx="-22" cy="-2" rx="11" ry="21" transform="rotate(18 -22 -2)" fill="${shade(colour, 0.35)}"/>` +
      `<ellipse cx="22" cy="-2" rx="11" ry="21" transform="rotate(-18 22 -2)" fill="${shade(colour, 0.35)}"/>` +
      `<circle cx="0" cy="0" r="20" fill="${colour}"/><ellipse cx="0" cy="10" rx="10" ry="8" fill="#fff" opacity=".85"/>` +
      `<circle cx="-7" cy="-4" r="2.6" fill="${INK}"/><circle cx="7" cy="-4" r="2.6" fill="${INK}"/><ellipse cx="0" cy="6" rx="4" ry="3" fill="${INK}"/>`
    );
  return (
    `<path d="M-19 -6 L-16 -30 L-3 -17 Z M19 -6 L16 -30 L3 -17 Z" fill="${colour}"/>` +
    `<circle cx="0" cy="0" r="20" fill="${colour}"/>` +
    `<ellipse cx="-7" cy="-3" rx="2.4" ry="3.4" fill="${INK}"/><ellipse cx="7" cy="-3" rx="2.4" ry="3.4" fill="${INK}"/>` +
    `<path d="M-3 5 h6 l-3 3 z" fill="${INK}"/>` +
    `<path d="M-6 8 h-18 M-6 11 l-17 5 M6 8 h18 M6 11 l17 5" stroke="${INK}" stroke-width="1.2" opacity=".6"/>`
  );
}

/** The pack's outline and shading in a 600 × 600 frame, with where its label goes. */
interface PackShape {
  /** What the pack is: `data-pack` of its outline (a bag, a tin, a pouch). */
  name: 'bag' | 'tin' | 'pouch';
  body: string;
  label: { x: number; y: number; width: number; height: number };
  /** Where the brand is printed on the pack's colour. */
  brandY: number;
}

/** A pack's outline in its colour, lit from the right: a shadow along its left side, a sheen along its right. */
const litOutline = (colour: string, outline: string, shadow: string, sheen?: string): string =>
  `<path d="${outline}" fill="${colour}"/><path d="${shadow}" fill="#000" opacity=".13"/>` +
  (sheen ? `<path d="${sheen}" fill="#fff" opacity=".14"/>` : '');

function bag(colour: string): PackShape {
  // A stand-up bag, a little narrower at the crimped top seal than at its base.
  const teeth = Array.from({ length: 15 }, () => 'l9 -8 l9 8').join(' ');
  return {
    name: 'bag',
    body:
      litOutline(
        colour,
        'M168 100 L432 100 L452 522 Q453 542 432 542 L168 542 Q147 542 148 522 Z',
        'M168 100 L188 100 L172 542 L168 542 Q147 542 148 522 Z',
        'M412 100 L432 100 L452 522 Q453 542 432 542 L428 542 Z',
      ) +
      `<path d="M165 104 V78 ${teeth} V104 Z" fill="${shade(colour, 0.22)}"/>` +
      `<path d="M165 96 H435" stroke="#000" stroke-opacity=".18" stroke-width="2" stroke-dasharray="4 5"/>`,
    label: { x: 183, y: 178, width: 234, height: 300 },
    brandY: 150,
  };
}

function tin(colour: string): PackShape {
  const rim = '#c8c6c2';
  return {
    name: 'tin',
    body:
      litOutline(
        colour,
        'M160 150 V505 A140 34 0 0 0 440 505 V150 Z',
        'M160 150 V505 A140 34 0 0 0 190 527 V170 Z',
        'M410 170 V527 A140 34 0 0 0 440 505 V150 Z',
      ) +
      `<path d="M160 505 A140 34 0 0 0 440 505" fill="none" stroke="${shade(rim, 0.25)}" stroke-width="8"/>` +
      `<ellipse cx="300" cy="150" rx="140" ry="34" fill="${rim}"/>` +
      `<ellipse cx="300" cy="150" rx="124" ry="27" fill="#e4e2de"/>` +
      `<ellipse cx="300" cy="150" rx="104" ry="21" fill="none" stroke="#b4b1ab" stroke-width="3"/>` +
      `<rect x="270" y="138" width="60" height="16" rx="8" fill="#b4b1ab"/>`,
    label: { x: 183, y: 215, width: 234, height: 268 },
    brandY: 205,
  };
}

function pouch(colour: string): PackShape {
  // A stand-up pouch: a zip under a notched top, a hanging slot, a rounded base.
  return {
    name: 'pouch',
    body:
      litOutline(
        colour,
        'M175 80 H425 Q440 80 441 96 L452 512 Q454 540 426 540 H174 Q146 540 148 512 L159 96 Q160 80 175 80 Z',
        'M175 80 H196 L180 540 H174 Q146 540 148 512 L159 96 Q160 80 175 80 Z',
      ) +
      `<rect x="270" y="96" width="60" height="12" rx="6" fill="${PAPER}"/>` +
      `<path d="M160 128 H440" stroke="${shade(colour, 0.3)}" stroke-width="5"/>` +
      `<path d="M158 140 l8 -4 l-8 -4 M442 140 l-8 -4 l8 -4" stroke="${shade(colour, 0.3)}" stroke-width="2" fill="none"/>`,
    label: { x: 183, y: 192, width: 234, height: 290 },
    brandY: 170,
  };
}

const shapes: Record<PackKind, (colour: string) => PackShape> = { dry: bag, wet: tin, treat: pouch };

/** A pack without words (for banners): its outline, its label with the species' head and lines for text. */
function blankPack(kind: PackKind, animal: Species, colour: string): string {
  const shape = shapes[kind](colour);
  const { x, y, width, height } = shape.label;
  const centre = x + width / 2;
  const bars = [0, 1, 2].map(
    (i) => `<rect x="${centre - 80 + i * 12}" y="${y + 112 + i * 34}" width="${160 - i * 24}" height="18" rx="9" fill="#d9d4cb"/>`,
  );
  return (
    `<g data-pack="${shape.name}">${shape.body}</g><rect x="${x}" y="${y}" width="${width}" height="${height}" rx="16" fill="#fff"/>` +
    `<g transform="translate(${centre} ${y + 56}) scale(1.3)">${speciesMark(animal, colour)}</g>${bars.join('')}` +
    `<rect x="${centre - 50}" y="${y + height - 58}" width="100" height="40" rx="20" fill="${colour}"/>`
  );
}

/**
 * The pack shot of a product, as an SVG document of PACKSHOT_SIZE pixels. It prints no format: one picture
 * per product and language serves every format's page, so a format on it would be wrong on all but one.
 */
export function packshotSvg(input: PackshotInput): string {
  const shape = shapes[input.kind](input.colour);
  const { x, y, width, height } = shape.label;
  const centre = x + width / 2;
  const inset = 16;
  const species = words[input.language].species[input.animal];
  const bandY = y + height - 30;
  // The name fills what the head, the species and the band in the range's colour leave of the label.
  const nameTop = y + 104;
  const nameBottom = bandY - 12;
  const name = fitText(input.name, width - 2 * inset, nameBottom - nameTop, [27, 25, 23, 21, 19, 17]);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="${PACKSHOT_SIZE}" height="${PACKSHOT_SIZE}">` +
    `<rect width="600" height="600" fill="${PAPER}"/>` +
    // The pack fills the frame as a photographed one would: scaled about the middle of its base line.
    `<g transform="translate(300 420) scale(1.16) translate(-300 -420)">` +
    `<ellipse cx="300" cy="550" rx="175" ry="18" fill="#000" opacity=".10"/>` +
    `<g data-pack="${shape.name}">${shape.body}</g>` +
    `<text x="300" y="${shape.brandY}" text-anchor="middle" font-family="${SERIF}" font-size="17" font-weight="700" letter-spacing="2" fill="${onColour(input.colour)}">${escapeXml(BRAND.toUpperCase())}</text>` +
    `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="16" fill="#fff"/>` +
    `<g transform="translate(${centre} ${y + 42})">${speciesMark(input.animal, input.colour)}</g>` +
    `<text x="${centre}" y="${y + 88}" text-anchor="middle" font-family="${SANS}" font-size="14" font-weight="700" letter-spacing="4" fill="${shade(input.colour, 0.45)}">${escapeXml(species.toUpperCase())}</text>` +
    textBlock(
      name.lines,
      centre,
      (nameTop + nameBottom) / 2,
      name.size,
      `class="name" text-anchor="middle" font-family="${SANS}" font-weight="700" fill="${INK}"`,
    ) +
    `<rect x="${centre - 50}" y="${bandY}" width="100" height="10" rx="5" fill="${input.colour}"/>` +
    '</g></svg>'
  );
}

export interface BannerInput {
  /** The banner's title (a category's name, a page's title), in its language. */
  title: string;
  /** The shop's name above the title, unless the title is the shop's name. */
  kicker?: boolean;
  /** The background's tint, `#rrggbb`. */
  tint: string;
  /** Up to three packs shown on the right: a category's lead products, or the shop's range. */
  packs: Array<{ kind: PackKind; animal: Species; colour: string }>;
}

/** A banner (a category's, a page's, the shop's), as an SVG document of BANNER_SIZE pixels. */
export function bannerSvg({ title, kicker = true, tint, packs }: BannerInput): string {
  const { width, height } = BANNER_SIZE;
  const heading = fitText(title, 540, 300, [68, 60, 52, 46]);
  // Packs overlap towards the middle one, which stands in front and a little larger.
  const slots = [
    { x: 640, y: 150, scale: 0.62 },
    { x: 880, y: 150, scale: 0.62 },
    { x: 745, y: 110, scale: 0.74 },
  ];
  // The lead pack stands in the front slot, drawn last.
  const placed =
    packs.length >= 3
      ? [packs[1]!, packs[2]!, packs[0]!].map((p, i) => ({ pack: p, slot: slots[i]! }))
      : packs.map((p, i) => ({ pack: p, slot: slots[packs.length === 1 ? 2 : i]! }));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">` +
    `<rect width="${width}" height="${height}" fill="${tint}"/>` +
    `<circle cx="960" cy="330" r="270" fill="#fff" opacity=".35"/>` +
    (kicker
      ? `<text x="80" y="110" font-family="${SERIF}" font-size="30" font-weight="700" letter-spacing="5" fill="${INK}">${escapeXml(BRAND.toUpperCase())}</text>` +
        `<rect x="80" y="132" width="72" height="5" rx="2.5" fill="${INK}"/>`
      : '') +
    textBlock(heading.lines, 80, 330, heading.size, `font-family="${SANS}" font-weight="700" fill="${INK}"`) +
    placed
      .map(
        ({ pack, slot }) =>
          `<g transform="translate(${slot.x} ${slot.y}) scale(${slot.scale})">${blankPack(pack.kind, pack.animal, pack.colour)}</g>`,
      )
      .join('') +
    '</svg>'
  );
}
