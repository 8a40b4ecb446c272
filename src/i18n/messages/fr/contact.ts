/** The contact page: the form (order, product, message, files), the customer care hours and the confirmation. */
export default {
  intro: 'Une question sur une commande, un produit ou l’alimentation de votre animal\u00A0? Écrivez-nous, nous vous répondons par e-mail.',
  hours: 'Notre service client vous répond du lundi au vendredi de 9\u00A0h à 18\u00A0h.',
  faq: 'Consultez d’abord notre FAQ',
  signedInAs: 'Vous nous écrivez en tant que {name}\u00A0: nous vous répondrons à {email}.',
  fields: {
    name: 'Nom',
    email: 'Adresse e-mail',
    orderId: 'Numéro de commande',
    productName: 'Nom du produit',
    message: 'Votre message',
  },
  hints: {
    orderId: 'Il figure dans l’e-mail de confirmation de votre commande.',
    message: 'Au moins 2 caractères, sans le caractère %.',
  },
  noOrder: 'Aucune commande en particulier',
  orderOption: 'N° {number} du {date}',
  files: {
    legend: 'Pièces jointes',
    add: 'Ajouter des fichiers',
    remove: 'Retirer',
    removeNamed: 'Retirer {name}',
    accepted:
      'Formats acceptés\u00A0: documents, tableurs et présentations (Word, Excel, PowerPoint, OpenDocument), CSV, PDF, texte, HTML, CSS, XML, calendrier (ICS), RTF, ZIP, TAR, images (GIF, JPEG, PNG, TIFF, BMP), audio, vidéo et pkpass.',
    limits: '{maxFiles} fichiers au plus, {maxFile}\u00A0Mo maximum par fichier, {maxTotal}\u00A0Mo au total.',
    tooLarge: 'Fichier trop volumineux',
    type: 'Type de fichier non supporté',
    tooMany: 'Vous pouvez joindre au plus {max} fichiers.',
    total: 'Vos fichiers ne peuvent pas dépasser {max}\u00A0Mo au total.',
    refused: 'Retirez les fichiers refusés avant d’envoyer votre message.',
    count: { one: '{count} fichier joint', other: '{count} fichiers joints' },
  },
  units: { kb: 'Ko', mb: 'Mo' },
  submit: 'Envoyer mon message',
  sent: {
    title: 'Message envoyé',
    text: 'Merci\u00A0! Votre message (référence {reference}) a bien été envoyé. Un e-mail de confirmation vous a été adressé à {email}.',
    again: 'Écrire un autre message',
  },
};
