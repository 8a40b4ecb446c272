/** Relay points (France): the funnel's messages when a point cannot take the parcel or none is near. */
export default {
  /** A point chosen earlier is closed now (holidays, end of contract): the shopper picks again. */
  inactive: 'Ce point relais n’accepte plus de colis pour le moment. Merci de choisir un autre point relais ou un autre mode de livraison.',
  /** The search found no open point near the postcode or town given. */
  noneNearby:
    'Aucun point relais n’a été trouvé près de cette adresse. Essayez un autre code postal ou une autre ville, ou choisissez la livraison à domicile.',
  /** Relay points are offered in France only. */
  franceOnly: 'La livraison en point relais est proposée en France uniquement.',
  /** The carrier did not answer: the search can be tried again, or home delivery chosen. */
  unavailable:
    'La recherche de points relais est momentanément indisponible. Merci de réessayer dans un instant ou de choisir la livraison à domicile.',
  distance: '{distance}\u00A0km',
};
