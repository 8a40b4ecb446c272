/**
 * The ration explained in one sentence the shopper can read, in French and Dutch. The platform answers it
 * with the ration (it cannot read the site's message files), with its key and values so a screen may
 * word it its own way.
 */
import type { Language } from '../channels.ts';
import type { Species } from '../pets/profile.ts';

export interface ExplanationInput {
  /** The pet's name, when the ration is for a known pet. */
  name?: string | null;
  species: Species;
  growing: boolean;
  kcal: number;
  weightKg: number;
  /** The weight the ration is computed for (the ideal weight when above it). */
  targetWeightKg: number;
  meals: number;
  /** Grams a day of each food, in the menu's order. */
  foods: Array<{ name: string; grams: number }>;
}

type ExplanationKey = 'nutrition.explanation.maintenance' | 'nutrition.explanation.growth' | 'nutrition.explanation.idealWeight';

export interface Explanation {
  key: ExplanationKey;
  params: Record<string, string | number>;
  text: string;
}

const number = (lang: Language, value: number) => new Intl.NumberFormat(lang === 'nl' ? 'nl-BE' : 'fr-FR').format(value);
const list = (lang: Language, items: string[]) =>
  new Intl.ListFormat(lang === 'nl' ? 'nl-BE' : 'fr-FR', { style: 'long', type: 'conjunction' }).format(items);

type Words = {
  subject: (name: string | null, species: Species) => string;
  needs: string;
  basis: Record<ExplanationKey, (weight: string) => string>;
  food: (grams: string, name: string) => string;
  meals: (n: number) => string;
  /**
   * Every ration is a starting point: FEDIAF's factors are averages (a neutered dog or a senior's own need
   * may be a fifth lower, which its guidelines give no factor for), so the shape decides.
   */
  indicative: string;
};

const WORDS: Record<Language, Words> = {
  fr: {
    subject: (name, species) => name ?? (species === 'dog' ? 'Votre chien' : 'Votre chat'),
    needs: 'a besoin d’environ',
    basis: {
      'nutrition.explanation.maintenance': (w) => `pour ses ${w} kg selon les repères FEDIAF`,
      'nutrition.explanation.growth': (w) => `pour grandir à ${w} kg selon les repères FEDIAF`,
      'nutrition.explanation.idealWeight': (w) => `pour retrouver son poids idéal d’environ ${w} kg selon les repères FEDIAF`,
    },
    // « 39 g d’Effilés… »: de elides before a vowel (an h is left alone: muet or aspiré, a name cannot tell).
    food: (g, name) => `${g} g ${/^[aeiouyàâäéèêëîïôöùûü]/i.test(name) ? 'd’' : 'de '}${name}`,
    meals: (n) => `en ${n} repas`,
    indicative: 'Ces quantités sont indicatives\u00A0: ajustez-les selon sa silhouette.',
  },
  nl: {
    subject: (name, species) => name ?? (species === 'dog' ? 'Je hond' : 'Je kat'),
    needs: 'heeft ongeveer',
    basis: {
      'nutrition.explanation.maintenance': (w) => `nodig voor zijn ${w} kg volgens de FEDIAF-richtlijnen`,
      'nutrition.explanation.growth': (w) => `nodig om te groeien bij ${w} kg volgens de FEDIAF-richtlijnen`,
      'nutrition.explanation.idealWeight': (w) =>
        `nodig om naar zijn ideale gewicht van ongeveer ${w} kg te gaan volgens de FEDIAF-richtlijnen`,
    },
    food: (g, name) => `${g} g ${name}`,
    meals: (n) => `verdeeld over ${n} maaltijden`,
    indicative: 'Deze hoeveelheden zijn richtwaarden: pas ze aan volgens zijn lichaamsbouw.',
  },
};

/**
 * "Rex a besoin d’environ 838 kcal par jour pour ses 15 kg selon les repères FEDIAF : 212 g de … par jour, en
 * 2 repas. Ces quantités sont indicatives : ajustez-les selon sa silhouette."
 */
export function explainRation(lang: Language, input: ExplanationInput): Explanation {
  const w = WORDS[lang];
  const key: ExplanationKey = input.growing
    ? 'nutrition.explanation.growth'
    : input.targetWeightKg < input.weightKg
      ? 'nutrition.explanation.idealWeight'
      : 'nutrition.explanation.maintenance';
  const weight = number(lang, key === 'nutrition.explanation.idealWeight' ? input.targetWeightKg : input.weightKg);
  const foods = list(
    lang,
    input.foods.map((f) => w.food(number(lang, f.grams), f.name)),
  );
  const subject = w.subject(input.name ?? null, input.species);
  const kcal = number(lang, input.kcal);
  const text =
    lang === 'fr'
      ? `${subject} ${w.needs} ${kcal} kcal par jour ${w.basis[key](weight)}\u00A0: ${foods} par jour, ${w.meals(input.meals)}. ${w.indicative}`
      : `${subject} ${w.needs} ${kcal} kcal per dag ${w.basis[key](weight)}: ${foods} per dag, ${w.meals(input.meals)}. ${w.indicative}`;
  return { key, params: { name: subject, kcal: input.kcal, weight, foods, meals: input.meals }, text };
}
