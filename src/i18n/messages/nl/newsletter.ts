/** De inschrijving op de nieuwsbrief (voettekst, exit-intent-aanbod, eigen pagina) en de pagina van de bevestigingslink. */
export default {
  form: {
    title: 'Nieuwsbrief',
    label: 'Je e-mailadres',
    submit: 'Inschrijven',
    pending: 'Bezig met inschrijven…',
    privacy: 'We sturen je een bevestigingsmail. Je kunt je op elk moment uitschrijven.',
  },
  errors: {
    required: 'Vul je e-mailadres in.',
    email: 'Het e-mailadres is ongeldig.',
    generic: 'Er is een fout opgetreden',
  },
  sent: {
    title: 'Nog één stap!',
    text: 'We hebben een e-mail gestuurd naar {email}: klik op de link in die e-mail om je inschrijving te bevestigen.',
  },
  page: {
    intro:
      'Onze voedingstips, nieuwigheden en aanbiedingen, een of twee keer per maand. Nieuwe klant? Je krijgt € 5 korting op je eerste bestelling.',
  },
  confirmation: {
    pending: 'Je inschrijving wordt bevestigd…',
    done: 'Je inschrijving op de nieuwsbrief is bevestigd. Bedankt!',
    code: 'Je persoonlijke code van {amount} op je eerste bestelling:',
    copy: 'Code kopiëren',
    copied: 'Code gekopieerd',
    account:
      'Deze code is alleen geldig voor je account en kan één keer gebruikt worden. Vul hem in je winkelmand in terwijl je aangemeld bent.',
    noAccount:
      'Deze code is alleen geldig voor het adres {email} en kan één keer gebruikt worden: maak je account aan met dit adres om hem te gebruiken.',
    createAccount: 'Mijn account aanmaken',
    shop: 'Ontdek onze brokken',
    noCode: 'De welkomstcode geldt alleen voor een eerste bestelling en wordt maar één keer per e-mailadres gegeven.',
    dead: 'Deze bevestigingslink is niet meer geldig: misschien is je inschrijving al bevestigd. Zo niet, schrijf je hieronder opnieuw in.',
  },
};
