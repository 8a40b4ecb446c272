/** Marketing: the cookie consent banner and its footer link. */
export default {
  consent: {
    title: 'Vos cookies, votre choix',
    text: 'Avec votre accord, nous utilisons des cookies pour mesurer l’audience du site et vous proposer des offres adaptées. Vous pouvez changer d’avis à tout moment avec le lien «\u00A0Gérer les cookies\u00A0» en bas de page.',
    acceptAll: 'Tout accepter',
    refuseAll: 'Tout refuser',
    choose: 'Choisir',
    analytics: 'Mesure d’audience',
    marketing: 'Offres personnalisées',
    save: 'Enregistrer mes choix',
    manage: 'Gérer les cookies',
  },
};
