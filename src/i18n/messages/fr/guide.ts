/** The kibble guide (/guide-croquettes/): its steps, their questions and the results, in French. */
export default {
  entrance: {
    title: 'Pour quel animal\u00A0?',
    intro: 'Choisissez l’animal pour lequel vous cherchez des croquettes, ou ajoutez-en un nouveau.',
    choose: 'Lancer le guide pour {name}',
    new: 'Un nouvel animal',
  },
  steps: {
    label: 'Étapes du guide',
    progress: 'Étape {current} sur {total}',
    profile: 'Profil',
    shape: 'Silhouette',
    diet: 'Alimentation',
    result: 'Résultat',
  },
  intro: {
    profile: 'Faisons connaissance\u00A0: qui est votre compagnon\u00A0?',
    shape: 'Son poids, sa silhouette et son activité font sa ration.',
    diet: 'Que mange votre animal aujourd’hui, et a-t-il une particularité\u00A0?',
  },
  actions: {
    next: 'Suivant',
    back: 'Retour',
    results: 'Voir mes recommandations',
    restart: 'Modifier ses réponses',
    chooseAnimal: 'Choisir un animal',
  },
  result: {
    title: 'Pour {name}',
    loading: 'Nous préparons vos recommandations…',
    ration: '{grams}\u00A0g par jour',
    perMeal: 'soit {grams}\u00A0g par repas ({meals} repas)',
    frequency: 'Livraison conseillée\u00A0: {frequency}',
    format: 'Format\u00A0: {format}',
    quantity: '{quantity} × {format}',
    buyOnce: 'Ajouter au panier',
    subscribe: 'M’abonner\u00A0: {frequency}',
    added: '{name} est dans votre panier.',
    none: 'Aucune de nos recettes ne convient à votre animal pour le moment.',
    otherPet: 'Lancer le guide pour un autre animal',
  },
  // Asked before the results when the profile cannot tell: a pregnancy (an intact adult female), a crossbreed's adult size.
  questions: {
    intro: 'Une dernière étape avant nos recommandations\u00A0: vos réponses servent à calculer sa ration.',
    required: 'Choisissez une réponse.',
    pregnancy: {
      legend: '{name} est-elle gestante ou allaite-t-elle en ce moment\u00A0?',
      yes: 'Oui',
      no: 'Non',
    },
    adultSize: {
      legend: 'Quelle taille fera {name} une fois adulte\u00A0?',
      hint: 'Sa race ne nous indique pas son poids adulte, dont dépendent la ration d’un chiot et le choix de ses croquettes.',
      small: 'Petite (moins de 10\u00A0kg)',
      medium: 'Moyenne (de 10 à 25\u00A0kg)',
      large: 'Grande (de 25 à 45\u00A0kg)',
      giant: 'Très grande (plus de 45\u00A0kg)',
      unknown: 'Je ne sais pas',
    },
  },
};
