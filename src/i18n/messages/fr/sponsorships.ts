/** The sponsorships page: the rule, the referral link and code, and the friends who came through them. */
export default {
  rule: {
    title: 'Parrainez vos proches',
    friend: 'Vos filleuls reçoivent {friendDiscount} de réduction sur leur première commande, dès {friendMinimum} d’achat.',
    sponsor:
      'Vous recevez un bon de {sponsorReward} dès que la première commande d’un filleul est payée\u00A0: valable {days} jours, sur votre compte, une fois.',
    how: 'Votre filleul crée son compte avec votre lien (le code s’applique alors tout seul à son panier), ou saisit votre code dans son panier.',
    household:
      'Votre filleul doit être un nouveau client d’un autre foyer\u00A0: une autre adresse de livraison que les vôtres et un autre moyen de paiement que le vôtre. Une commande livrée à l’une de vos adresses n’a pas la réduction, et une commande réglée avec votre carte ne vous donne pas de bon.',
  },
  link: {
    title: 'Votre lien de parrainage',
    copy: 'Copier le lien',
    copied: 'Lien copié',
    whatsApp: 'Partager sur WhatsApp',
    mail: 'Envoyer par e-mail',
    mailSubject: 'Maison Gamelle\u00A0: {amount} offerts sur ta première commande',
    mailBody:
      'Je te recommande Maison Gamelle pour nourrir ton chien ou ton chat. Avec mon lien, tu as {amount} de réduction sur ta première commande\u00A0: {link}',
  },
  code: {
    title: 'Votre code',
    copy: 'Copier le code',
    copied: 'Code copié',
  },
  friends: {
    title: 'Vos filleuls',
    none: 'Aucun filleul pour l’instant\u00A0: partagez votre lien\u00A0!',
    registered: 'Inscrit le {date}',
    states: {
      registered: 'Compte créé, pas encore de commande',
      ordered: 'Première commande passée, en attente de paiement',
      rewarded: 'Première commande payée, récompense offerte',
      refused: 'Première commande payée, sans récompense\u00A0: même adresse de livraison ou même moyen de paiement que vous',
    },
    reward: 'Votre bon\u00A0: {code} ({amount})',
    expires: 'valable jusqu’au {date}',
    used: 'utilisé',
  },
  error: 'Vos parrainages n’ont pas pu être chargés. Merci de réessayer dans quelques instants.',
  retry: 'Réessayer',
};
