/**
 * De pagina om vrienden uit te nodigen: de regel, de link en code om door te geven, en de vrienden die erdoor
 * kwamen. Niet "peterschap": in Vlaanderen is dat een dier of een goed doel steunen.
 */
export default {
  rule: {
    title: 'Nodig je vrienden uit',
    friend: 'Je vrienden krijgen {friendDiscount} korting op hun eerste bestelling, bij een aankoop vanaf {friendMinimum}.',
    sponsor:
      'Jij krijgt een bon van {sponsorReward} zodra de eerste bestelling van een vriend die je uitnodigde betaald is: {days} dagen geldig, voor je account, één keer.',
    how: 'Je vriend maakt een account aan met jouw link (de code staat dan vanzelf in zijn winkelmand), of vult jouw code in zijn winkelmand in.',
    household:
      'Je vriend moet een nieuwe klant uit een ander huishouden zijn: een ander leveringsadres dan de jouwe en een andere betaalmethode dan de jouwe. Een bestelling die op een van jouw adressen geleverd wordt, krijgt geen korting, en een bestelling die met jouw kaart betaald wordt, levert jou geen bon op.',
  },
  link: {
    title: 'Jouw uitnodigingslink',
    copy: 'Link kopiëren',
    copied: 'Link gekopieerd',
    whatsApp: 'Delen via WhatsApp',
    mail: 'Versturen per e-mail',
    mailSubject: 'Maison Gamelle: {amount} korting op je eerste bestelling',
    mailBody:
      'Ik raad je Maison Gamelle aan voor de voeding van je hond of kat. Met mijn link krijg je {amount} korting op je eerste bestelling: {link}',
  },
  code: {
    title: 'Jouw code',
    copy: 'Code kopiëren',
    copied: 'Code gekopieerd',
  },
  friends: {
    title: 'Je uitgenodigde vrienden',
    none: 'Nog geen uitgenodigde vrienden: deel je link!',
    registered: 'Ingeschreven op {date}',
    states: {
      registered: 'Account aangemaakt, nog geen bestelling',
      ordered: 'Eerste bestelling geplaatst, wacht op betaling',
      rewarded: 'Eerste bestelling betaald, beloning gegeven',
      refused: 'Eerste bestelling betaald, geen beloning: zelfde leveringsadres of zelfde betaalmethode als jij',
    },
    reward: 'Je bon: {code} ({amount})',
    expires: 'geldig tot {date}',
    used: 'gebruikt',
  },
  error: 'Je uitnodigingen konden niet geladen worden. Probeer het over enkele ogenblikken opnieuw.',
  retry: 'Opnieuw proberen',
};
