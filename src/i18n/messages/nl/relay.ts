/** Afhaalpunten (Frankrijk): de berichten van de bestelstappen als een punt geen pakket kan aannemen of er geen in de buurt is. */
export default {
  inactive: 'Dit afhaalpunt neemt momenteel geen pakketten meer aan. Kies een ander afhaalpunt of een andere leveringswijze.',
  noneNearby:
    'Er is geen afhaalpunt gevonden in de buurt van dit adres. Probeer een andere postcode of gemeente, of kies voor levering aan huis.',
  franceOnly: 'Levering in een afhaalpunt is alleen mogelijk in Frankrijk.',
  unavailable: 'Het zoeken naar afhaalpunten is tijdelijk niet beschikbaar. Probeer het zo meteen opnieuw of kies voor levering aan huis.',
  distance: '{distance}\u00A0km',
};
