/**
 * The search (SPEC §2 /rechercher/, §8): the search page (results grouped Articles, Categories,
 * Products), the header's box with its suggestions, the FAQ's search, the no-result messages with their
 * suggestions and the failures (network, service), each with a retry.
 */
export default {
  label: 'Rechercher sur le site',
  placeholder: 'Croquettes, friandises, une question…',
  submit: 'Rechercher',
  clear: 'Effacer la recherche',
  prompt: 'Un produit, une marque, une question\u00A0? Tapez quelques lettres, nous cherchons dans tout le site.',
  searching: 'Recherche en cours…',
  summary: { one: '{count} résultat pour «\u00A0{query}\u00A0»', other: '{count} résultats pour «\u00A0{query}\u00A0»' },
  groups: { articles: 'Articles', categories: 'Catégories', products: 'Produits' },
  types: { page: 'Page', faq: 'Question fréquente' },
  more: 'Voir plus de produits',
  noResults: {
    title: 'Aucun résultat pour «\u00A0{query}\u00A0»',
    text: 'Vérifiez l’orthographe ou essayez un mot plus général («\u00A0croquettes\u00A0», «\u00A0chaton\u00A0», «\u00A0livraison\u00A0»…). Vous trouverez peut-être ici ce que vous cherchez\u00A0:',
    categories: 'Nos rayons',
    faq: 'Les questions fréquentes',
    guide: 'Le guide croquettes\u00A0: la recette faite pour votre animal',
    contact: 'Notre service client, du lundi au vendredi de 9\u00A0h à 18\u00A0h',
  },
  failure: {
    network: 'La recherche n’a pas pu aboutir\u00A0: vérifiez votre connexion internet, puis réessayez.',
    unavailable: 'La recherche est momentanément indisponible. Merci de réessayer dans quelques instants.',
    retry: 'Réessayer',
  },
  box: {
    close: 'Fermer la recherche',
    suggestions: 'Suggestions',
    count: {
      one: '{count} suggestion, flèches haut et bas pour la choisir',
      other: '{count} suggestions, flèches haut et bas pour les parcourir',
    },
    none: 'Aucune suggestion pour «\u00A0{query}\u00A0»\u00A0: appuyez sur Entrée pour chercher dans tout le site.',
    all: 'Tous les résultats pour «\u00A0{query}\u00A0»',
  },
  faq: {
    results: { one: '{count} question pour «\u00A0{query}\u00A0»', other: '{count} questions pour «\u00A0{query}\u00A0»' },
    noResults: 'Aucune question ne correspond à «\u00A0{query}\u00A0». Essayez un autre mot, parcourez les catégories ou\u00A0:',
    elsewhere: 'Dans les autres catégories',
    site: 'Chercher «\u00A0{query}\u00A0» dans tout le site',
    contact: 'Poser votre question à notre service client',
    fallback: 'La recherche est momentanément indisponible\u00A0: voici les questions qui contiennent vos mots.',
  },
};
