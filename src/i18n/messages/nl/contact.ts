/** De contactpagina: het formulier (bestelling, product, bericht, bestanden), de openingsuren van de klantendienst en de bevestiging. */
export default {
  intro: 'Een vraag over een bestelling, een product of de voeding van je dier? Schrijf ons, we antwoorden je per e-mail.',
  hours: 'Onze klantendienst helpt je van maandag tot vrijdag van 9.00 tot 18.00 uur.',
  faq: 'Bekijk eerst onze veelgestelde vragen',
  signedInAs: 'Je schrijft ons als {name}: we antwoorden je op {email}.',
  fields: {
    name: 'Naam',
    email: 'E-mailadres',
    orderId: 'Bestelnummer',
    productName: 'Naam van het product',
    message: 'Je bericht',
  },
  hints: {
    orderId: 'Je vindt het in de bevestigingsmail van je bestelling.',
    message: 'Minstens 2 tekens, zonder het teken %.',
  },
  noOrder: 'Geen specifieke bestelling',
  orderOption: 'Nr. {number} van {date}',
  files: {
    legend: 'Bijlagen',
    add: 'Bestanden toevoegen',
    remove: 'Verwijderen',
    removeNamed: '{name} verwijderen',
    accepted:
      'Toegelaten formaten: documenten, rekenbladen en presentaties (Word, Excel, PowerPoint, OpenDocument), CSV, PDF, tekst, HTML, CSS, XML, agenda (ICS), RTF, ZIP, TAR, afbeeldingen (GIF, JPEG, PNG, TIFF, BMP), audio, video en pkpass.',
    limits: 'Hoogstens {maxFiles} bestanden, maximaal {maxFile} MB per bestand, {maxTotal} MB in totaal.',
    tooLarge: 'Bestand te groot',
    type: 'Bestandstype niet ondersteund',
    tooMany: 'Je kunt hoogstens {max} bestanden toevoegen.',
    total: 'Je bestanden mogen samen niet groter zijn dan {max} MB.',
    refused: 'Verwijder de geweigerde bestanden voor je je bericht verstuurt.',
    count: { one: '{count} bijlage', other: '{count} bijlagen' },
  },
  units: { kb: 'kB', mb: 'MB' },
  submit: 'Mijn bericht versturen',
  sent: {
    title: 'Bericht verstuurd',
    text: 'Bedankt! Je bericht (referentie {reference}) is goed verstuurd. We hebben een bevestigingsmail gestuurd naar {email}.',
    again: 'Een ander bericht schrijven',
  },
};
