-- The top header's delivery message linked to /livraison/ and /nl/levering/, pages the sites never had (a 404
-- from every page once the shopper consented): it links to the delivery and returns page, in its language.
UPDATE marketing.campaigns SET data = jsonb_set(data, '{link}', '"/page/livraison-et-retours/"')
  WHERE code = 'livraison-offerte-fr' AND data ->> 'link' = '/livraison/';
UPDATE marketing.campaigns SET data = jsonb_set(data, '{link}', '"/nl/pagina/levering-en-retour/"')
  WHERE code = 'livraison-offerte-nl' AND data ->> 'link' = '/nl/levering/';
