/**
 * The seed catalogue says what EU pet-food rules let ordinary food say, in both languages: no claim to prevent,
 * treat or cure a disease (those belong to dietetic feed), each product declared complete or complementary
 * feed, the regulatory names of the analytical constituents, ingredients in descending order of weight; and its
 * texts follow the typography and voice of the site (../i18n/typography.ts).
 */
import { describe, expect, it } from 'vitest';
import type { CatalogueFixture, ProductFixture } from '../../../src/backend/seed/fixture-schema.ts';
import { loadFixtures } from '../../../src/backend/seed/seed.ts';
import fr from '../../../src/i18n/messages/fr/index.ts';
import nl from '../../../src/i18n/messages/nl/index.ts';
import { slipsOf, strings } from '../i18n/typography.ts';

const fixtures: CatalogueFixture = loadFixtures();
const { products } = fixtures;
type Lang = 'fr' | 'nl';

/**
 * Words of disease and its cure: an ordinary food may speak of maintenance (digestion, skin and coat, weight,
 * teeth) but not of allergies, kidney or urinary disease, convalescence, itching, diarrhoea, vomiting, or of
 * burning fat. Dietetic feed may, but none of these products is one.
 */
const FORBIDDEN_CLAIMS: Record<Lang, RegExp[]> = {
  fr: [
    /hypoallerg/i,
    /allerg/i,
    /intoléran/i,
    /fonction rénale|\breins?\b|rénal/i,
    /voies urinaires|calculs (urinaires|rénaux)|cystite|\bpH urinaire/i,
    /convalesc/i,
    /apais/i,
    /rougeurs?|démangeaisons?|dermat|eczéma/i,
    /chute de poils?/i,
    /diarrhée|vomi/i,
    /guéri|\bsoigner\b|\btraiter (les|la|le|des)\b|(prévien[st]|prévenir|prévention d[eu]s?) (les |la |le )?(maladies?|infections?|allergies?|calculs)/i,
    /brûl(e|er) les graisses/i,
    /kilos? en moins|perdu (ses|\d+) kilos?/i,
  ],
  nl: [
    /hypoallerg/i,
    /allergi/i,
    /intoleran|verdraagt geen/i,
    /\bnier/i,
    /urinewegen|blaas|urine-pH|nierstenen|blaasstenen/i,
    /herstell|operatie|tandextractie/i,
    /kalmeer/i,
    /rood wordt|jeuk|huidprobleem|eczeem/i,
    /haarverlies|haaruitval/i,
    /diarree|braakt(?! .*haarbal)|overgeven|losse ontlasting|buikpijn|last van zijn darmen/i,
    /geneest|genezen|behandel|voorkomt/i,
    /vet (te )?verbranden/i,
    /kilo afgevallen|afgevallen/i,
  ],
};

const textsOf = (p: ProductFixture, lang: Lang): Array<[string, string]> => [
  [`${p.sku}.name`, p.name[lang]],
  [`${p.sku}.shortDescription`, p.shortDescription[lang]],
  [`${p.sku}.description`, p.description[lang]],
  [`${p.sku}.composition`, p.composition[lang]],
  [`${p.sku}.additives`, p.additives[lang]],
  ...p.reviews.flatMap((r, i): Array<[string, string]> => (r.locale === lang ? [[`${p.sku}.reviews[${i}]`, `${r.title}\n${r.body}`]] : [])),
];

function claimsIn(lang: Lang, texts: Array<[string, string]>): string[] {
  return texts.flatMap(([path, text]) =>
    FORBIDDEN_CLAIMS[lang].filter((pattern) => pattern.test(text)).map((pattern) => `${path}: ${pattern} in ${JSON.stringify(text)}`),
  );
}

/** Treats complement a diet; the rest feeds a whole day. */
const feedType = (p: ProductFixture): 'complete' | 'complementary' => (p.kind === 'treat' ? 'complementary' : 'complete');
const STATEMENT = {
  complete: {
    fr: /Aliment complet pour (chiens|chiots|chats|chatons)\b/,
    nl: /Volledig diervoeder voor ([\p{L}’]+ )*(honden|puppy’s|katten|kittens)\b/u,
  },
  complementary: {
    fr: /Aliment complémentaire pour (chiens|chiots|chats|chatons)\b/,
    nl: /Aanvullend diervoeder voor ([\p{L}’]+ )*(honden|puppy’s|katten|kittens)\b/u,
  },
} as const;

/** The percentages an ingredient list declares, in the order it lists them ("Poulet (30 %), riz (22 %)…" → [30, 22]). */
function declaredPercentages(composition: string): number[] {
  const ingredients: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of composition) {
    if (char === '(') depth++;
    if (char === ')') depth--;
    if (char === ',' && depth === 0) {
      ingredients.push(current);
      current = '';
    } else current += char;
  }
  ingredients.push(current);
  return ingredients.flatMap((ingredient) => {
    const match = /\((\d+(?:,\d+)?)\s?%/.exec(ingredient);
    return match ? [Number(match[1]!.replace(',', '.'))] : [];
  });
}

describe('product copy', () => {
  it.each(['fr', 'nl'] as const)('claims no prevention or cure of a disease (%s), featured reviews included', (lang) => {
    expect(
      claimsIn(
        lang,
        products.flatMap((p) => textsOf(p, lang)),
      ),
    ).toEqual([]);
  });

  it('declares every product complete or complementary feed, in both languages', () => {
    const missing = products.flatMap((p) =>
      (['fr', 'nl'] as const).filter((lang) => !STATEMENT[feedType(p)][lang].test(p.description[lang])).map((lang) => `${p.sku} (${lang})`),
    );
    expect(missing).toEqual([]);
    // A treat never calls itself complete food.
    const treatsCallingThemselvesComplete = products.filter(
      (p) => p.kind === 'treat' && (/aliment complet/i.test(p.description.fr) || /volledig (dier)?voeder/i.test(p.description.nl)),
    );
    expect(treatsCallingThemselvesComplete.map((p) => p.sku)).toEqual([]);
  });

  it('lists ingredients in descending order of weight', () => {
    const unordered = products.flatMap((p) =>
      (['fr', 'nl'] as const).flatMap((lang) => {
        const percentages = declaredPercentages(p.composition[lang]);
        return percentages.some((value, i) => i > 0 && value > percentages[i - 1]!)
          ? [`${p.sku} (${lang}): ${percentages.join(' ≥ ')}`]
          : [];
      }),
    );
    expect(unordered).toEqual([]);
  });

  it('reads percentages the way a composition declares them', () => {
    expect(declaredPercentages('Poulet (30 %), riz (22 %), maïs, fructo-oligosaccharides (0,3 %)')).toEqual([30, 22, 0.3]);
    expect(declaredPercentages('Kip (5%), rijst (6%)')).toEqual([5, 6]);
  });

  it('names the analytical constituents as the regulation does', () => {
    expect(fr.catalogue.product.constituents).toMatchObject({
      protein: 'Protéine brute',
      fat: 'Teneur en matières grasses',
      fibre: 'Cellulose brute',
      ash: 'Cendres brutes',
      moisture: 'Humidité',
    });
    // "Vetgehalte" is the pet-food term (Regulation 767/2009, annex VII); "ruw vet" is the farm-animal feed's.
    expect(nl.catalogue.product.constituents).toMatchObject({
      protein: 'Ruw eiwit',
      fat: 'Vetgehalte',
      fibre: 'Ruwe celstof',
      ash: 'Ruwe as',
      moisture: 'Vocht',
    });
  });

  it('heads the additives "Toevoegingsmiddelen" in Dutch and calls them "additieven" in the text', () => {
    expect(nl.catalogue.product.additives).toBe('Toevoegingsmiddelen');
    const unnamed = products.filter((p) => !/additieven/.test(p.additives.nl)).map((p) => `${p.sku}: ${p.additives.nl}`);
    expect(unnamed).toEqual([]);
    expect(products.filter((p) => /toevoegingsmiddel/i.test(p.additives.nl)).map((p) => p.sku)).toEqual([]);
  });

  it('declares a label mention for each product: its establishment’s approval number', () => {
    expect(products.filter((p) => !/^FR \d{2} \d{3} \d{3} CE$/.test(p.approvalNumber)).map((p) => p.sku)).toEqual([]);
  });
});

describe('content fixtures', () => {
  const byLanguage = (lang: Lang): Array<[string, string]> => [
    ...products.flatMap((p) => textsOf(p, lang)),
    ...fixtures.categories.flatMap((c) => strings({ name: c.name[lang], description: c.description[lang] }, c.key)),
    ...fixtures.faq.categories.map((c): [string, string] => [`faq.${c.key}`, c.name[lang]]),
    ...fixtures.faq.entries.flatMap((e) => strings({ question: e.question[lang], answer: e.answer[lang] }, `faq.${e.key}`)),
    ...fixtures.pages.flatMap((p) => strings({ title: p.title[lang], description: p.description[lang], body: p.body[lang] }, p.key)),
    ...fixtures.shops.map((s): [string, string] => [`shops.${s.key}`, s.description[lang]]),
    ...fixtures.menus.header.flatMap((m) => [m, ...m.children]).map((m): [string, string] => [`menus.${m.route}`, m.label[lang]]),
    ...fixtures.menus.footer
      .flatMap((c) => [c.title[lang], ...c.links.map((l) => l.label[lang])])
      .map((label): [string, string] => ['menus.footer', label]),
  ];

  it.each(['fr', 'nl'] as const)('follow the typography and voice of the site (%s)', (lang) => {
    expect(slipsOf(lang, byLanguage(lang))).toEqual([]);
  });

  it.each(['fr', 'nl'] as const)('claim no prevention or cure in the FAQ and content pages (%s)', (lang) => {
    const content = byLanguage(lang).filter(
      ([path]) => path.startsWith('faq.') || fixtures.pages.some((p) => path.startsWith(`${p.key}.`)),
    );
    expect(claimsIn(lang, content)).toEqual([]);
  });

  it('name the subscription button as the account shows it', () => {
    const answers = fixtures.faq.entries.map((e) => e.answer);
    expect(answers.filter((a) => /Arrêter mon abonnement/.test(a.fr))).toEqual([]);
    expect(answers.some((a) => a.fr.includes('Demander la résiliation'))).toBe(true);
  });
});
