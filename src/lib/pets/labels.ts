/** The names of the pets' lists in French and Dutch, as the shop API answers them in the request's language. */
import type { Language } from '../channels.ts';
import type { Activity, BodyCondition, Gender, Species } from './profile.ts';

export const SPECIES_NAMES: Record<Language, Record<Species, string>> = {
  fr: { dog: 'Chien', cat: 'Chat' },
  nl: { dog: 'Hond', cat: 'Kat' },
};

export const GENDER_NAMES: Record<Language, Record<Gender, string>> = {
  fr: { male: 'Mâle', female: 'Femelle' },
  nl: { male: 'Mannetje', female: 'Vrouwtje' },
};

/** Each level with what the owner sees and feels, so they can place their pet. */
export const BODY_CONDITION_NAMES: Record<Language, Record<BodyCondition, { name: string; description: string }>> = {
  fr: {
    'very-thin': { name: 'Très maigre', description: 'Les côtes, la colonne et les os du bassin se voient de loin.' },
    thin: { name: 'Mince', description: 'Les côtes se sentent facilement et se voient un peu\u00A0; la taille est très marquée.' },
    ideal: { name: 'Idéal', description: 'Les côtes se sentent sous une fine couche de graisse\u00A0; la taille se voit d’en haut.' },
    overweight: { name: 'En surpoids', description: 'Les côtes se sentent difficilement\u00A0; la taille se devine à peine.' },
    obese: { name: 'Obèse', description: 'Les côtes ne se sentent plus\u00A0; le ventre est rond et la taille a disparu.' },
  },
  nl: {
    'very-thin': { name: 'Zeer mager', description: 'De ribben, de ruggengraat en de bekkenbeenderen zijn van ver te zien.' },
    thin: { name: 'Slank', description: 'De ribben zijn makkelijk te voelen en een beetje te zien; de taille is sterk getekend.' },
    ideal: { name: 'Ideaal', description: 'De ribben zijn te voelen onder een dun vetlaagje; de taille is van bovenaf te zien.' },
    overweight: { name: 'Overgewicht', description: 'De ribben zijn moeilijk te voelen; de taille is nauwelijks te zien.' },
    obese: { name: 'Obesitas', description: 'De ribben zijn niet meer te voelen; de buik is rond en de taille is verdwenen.' },
  },
};

/**
 * Each level by name, with what it looks like for a dog and for a cat: a dog's walks are not a cat's days.
 * A dog's "high" is what FEDIAF's factor 125 is for, one to three hours of high-impact activity a day
 * (lib/nutrition/energy.ts); a working dog out three to six hours needs 150 to 175, which no level gives.
 */
const ACTIVITY_NAMES: Record<Language, Record<Activity, { name: string } & Record<Species, string>>> = {
  fr: {
    low: { name: 'Calme', dog: 'peu de sorties, surtout à la maison', cat: 'chat d’intérieur, il dort beaucoup' },
    moderate: { name: 'Modérée', dog: 'une à deux heures de sortie par jour', cat: 'il sort un peu ou joue chaque jour' },
    high: {
      name: 'Intense',
      dog: 'une à trois heures d’effort soutenu par jour\u00A0: sport, chasse',
      cat: 'chat d’extérieur, grand chasseur',
    },
  },
  nl: {
    low: { name: 'Rustig', dog: 'weinig wandelingen, vooral binnen', cat: 'binnenkat, slaapt veel' },
    moderate: { name: 'Matig', dog: 'een tot twee uur buiten per dag', cat: 'gaat wat naar buiten of speelt elke dag' },
    high: { name: 'Intens', dog: 'een tot drie uur stevige inspanning per dag: sport, jacht', cat: 'buitenkat, echte jager' },
  },
};

/** An activity level as the owner chooses it: its name, and what it means for the pet's species once known. */
export function activityLabel(language: Language, activity: Activity, species: Species | undefined): string {
  const { name, ...looks } = ACTIVITY_NAMES[language][activity];
  return species ? `${name} (${looks[species]})` : name;
}
