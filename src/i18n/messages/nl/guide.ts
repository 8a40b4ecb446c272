/** De brokkengids (/nl/brokkengids/): de stappen, de vragen en de resultaten, in het Nederlands. */
export default {
  entrance: {
    title: 'Voor welk dier?',
    intro: 'Kies het dier waarvoor je brokken zoekt, of voeg een nieuw dier toe.',
    choose: 'Start de gids voor {name}',
    new: 'Een nieuw dier',
  },
  steps: {
    label: 'Stappen van de gids',
    progress: 'Stap {current} van {total}',
    profile: 'Profiel',
    shape: 'Silhouet',
    diet: 'Voeding',
    result: 'Resultaat',
  },
  intro: {
    profile: 'Laten we kennismaken: wie is je huisdier?',
    shape: 'Zijn gewicht, silhouet en activiteit bepalen zijn rantsoen.',
    diet: 'Wat eet hij vandaag, en heeft hij een bijzonderheid?',
  },
  actions: {
    next: 'Volgende',
    back: 'Terug',
    results: 'Bekijk mijn aanbevelingen',
    restart: 'Antwoorden wijzigen',
    chooseAnimal: 'Een dier kiezen',
  },
  result: {
    title: 'Onze aanbevelingen voor {name}',
    loading: 'We bereiden je aanbevelingen voor…',
    ration: '{grams} g per dag',
    perMeal: 'dus {grams} g per maaltijd ({meals} maaltijden)',
    frequency: 'Aanbevolen levering: {frequency}',
    format: 'Formaat: {format}',
    quantity: '{quantity} × {format}',
    buyOnce: 'In winkelmand',
    subscribe: 'Abonneren: {frequency}',
    added: '{name} zit in je winkelmand.',
    none: 'Geen enkel recept past momenteel bij je dier.',
    otherPet: 'Start de gids voor een ander dier',
  },
};
