/** The product page's ration and delivery-frequency calculator (./ration.ts), and the nutrition guides' entries, in Dutch. */
import ration from './ration.ts';

export default {
  ration,
  nutritionGuide: {
    intro: {
      full: 'De gids bi-voeding stelt voor je kat een menu van brokken en natvoer samen, in 5 stappen.',
      short: 'De mini-gids bi-voeding stelt voor je kat een menu van brokken en natvoer samen, in 4 stappen.',
    },
    choose: 'Voor welke kat stel je het menu samen?',
    start: 'Het menu van {name} samenstellen',
    noCat: 'De gids bi-voeding stelt het menu van een kat samen: maak eerst de fiche van je kat aan.',
    anotherCat: 'Een fiche voor een andere kat aanmaken',
    createCat: 'De fiche van mijn kat aanmaken',
    error: 'Er is een fout opgetreden. Laad de pagina opnieuw om het nog eens te proberen.',
  },
};
