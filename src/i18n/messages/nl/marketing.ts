/** Marketing: de cookiebanner en de link in de voettekst. */
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
};
