/** The product page's ration and delivery-frequency calculator (./ration.ts), and the nutrition guides' entries, in French. */
import ration from './ration.ts';

export default {
  ration,
  nutritionGuide: {
    intro: {
      full: 'Le guide bi-nutrition compose pour votre chat un menu de croquettes et de pâtée, en 5\u00A0étapes.',
      short: 'Le mini-guide bi-nutrition compose pour votre chat un menu de croquettes et de pâtée, en 4\u00A0étapes.',
    },
    choose: 'Pour quel chat composer le menu\u00A0?',
    start: 'Composer le menu de {name}',
    noCat: 'Le guide bi-nutrition compose le menu d’un chat\u00A0: créez d’abord la fiche de votre chat.',
    createCat: 'Créer la fiche de mon chat',
    anotherCat: 'Créer la fiche d’un autre chat',
    error: 'Une erreur est survenue. Rechargez la page pour réessayer.',
  },
};
