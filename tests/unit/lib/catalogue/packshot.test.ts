/**
 * The drawn pack shots and banners (src/lib/catalogue/packshot.ts): the words on a pack are the row's
 * language's, its shape follows the kind, its colour the range, no name is cut or spills out, and no format
 * is printed or said (one picture serves every format's page).
 */
import { describe, expect, it } from 'vitest';
import {
  BANNER_SIZE,
  bannerAlt,
  bannerSvg,
  PACKSHOT_SIZE,
  packshotAlt,
  packshotSvg,
  type PackshotInput,
} from '../../../../src/lib/catalogue/packshot.ts';
import { languages } from '../../../../src/lib/channels.ts';
import { loadFixtures } from '../../../../src/backend/seed/seed.ts';

const input = (over: Partial<PackshotInput> = {}): PackshotInput => ({
  language: 'fr',
  kind: 'dry',
  animal: 'dog',
  colour: '#e8a33d',
  name: 'Croquettes Chiot Poulet & Riz',
  ...over,
});
/** The species as a pack prints it. */
const words = { fr: { dog: 'CHIEN', cat: 'CHAT' }, nl: { dog: 'HOND', cat: 'KAT' } } as const;
const unescapeXml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!);
/** The texts of the drawing, in order. */
const texts = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => unescapeXml(m[1]!));
/** The lines of the recipe's name. */
const nameLines = (svg: string) => [...svg.matchAll(/<text[^>]*class="name"[^>]*>([^<]*)<\/text>/g)].map((m) => unescapeXml(m[1]!));

describe('a pack shot', () => {
  it('is a square SVG document of the pack shot size', () => {
    const svg = packshotSvg(input());
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain(`width="${PACKSHOT_SIZE}" height="${PACKSHOT_SIZE}"`);
  });

  it('names the species in the row’s language, never in English', () => {
    for (const language of languages)
      for (const animal of ['dog', 'cat'] as const) {
        const svg = packshotSvg(input({ language, animal }));
        expect(texts(svg)).toContain(words[language][animal]);
        expect(texts(svg)).not.toContain('DOG');
        expect(texts(svg)).not.toContain('CAT');
      }
  });

  it('prints no format: the same picture shows on the 2 kg page and on the 12 kg one', () => {
    for (const product of loadFixtures().products)
      for (const language of languages) {
        const svg = packshotSvg(input({ language, kind: product.kind, animal: product.animal, name: product.name[language] }));
        // The brand, the species and the name's lines: nothing else is written on the pack.
        expect(texts(svg).slice(0, 2), `${product.sku} ${language}`).toEqual(['MAISON GAMELLE', words[language][product.animal]]);
        expect(texts(svg).slice(2).join(' ')).toBe(product.name[language]);
        expect(texts(svg).join(' ')).not.toMatch(/\d\s*(k?g|l)\b/);
      }
  });

  it('is a bag for dry food, a tin for wet food and a pouch for treats, in the range’s colour', () => {
    expect(packshotSvg(input({ kind: 'dry' }))).toContain('data-pack="bag"');
    expect(packshotSvg(input({ kind: 'wet' }))).toContain('data-pack="tin"');
    expect(packshotSvg(input({ kind: 'treat' }))).toContain('data-pack="pouch"');
    const blue = packshotSvg(input({ colour: '#3a6ea5' }));
    expect(blue).toMatch(/data-pack="bag"><path d="[^"]+" fill="#3a6ea5"/);
    expect(blue).not.toContain('#e8a33d');
  });

  it('writes every catalogue name whole, in both languages', () => {
    for (const product of loadFixtures().products)
      for (const language of languages) {
        const name = product.name[language];
        const svg = packshotSvg(input({ language, kind: product.kind, name }));
        expect(nameLines(svg).join(' '), `${product.sku} ${language}`).toBe(name);
      }
  });

  it('ends a name too long for its label with an ellipsis rather than overflow', () => {
    const name = Array.from({ length: 30 }, (_, i) => `Ingrédient${i}`).join(' ');
    const lines = nameLines(packshotSvg(input({ name })));
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.at(-1)).toMatch(/…$/);
    expect(name.startsWith(lines.slice(0, -1).join(' '))).toBe(true);
  });

  it('escapes the text it is given', () => {
    const svg = packshotSvg(input({ name: 'Chat & <Chien> "Maison"' }));
    expect(svg).not.toContain('<Chien>');
    expect(svg).toContain('&lt;Chien&gt;');
    expect(nameLines(svg).join(' ')).toBe('Chat & <Chien> "Maison"');
  });
});

describe('a pack shot’s alternative text', () => {
  it('says the product and its pack in the row’s language, and no format', () => {
    expect(packshotAlt(input())).toBe('Croquettes Chiot Poulet & Riz, sac de croquettes');
    expect(packshotAlt(input({ language: 'nl', name: 'Brokken Puppy Kip & Rijst' }))).toBe('Brokken Puppy Kip & Rijst, zak brokken');
    expect(packshotAlt(input({ kind: 'wet', name: 'Pâtée Chat Senior Dinde' }))).toBe('Pâtée Chat Senior Dinde, boîte de pâtée');
    expect(packshotAlt(input({ language: 'nl', kind: 'wet', name: 'Natvoer Kat Senior Kalkoen' }))).toBe(
      'Natvoer Kat Senior Kalkoen, blik natvoer',
    );
    expect(packshotAlt(input({ kind: 'treat', name: 'Friandises Chat Malt & Dinde' }))).toBe(
      'Friandises Chat Malt & Dinde, sachet de friandises',
    );
    expect(packshotAlt(input({ language: 'nl', kind: 'treat', name: 'Dentalsnacks Kat' }))).toBe('Dentalsnacks Kat, zakje snacks');
  });
});

describe('a banner', () => {
  it('has the share preview’s size, its title and the shop’s name, and up to three packs', () => {
    const svg = bannerSvg({
      title: 'Croquettes pour chien',
      tint: '#efe2cc',
      packs: [
        { kind: 'dry', animal: 'dog', colour: '#e8a33d' },
        { kind: 'wet', animal: 'dog', colour: '#6b8e4e' },
        { kind: 'treat', animal: 'dog', colour: '#b5523b' },
        { kind: 'dry', animal: 'dog', colour: '#123456' },
      ],
    });
    expect(svg).toContain(`width="${BANNER_SIZE.width}" height="${BANNER_SIZE.height}"`);
    expect(texts(svg)).toEqual(['MAISON GAMELLE', 'Croquettes', 'pour chien']);
    expect(svg.match(/data-pack=/g)).toHaveLength(3);
    expect(svg).not.toContain('#123456');
    expect(bannerAlt('Croquettes pour chien')).toBe('Croquettes pour chien – Maison Gamelle');
  });
});
