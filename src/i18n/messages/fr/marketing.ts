/** Marketing: the cookie consent banner and its footer link, the top header, the popups and the exit-intent offer. */
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
  topHeader: {
    label: 'Information',
    close: 'Fermer le bandeau',
  },
  popup: {
    close: 'Fermer',
  },
  exitIntent: {
    title: '{amount} offerts sur votre première commande',
    text: 'Inscrivez-vous à notre newsletter et recevez {amount} de réduction sur votre première commande.',
    later: 'Non merci',
  },
  countryWall: {
    title: 'Choisissez votre pays',
    text: 'Nos prix, nos livraisons et nos offres dépendent du pays où vous êtes livré.',
  },
  languageWall: {
    title: 'Choisissez votre langue',
    text: 'Kies je taal.',
  },
};
