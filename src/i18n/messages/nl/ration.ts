/**
 * The product page's ration and delivery-frequency calculator, in Dutch: a file of its own, which the calculator's
 * island imports (src/islands/calculators/ration-messages.ts) rather than receiving it in every food page's HTML.
 */
export default {
  title: { dog: 'Het rantsoen van mijn hond berekenen', cat: 'Het rantsoen van mijn kat berekenen' },
  intro: 'Geef zijn gewicht en leeftijd: we berekenen zijn dagelijkse rantsoen van dit product en de leveringsfrequentie die erbij past.',
  weight: 'Gewicht (kg)',
  age: 'Leeftijd',
  years: 'Jaren',
  months: 'Maanden',
  ageHint: {
    dog: 'Een puppy jonger dan 12 maanden: geef zijn leeftijd in maanden.',
    cat: 'Een kitten jonger dan 12 maanden: geef zijn leeftijd in maanden.',
  },
  submit: 'Zijn rantsoen berekenen',
  loading: 'Bezig met berekenen…',
  perDay: '{grams} g per dag',
  perMeal: { one: 'in {count} maaltijd van {grams} g', other: 'in {count} maaltijden van {grams} g' },
  assumes: {
    intact: {
      dog: 'Berekend voor een volwassen hond met matige activiteit, die een tot twee uur per dag buiten komt.',
      cat: 'Berekend voor een volwassen, niet-gesteriliseerde kat die wat naar buiten gaat of elke dag speelt: een gesteriliseerde kat of binnenkat heeft ongeveer een kwart minder nodig.',
    },
    sterilised: {
      dog: 'Berekend voor een volwassen, gesteriliseerde hond met matige activiteit, die een tot twee uur per dag buiten komt.',
      cat: 'Berekend voor een volwassen gesteriliseerde kat of binnenkat, voor wie dit voer bedoeld is.',
    },
  },
  formats: 'Hoe lang elk formaat meegaat',
  lasts: { one: '{name}: ongeveer {count} dag', other: '{name}: ongeveer {count} dagen' },
  frequency: 'Aanbevolen levering: {frequency}',
  tooSmall: {
    one: 'Aanbevolen levering: {frequency}, {count} zak per levering',
    other: 'Aanbevolen levering: {frequency}, {count} zakken per levering',
  },
  choose: 'Deze frequentie kiezen',
  notForGrowth: {
    dog: 'Dit voer is niet gemaakt voor een puppy: tot 12 maanden heeft hij groeivoer nodig, rijker aan energie, eiwitten en calcium. Daarom berekenen we zijn rantsoen van dit product niet.',
    cat: 'Dit voer is niet gemaakt voor een kitten: tot 12 maanden heeft hij groeivoer nodig, rijker aan energie, eiwitten en calcium. Daarom berekenen we zijn rantsoen van dit product niet.',
  },
  growthRange: { dog: 'Ons voer voor puppy’s bekijken', cat: 'Ons voer voor kittens bekijken' },
  pregnancy: { legend: 'Gaat het om een drachtig of zogend vrouwtje?', yes: 'Ja', no: 'Nee' },
  chooseLabel: 'Deze frequentie kiezen voor het formaat {name}',
  errors: {
    weight: {
      required: 'Geef zijn gewicht.',
      invalid: 'Geef een gewicht in kilo, bijvoorbeeld 12,5.',
      catRange: 'Een kat weegt tussen 1 en 13 kg.',
      dogMax: 'Een hond weegt hoogstens 100 kg.',
      puppyTooHeavy: 'Dat gewicht is te hoog voor een puppy van die leeftijd: kijk het gewicht en de leeftijd na.',
      kittenTooHeavy: 'Dat gewicht is te hoog voor een kitten van die leeftijd: kijk het gewicht en de leeftijd na.',
    },
    age: {
      required: 'Geef zijn leeftijd.',
      invalid: 'Geef zijn leeftijd in hele jaren en maanden.',
      months: 'Geef 0 tot 11 maanden naast de jaren.',
      tooYoung: 'Je dier moet minstens 1 maand oud zijn.',
      tooOld: 'Geef een leeftijd van hoogstens 30 jaar.',
    },
    network: 'Er is een fout opgetreden. Controleer je verbinding en probeer opnieuw.',
  },
};
