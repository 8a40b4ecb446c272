/**
 * The product page's ration and delivery-frequency calculator, in French: a file of its own, which the calculator's
 * island imports (src/islands/calculators/ration-messages.ts) rather than receiving it in every food page's HTML.
 */
export default {
  title: { dog: 'Calculer la ration de mon chien', cat: 'Calculer la ration de mon chat' },
  intro:
    'Indiquez son poids et son âge\u00A0: nous calculons sa ration quotidienne de ce produit et la fréquence de livraison qui lui convient.',
  weight: 'Poids (kg)',
  age: 'Âge',
  years: 'Années',
  months: 'Mois',
  ageHint: {
    dog: 'Un chiot de moins de 12\u00A0mois\u00A0: indiquez son âge en mois.',
    cat: 'Un chaton de moins de 12\u00A0mois\u00A0: indiquez son âge en mois.',
  },
  submit: 'Calculer sa ration',
  loading: 'Calcul en cours…',
  perDay: '{grams}\u00A0g par jour',
  perMeal: { one: 'en {count} repas de {grams}\u00A0g', other: 'en {count} repas de {grams}\u00A0g' },
  // What the page does not ask: an adult is taken as moderately active, and as neutered on a food made for neutered pets.
  assumes: {
    intact: {
      dog: 'Calculée pour un chien adulte d’activité modérée, qui sort une à deux heures par jour.',
      cat: 'Calculée pour un chat adulte non stérilisé qui sort un peu ou joue chaque jour\u00A0: un chat stérilisé ou d’intérieur a besoin d’environ un quart de moins.',
    },
    sterilised: {
      dog: 'Calculée pour un chien adulte stérilisé d’activité modérée, qui sort une à deux heures par jour.',
      cat: 'Calculée pour un chat adulte stérilisé ou d’intérieur, à qui cet aliment est destiné.',
    },
  },
  formats: 'Combien de temps dure chaque format',
  lasts: { one: '{name}\u00A0: environ {count} jour', other: '{name}\u00A0: environ {count} jours' },
  frequency: 'Livraison conseillée\u00A0: {frequency}',
  tooSmall: {
    one: 'Livraison conseillée\u00A0: {frequency}, {count} sac par livraison',
    other: 'Livraison conseillée\u00A0: {frequency}, {count} sacs par livraison',
  },
  choose: 'Choisir cette fréquence',
  notForGrowth: {
    dog: 'Cet aliment n’est pas fait pour un chiot\u00A0: avant 12\u00A0mois, il a besoin d’un aliment de croissance, plus riche en énergie, en protéines et en calcium. Nous ne calculons donc pas sa ration de ce produit.',
    cat: 'Cet aliment n’est pas fait pour un chaton\u00A0: avant 12\u00A0mois, il a besoin d’un aliment de croissance, plus riche en énergie, en protéines et en calcium. Nous ne calculons donc pas sa ration de ce produit.',
  },
  growthRange: { dog: 'Voir nos aliments pour chiot', cat: 'Voir nos aliments pour chaton' },
  // Asked once the age is an adult's: the page knows neither the pet's sex nor its sterilisation.
  pregnancy: { legend: 'S’agit-il d’une femelle gestante ou qui allaite\u00A0?', yes: 'Oui', no: 'Non' },
  chooseLabel: 'Choisir cette fréquence pour le format {name}',
  errors: {
    weight: {
      required: 'Indiquez son poids.',
      invalid: 'Indiquez un poids en kilos, par exemple 12,5.',
      catRange: 'Un chat pèse entre 1 et 13\u00A0kg.',
      dogMax: 'Un chien pèse au plus 100\u00A0kg.',
      puppyTooHeavy: 'Ce poids est trop élevé pour un chiot de cet âge\u00A0: vérifiez son poids et son âge.',
      kittenTooHeavy: 'Ce poids est trop élevé pour un chaton de cet âge\u00A0: vérifiez son poids et son âge.',
    },
    age: {
      required: 'Indiquez son âge.',
      invalid: 'Indiquez son âge en nombres entiers d’années et de mois.',
      months: 'Indiquez de 0 à 11\u00A0mois en plus des années.',
      tooYoung: 'Votre animal doit avoir au moins 1\u00A0mois.',
      tooOld: 'Indiquez un âge de 30\u00A0ans au plus.',
    },
    network: 'Une erreur est survenue. Vérifiez votre connexion et réessayez.',
  },
};
