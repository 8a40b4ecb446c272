/** The newsletter sign-up (footer, exit-intent offer, its own page) and the page its confirmation link opens. */
export default {
  form: {
    title: 'Newsletter',
    label: 'Votre adresse e-mail',
    submit: 'Je m’inscris',
    pending: 'Inscription…',
    privacy: 'Un e-mail de confirmation vous sera envoyé. Désinscription possible à tout moment.',
  },
  errors: {
    required: 'Merci de saisir votre adresse e-mail.',
    email: "L'email est invalide.",
    generic: "Une erreur s'est produite",
  },
  sent: {
    title: 'Plus qu’une étape\u00A0!',
    text: 'Nous vous avons envoyé un e-mail à {email}\u00A0: cliquez sur le lien qu’il contient pour confirmer votre inscription.',
  },
  page: {
    intro:
      'Nos conseils de nutrition, nos nouveautés et nos offres, une à deux fois par mois. Nouveau client\u00A0? 5\u00A0€ vous sont offerts sur votre première commande.',
  },
  confirmation: {
    pending: 'Confirmation de votre inscription…',
    done: 'Votre inscription à la newsletter est confirmée. Merci\u00A0!',
    code: 'Votre code personnel de {amount} sur votre première commande\u00A0:',
    copy: 'Copier le code',
    copied: 'Code copié',
    account: 'Ce code n’est valable que pour votre compte, une seule fois. Saisissez-le dans votre panier en étant connecté.',
    noAccount:
      'Ce code n’est valable que pour l’adresse {email}, une seule fois\u00A0: créez votre compte avec cette adresse pour l’utiliser.',
    createAccount: 'Créer mon compte',
    shop: 'Découvrir nos croquettes',
    noCode: 'Le code de bienvenue est réservé à une première commande et n’est offert qu’une fois par adresse e-mail.',
    dead: 'Ce lien de confirmation n’est plus valable\u00A0: votre inscription est peut-être déjà confirmée. Sinon, inscrivez-vous à nouveau ci-dessous.',
  },
};
