/**
 * De zoekfunctie (SPEC §2 /zoeken/, §8): de zoekpagina (resultaten gegroepeerd in Artikels, Categorieën,
 * Producten), het zoekvak in de header met suggesties, het zoeken in de veelgestelde vragen, de meldingen
 * zonder resultaat met suggesties en de storingen (netwerk, dienst), telkens met een nieuwe poging.
 */
export default {
  label: 'Zoeken op de site',
  placeholder: 'Brokken, snacks, een vraag…',
  submit: 'Zoeken',
  clear: 'Zoekopdracht wissen',
  prompt: 'Een product, een merk, een vraag? Typ een paar letters, wij zoeken op de hele site.',
  searching: 'Bezig met zoeken…',
  summary: { one: '{count} resultaat voor ‘{query}’', other: '{count} resultaten voor ‘{query}’' },
  groups: { articles: 'Artikels', categories: 'Categorieën', products: 'Producten' },
  types: { page: 'Pagina', faq: 'Veelgestelde vraag' },
  more: 'Meer producten tonen',
  noResults: {
    title: 'Geen resultaten voor ‘{query}’',
    text: 'Controleer de spelling of probeer een algemener woord (‘brokken’, ‘kitten’, ‘levering’…). Misschien vind je hier wat je zoekt:',
    categories: 'Onze afdelingen',
    faq: 'De veelgestelde vragen',
    guide: 'De brokkengids: het recept op maat van je dier',
    contact: 'Onze klantendienst, van maandag tot vrijdag van 9 tot 18 uur',
  },
  failure: {
    network: 'Het zoeken is niet gelukt: controleer je internetverbinding en probeer het opnieuw.',
    unavailable: 'Zoeken is momenteel niet beschikbaar. Probeer het over enkele ogenblikken opnieuw.',
    retry: 'Opnieuw proberen',
  },
  box: {
    close: 'Zoeken sluiten',
    suggestions: 'Suggesties',
    count: {
      one: '{count} suggestie, kies met de pijltjes omhoog en omlaag',
      other: '{count} suggesties, blader met de pijltjes omhoog en omlaag',
    },
    none: 'Geen suggesties voor ‘{query}’: druk op Enter om op de hele site te zoeken.',
    all: 'Alle resultaten voor ‘{query}’',
  },
  faq: {
    results: { one: '{count} vraag voor ‘{query}’', other: '{count} vragen voor ‘{query}’' },
    noResults: 'Geen enkele vraag past bij ‘{query}’. Probeer een ander woord, blader door de categorieën of:',
    elsewhere: 'In de andere categorieën',
    site: '‘{query}’ zoeken op de hele site',
    contact: 'Je vraag stellen aan onze klantendienst',
    fallback: 'Zoeken is momenteel niet beschikbaar: dit zijn de vragen die je woorden bevatten.',
  },
};
