/** The bi-nutrition guides (full and mini): their steps, the menu and its results, in French. */
export default {
  steps: {
    label: 'Étapes du guide',
    progress: 'Étape {current} sur {total}',
    profile: 'Profil',
    meals: 'Repas',
    selection: 'Sélection',
    ration: 'Ration',
    result: 'Résultat',
  },
  intro: {
    profile: 'Vérifiez le profil de votre chat\u00A0: son menu en dépend.',
    meals: 'Quelles croquettes mange votre chat\u00A0?',
    selection: 'Choisissez les pâtées de son menu.',
    ration: 'À quelle fréquence lui servir de la pâtée\u00A0?',
  },
  actions: {
    next: 'Suivant',
    back: 'Retour',
    results: 'Voir son menu',
    editProfile: 'Modifier son profil',
    otherKibble: 'Choisir d’autres croquettes',
    pets: 'Voir mes animaux',
    restart: 'Modifier ses réponses',
  },
  // Asked after the profile of an intact adult female: a pregnant or nursing cat is sent to the vet.
  pregnancy: {
    legend: '{name} est-elle gestante ou allaite-t-elle en ce moment\u00A0?',
    yes: 'Oui',
    no: 'Non',
    required: 'Choisissez une réponse.',
  },
  meals: {
    cat: 'Croquettes pour chat',
    dog: 'Croquettes pour chien',
    required: 'Choisissez ses croquettes.',
  },
  selection: {
    limit: 'Jusqu’à {max} recettes\u00A0: {count} choisie(s).',
    full: 'Vous avez choisi {max} recettes, le maximum.',
    required: 'Choisissez au moins une pâtée.',
    none: 'Aucune de nos pâtées ne convient à votre chat pour le moment.',
  },
  ration: {
    three: 'Trois fois par semaine',
    daily: 'Tous les jours',
  },
  menu: {
    wetDays: 'Les jours de pâtée ({days} jours par semaine)',
    everyDay: 'Chaque jour',
    otherDays: 'Les autres jours ({days} jours par semaine)',
    food: '{name}\u00A0: {grams}\u00A0g par jour, soit {perMeal}\u00A0g par repas',
    meals: 'En {meals} repas par jour.',
    loading: 'Nous composons son menu…',
  },
  result: {
    title: 'Le menu bi-nutrition de {name}',
    formats: 'Formats et livraisons',
    format: '{name}\u00A0: {quantity} × {format}, livraison conseillée {frequency}',
    subscribe: 'M’abonner à tout le menu',
    buyOnce: 'Tout ajouter au panier',
    added: 'Son menu est dans votre panier.',
    missing: 'Composez d’abord son menu dans le guide.',
    vet: 'Votre vétérinaire saura vous conseiller l’alimentation qui lui convient.',
  },
  link: 'Composer son menu bi-nutrition',
};
