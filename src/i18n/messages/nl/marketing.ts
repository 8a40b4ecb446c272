/** Marketing: de cookiebanner en de link in de voettekst, de bovenste balk, de pop-ups en het exit-intent-aanbod. */
export default {
  consent: {
    title: 'Jouw cookies, jouw keuze',
    text: 'Met je toestemming gebruiken we cookies om het bezoek aan de site te meten en je aanbiedingen op maat te doen. Je kunt je keuze altijd wijzigen via de link „Cookies beheren” onderaan de pagina.',
    acceptAll: 'Alles accepteren',
    refuseAll: 'Alles weigeren',
    choose: 'Kiezen',
    analytics: 'Bezoekersmeting',
    marketing: 'Persoonlijke aanbiedingen',
    save: 'Mijn keuzes opslaan',
    manage: 'Cookies beheren',
  },
  topHeader: {
    label: 'Informatie',
    close: 'Banner sluiten',
  },
  popup: {
    close: 'Sluiten',
  },
  exitIntent: {
    title: '{amount} korting op je eerste bestelling',
    text: 'Schrijf je in voor onze nieuwsbrief en krijg {amount} korting op je eerste bestelling.',
    later: 'Nee, bedankt',
  },
  countryWall: {
    title: 'Kies je land',
    text: 'Onze prijzen, leveringen en aanbiedingen hangen af van het land waar je geleverd wordt.',
  },
  languageWall: {
    title: 'Kies je taal',
    text: 'Choisissez votre langue.',
  },
};
