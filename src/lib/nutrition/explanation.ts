/**
 * The ration explained in one sentence the shopper can read, in French and Dutch, and the choice of a
 * recipe in another (why this recipe for this pet). The platform answers it
 * with the ration (it cannot read the site's message files), with its key and values so a screen may
 * word it its own way.
 */
import type { Language } from '../channels.ts';
import type { Feature, Species } from '../pets/profile.ts';
import type { ChoiceReason } from './recommendation.ts';

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
  // No "zijn" for the pet: the sentence names it, and a female is "ze" (the ration does not know its sex).
  nl: {
    subject: (name, species) => name ?? (species === 'dog' ? 'Je hond' : 'Je kat'),
    needs: 'heeft ongeveer',
    basis: {
      'nutrition.explanation.maintenance': (w) => `nodig bij een gewicht van ${w} kg volgens de FEDIAF-richtlijnen`,
      'nutrition.explanation.growth': (w) => `nodig om te groeien bij ${w} kg volgens de FEDIAF-richtlijnen`,
      'nutrition.explanation.idealWeight': (w) =>
        `nodig om af te vallen tot een ideaal gewicht van ongeveer ${w} kg volgens de FEDIAF-richtlijnen`,
    },
    food: (g, name) => `${g} g ${name}`,
    meals: (n) => `verdeeld over ${n} maaltijden`,
    indicative: 'Deze hoeveelheden zijn richtwaarden: pas ze aan volgens het silhouet van je dier.',
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

export interface ChoiceInput {
  /** The pet's name, when the recipe is for a known pet. */
  name?: string | null;
  species: Species;
  /** The particularity the reasons `particularity`, `grainFree`, `withoutProtein` and `digestion` come from. */
  feature: Feature | null;
  /** The reasons the recommendation rule kept the recipe for (recommendation.ts), in its order. */
  reasons: readonly ChoiceReason[];
}

type ChoiceWords = {
  sentence: (subject: string, reasons: string) => string;
  /** "votre chien" inside the sentence, when the pet has no name. */
  subject: Record<Species, string>;
  reason: Record<ChoiceReason, (species: Species) => string>;
  /** A recipe made for the particularity, by particularity; `other` for one without its own words. */
  particularity: Partial<Record<Feature, string>> & { other: string };
  /** The proteins a recipe is without, by intolerance. */
  without: Partial<Record<Feature, string>>;
};

const CHOICE_WORDS: Record<Language, ChoiceWords> = {
  fr: {
    sentence: (subject, reasons) => `Pourquoi cette recette pour ${subject}\u00A0: elle est ${reasons}.`,
    subject: { dog: 'votre chien', cat: 'votre chat' },
    reason: {
      growth: (s) => (s === 'dog' ? 'faite pour les chiots en croissance' : 'faite pour les chatons en croissance'),
      adult: (s) => (s === 'dog' ? 'faite pour les chiens adultes' : 'faite pour les chats adultes'),
      senior: (s) => (s === 'dog' ? 'faite pour les chiens seniors' : 'faite pour les chats seniors'),
      allStages: (s) => (s === 'dog' ? 'faite pour les chiens de tout âge' : 'faite pour les chats de tout âge'),
      small: () => 'adaptée aux petits chiens',
      medium: () => 'adaptée aux chiens de taille moyenne',
      large: () => 'adaptée aux grands chiens',
      // Who the recipe is made for, never "lighter": not every recipe for neutered pets is the range's leanest.
      sterilised: (s) => (s === 'dog' ? 'pensée pour les chiens stérilisés' : 'pensée pour les chats stérilisés'),
      weightControl: (s) =>
        s === 'dog'
          ? 'pensée pour les besoins réduits d’un chien au-dessus de son poids idéal'
          : 'pensée pour les besoins réduits d’un chat au-dessus de son poids idéal',
      lowActivity: (s) =>
        s === 'dog' ? 'pensée pour les besoins réduits d’un chien peu actif' : 'pensée pour les besoins réduits d’un chat peu actif',
      // Filled in by the particularity's own words.
      particularity: () => '',
      grainFree: () => 'sans céréales, comme l’exige son intolérance',
      withoutProtein: () => '',
      digestion: () => 'sans céréales, pour sa digestion sensible',
    },
    particularity: {
      hairballs: 'conçue pour limiter les boules de poils',
      'sensitive-skin': 'conçue pour les peaux sensibles',
      'sensitive-digestion': 'conçue pour les digestions sensibles',
      other: 'conçue pour sa particularité',
    },
    without: {
      'chicken-intolerance': 'sans poulet ni dinde, comme l’exige son intolérance',
      'beef-intolerance': 'sans bœuf, comme l’exige son intolérance',
      'fish-intolerance': 'sans poisson, comme l’exige son intolérance',
    },
  },
  // As the ration's sentence: no "zijn" for a pet that may be a female.
  nl: {
    sentence: (subject, reasons) => `Waarom dit recept voor ${subject}? Het is ${reasons}.`,
    subject: { dog: 'je hond', cat: 'je kat' },
    reason: {
      growth: (s) => (s === 'dog' ? 'gemaakt voor groeiende puppy’s' : 'gemaakt voor groeiende kittens'),
      adult: (s) => (s === 'dog' ? 'gemaakt voor volwassen honden' : 'gemaakt voor volwassen katten'),
      senior: (s) => (s === 'dog' ? 'gemaakt voor oudere honden' : 'gemaakt voor oudere katten'),
      allStages: (s) => (s === 'dog' ? 'geschikt voor honden van elke leeftijd' : 'geschikt voor katten van elke leeftijd'),
      small: () => 'geschikt voor kleine honden',
      medium: () => 'geschikt voor middelgrote honden',
      large: () => 'geschikt voor grote honden',
      sterilised: (s) => (s === 'dog' ? 'bedoeld voor gesteriliseerde honden' : 'bedoeld voor gesteriliseerde katten'),
      weightControl: (s) =>
        s === 'dog'
          ? 'bedoeld voor de lagere energiebehoefte van een hond die te zwaar is'
          : 'bedoeld voor de lagere energiebehoefte van een kat die te zwaar is',
      lowActivity: (s) =>
        s === 'dog'
          ? 'bedoeld voor de lagere energiebehoefte van een weinig actieve hond'
          : 'bedoeld voor de lagere energiebehoefte van een weinig actieve kat',
      particularity: () => '',
      grainFree: () => 'graanvrij, zoals een graanintolerantie vereist',
      withoutProtein: () => '',
      digestion: () => 'graanvrij, voor een gevoelige spijsvertering',
    },
    particularity: {
      hairballs: 'ontwikkeld om haarballen te beperken',
      'sensitive-skin': 'ontwikkeld voor een gevoelige huid',
      'sensitive-digestion': 'ontwikkeld voor een gevoelige spijsvertering',
      other: 'ontwikkeld voor deze bijzonderheid',
    },
    without: {
      'chicken-intolerance': 'zonder kip of kalkoen, zoals een kipintolerantie vereist',
      'beef-intolerance': 'zonder rundvlees, zoals een rundvleesintolerantie vereist',
      'fish-intolerance': 'zonder vis, zoals een visintolerantie vereist',
    },
  },
};

/**
 * "Pourquoi cette recette pour Mina : elle est faite pour les chats adultes, pensée pour les chats stérilisés
 * et conçue pour limiter les boules de poils." Only the reasons given, in their order; a reason
 * without words for this pet (a protein intolerance the words do not know) is left out rather than guessed.
 */
export function explainChoice(lang: Language, input: ChoiceInput): { reasons: ChoiceReason[]; text: string } {
  const w = CHOICE_WORDS[lang];
  const said = input.reasons.flatMap((reason): string[] => {
    if (reason === 'particularity') return [(input.feature && w.particularity[input.feature]) || w.particularity.other];
    if (reason === 'withoutProtein') {
      const words = input.feature && w.without[input.feature];
      return words ? [words] : [];
    }
    return [w.reason[reason](input.species)];
  });
  const subject = input.name ?? w.subject[input.species];
  return { reasons: [...input.reasons], text: said.length > 0 ? w.sentence(subject, list(lang, said)) : '' };
}
