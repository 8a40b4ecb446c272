/**
 * The seed catalogue's claims hold their figures (EU Regulation 767/2009 art. 13, FEDIAF Code of Good Labelling
 * Practice): a nutrient the copy names is declared in the analytical constituents; a "light" food has at least
 * 15 % less energy than the standard of its range; a comparative fat claim ("pauvre en graisses") is true
 * against the shop's own range, on dry matter; and no additive is given an effect outside its authorised group
 * (sodium hexametaphosphate is declared technological: no anti-tartar effect in the copy).
 */
import { describe, expect, it } from 'vitest';
import type { ProductFixture } from '../../../src/backend/seed/fixture-schema.ts';
import { loadFixtures } from '../../../src/backend/seed/seed.ts';
import type { ClaimableConstituent } from '../../../src/lib/content/wire.ts';

const { products } = loadFixtures();
type Lang = 'fr' | 'nl';
const LANGS = ['fr', 'nl'] as const;

/** What the copy says to sell the food: its name and its texts (the composition and the additives are the declaration). */
const copyOf = (p: ProductFixture, lang: Lang) => [p.name[lang], p.shortDescription[lang], p.description[lang]].join('\n');

/** The words that claim a nutrient, and the constituents any one of which declares it. */
const NUTRIENT_CLAIMS: Array<{ words: Record<Lang, RegExp>; declaredBy: ClaimableConstituent[] }> = [
  { words: { fr: /oméga-?3/i, nl: /omega[- ]?3/i }, declaredBy: ['omega3'] },
  { words: { fr: /\bEPA\b/, nl: /\bEPA\b/ }, declaredBy: ['epaDha'] },
  { words: { fr: /\bDHA\b/, nl: /\bDHA\b/ }, declaredBy: ['dha', 'epaDha'] },
  { words: { fr: /glucosamine/i, nl: /glucosamine/i }, declaredBy: ['glucosamine'] },
  { words: { fr: /chondro[iï]tine/i, nl: /chondro[iï]tine/i }, declaredBy: ['chondroitin'] },
  { words: { fr: /\bcalcium/i, nl: /\bcalcium/i }, declaredBy: ['calcium'] },
  { words: { fr: /phosphore/i, nl: /fosfor/i }, declaredBy: ['phosphorus'] },
];

function undeclaredClaims(p: ProductFixture): string[] {
  const declared = p.analyticalConstituents as Partial<Record<ClaimableConstituent, number>>;
  return LANGS.flatMap((lang) =>
    NUTRIENT_CLAIMS.filter(
      ({ words, declaredBy }) => words[lang].test(copyOf(p, lang)) && !declaredBy.some((c) => declared[c] !== undefined),
    ).map(({ words }) => `${p.sku} (${lang}) claims ${words[lang]} without declaring it`),
  );
}

/**
 * "Light" and its words, and "fewer calories" (FEDIAF holds a reduced-energy claim to the light one's 15 %);
 * "légèrement" (slightly) and "licht verteerbaar" (easily digestible) are no energy claim.
 */
const LIGHT: Record<Lang, RegExp> = {
  fr: /\blight\b|\ballégée?s?\b|\blég[eè]re?s?\b|moins de calories|moins calorique|réduite? en calories/i,
  nl: /\blight\b|\blicht(e|er)?\b(?! ?verteerba| zoet)|minder calorieën|caloriearm/i,
};
const claimsLight = (p: ProductFixture) => LANGS.some((lang) => LIGHT[lang].test(copyOf(p, lang)));

/** The products a food is compared with: the same species and kind, for adults, none of them a sample or light itself. */
const rangeOf = (p: ProductFixture, all: ProductFixture[]) =>
  all.filter(
    (o) => o.animal === p.animal && o.kind === p.kind && ['adult', 'all'].includes(o.filters.lifeStage) && !o.isSample && !claimsLight(o),
  );

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The range's standard energy: its median (one recipe's odd figure does not move it). */
const standardEnergyOf = (p: ProductFixture, all: ProductFixture[]) => median(rangeOf(p, all).map((o) => o.energyKcalPerKg));

/** FEDIAF: a "light" food has at least 15 % less energy than its comparable standard. */
function lightClaimsUnmet(all: ProductFixture[]): string[] {
  return all.filter(claimsLight).flatMap((p) => {
    const standard = standardEnergyOf(p, all);
    return p.energyKcalPerKg <= standard * 0.85
      ? []
      : [
          `${p.sku}: ${p.energyKcalPerKg} kcal/kg is ${(100 * (1 - p.energyKcalPerKg / standard)).toFixed(1)} % below the standard ${standard}`,
        ];
  });
}

const dryMatterFat = (p: ProductFixture) => (100 * p.analyticalConstituents.fat) / (100 - p.analyticalConstituents.moisture);
const LOW_FAT: Record<Lang, RegExp> = {
  fr: /pauvres? en (matières )?grasses|faibles? (teneur )?en (matières )?grasses|moins gras/i,
  nl: /arm aan vet|vetarm|weinig vet|minder vet/i,
};

/** A comparative fat claim is true against every other food of its species and kind, on dry matter (wet and dry compare). */
function lowFatClaimsUnmet(all: ProductFixture[]): string[] {
  return all
    .filter((p) => LANGS.some((lang) => LOW_FAT[lang].test(copyOf(p, lang))))
    .flatMap((p) => {
      const others = all.filter((o) => o.animal === p.animal && o.kind === p.kind && o.sku !== p.sku && !o.isSample);
      const fatter = others.filter((o) => dryMatterFat(o) <= dryMatterFat(p));
      return fatter.length === 0
        ? []
        : [
            `${p.sku}: ${dryMatterFat(p).toFixed(1)} % fat on dry matter, ${fatter.map((o) => `${o.sku} ${dryMatterFat(o).toFixed(1)} %`).join(', ')}`,
          ];
    });
}

describe('the catalogue’s claims', () => {
  it('declare the level of every nutrient the copy names', () => {
    expect(products.flatMap(undeclaredClaims)).toEqual([]);
  });

  it('call a food light only when it has at least 15 % less energy than its range’s standard', () => {
    expect(products.filter(claimsLight).map((p) => p.sku)).toContain('DOG-DRY-LIGHT-TURKEY');
    expect(lightClaimsUnmet(products)).toEqual([]);
  });

  it('make a comparative fat claim only for the leanest food of its range, on dry matter', () => {
    expect(lowFatClaimsUnmet(products)).toEqual([]);
  });

  it('give sodium hexametaphosphate, a technological additive, no anti-tartar effect', () => {
    const withIt = products.filter((p) => /hexamétaphosphate/i.test(p.additives.fr));
    expect(withIt.length).toBeGreaterThan(0);
    for (const p of withIt) {
      // Declared where the law places it: among the technological additives.
      expect(p.additives.fr).toMatch(/Additifs technologiques\s?:[^.]*hexamétaphosphate de sodium/);
      expect(p.additives.nl).toMatch(/Technologische additieven:[^.]*natriumhexametafosfaat/);
      // The copy may say what a bite's texture does to the teeth, never what the additive does.
      expect(copyOf(p, 'fr')).not.toMatch(/hexamétaphosphate|phosphates?/i);
      expect(copyOf(p, 'nl')).not.toMatch(/hexametafosfaat|fosfaat/i);
    }
  });

  describe('rules that catch what they are for', () => {
    const base = products.find((p) => p.sku === 'CAT-WET-STERILISED-SALMON')!;
    const copy = (over: Partial<ProductFixture>): ProductFixture => ({ ...base, ...over });

    it('a claimed nutrient with no level', () => {
      const claimed = copy({ description: { fr: 'Riche en phosphore.', nl: 'Rijk aan fosfor.' } });
      expect(undeclaredClaims(claimed)).toHaveLength(2);
      const declared = copy({ ...claimed, analyticalConstituents: { ...base.analyticalConstituents, phosphorus: 0.2 } });
      expect(undeclaredClaims(declared)).toEqual([]);
    });

    it('a light food 6.7 % below its standard (the old recipe: 3,500 against 3,750 kcal/kg)', () => {
      const light = products.find((p) => p.sku === 'DOG-DRY-LIGHT-TURKEY')!;
      const old = { ...light, energyKcalPerKg: 3500 };
      expect(lightClaimsUnmet(products.map((p) => (p === light ? old : p)))).toHaveLength(1);
    });

    it('"pauvres en graisses" on a pâtée at 22.5 % fat on dry matter, with a leaner one in the range', () => {
      const claimed = copy({ shortDescription: { fr: 'Des émincés pauvres en graisses.', nl: 'Reepjes, arm aan vet.' } });
      expect(dryMatterFat(claimed)).toBeCloseTo(22.5, 1);
      expect(lowFatClaimsUnmet(products.map((p) => (p === base ? claimed : p)))).toHaveLength(1);
    });

    it('reads "légèrement" and "licht verteerbaar" as no light claim', () => {
      expect(LIGHT.fr.test('une note légèrement sucrée')).toBe(false);
      expect(LIGHT.nl.test('licht verteerbare eiwitten')).toBe(false);
      expect(LIGHT.fr.test('Une recette plus légère')).toBe(true);
      expect(LIGHT.fr.test('Moins de calories et plus de protéines')).toBe(true);
      expect(LIGHT.nl.test('bevat minder calorieën')).toBe(true);
      expect(LIGHT.nl.test('Een lichter recept')).toBe(true);
    });
  });
});
