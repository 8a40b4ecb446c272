-- The shop's seeded texts in the site's voice and typography (tests/api/shop-texts.test.ts, the rules of
-- tests/unit/i18n/typography.ts): Dutch says "je", never "u"; French puts a non-breaking space before ":"
-- and between a number and % or €. A text an editor has changed since is left as it is.
UPDATE shop.payment_methods
   SET instructions_nl = 'Je bestelling wordt verzonden zodra je overschrijving ontvangen is. De bankgegevens en de te vermelden referentie staan op de bevestigingspagina en in de bevestigingsmail.'
 WHERE code = 'bank_transfer'
   AND instructions_nl = 'Uw bestelling wordt verzonden zodra uw overschrijving ontvangen is. De bankgegevens en de te vermelden referentie staan op de bevestigingspagina en in de bevestigingsmail.';
UPDATE shop.payment_methods
   SET instructions_nl = 'Je bestelling wordt verzonden zodra je cheque ontvangen is. Schrijf hem uit op naam van Maison Gamelle, vermeld het bestelnummer op de achterkant en stuur hem naar: Maison Gamelle, Service commandes, 12 rue des Tanneurs, 69007 Lyon, Frankrijk.'
 WHERE code = 'cheque'
   AND instructions_nl = 'Uw bestelling wordt verzonden zodra uw cheque ontvangen is. Schrijf hem uit op naam van Maison Gamelle, vermeld het bestelnummer op de achterkant en stuur hem naar: Maison Gamelle, Service commandes, 12 rue des Tanneurs, 69007 Lyon, Frankrijk.';
UPDATE shop.payment_methods
   SET instructions_fr = E'Votre commande sera expédiée dès réception de votre chèque. Libellez-le à l’ordre de Maison Gamelle, inscrivez au dos le numéro de commande et envoyez-le à\u00A0: Maison Gamelle, Service commandes, 12 rue des Tanneurs, 69007 Lyon.'
 WHERE code = 'cheque'
   AND instructions_fr = 'Votre commande sera expédiée dès réception de votre chèque. Libellez-le à l’ordre de Maison Gamelle, inscrivez au dos le numéro de commande et envoyez-le à : Maison Gamelle, Service commandes, 12 rue des Tanneurs, 69007 Lyon.';
UPDATE shop.shipping_methods
   SET description_nl = 'Bij je thuis geleverd in 2 tot 4 werkdagen, tegen handtekening.'
 WHERE code = 'home_delivery' AND description_nl = 'Bij u thuis geleverd in 2 tot 4 werkdagen, tegen handtekening.';
UPDATE shop.coupons SET label_fr = E'Bienvenue\u00A0: 10\u00A0% de réduction'
 WHERE code = 'BIENVENUE10' AND label_fr = 'Bienvenue : 10 % de réduction';
UPDATE shop.coupons SET label_fr = E'5\u00A0€ de réduction dès 30\u00A0€ d’achat'
 WHERE code = 'CROQ5' AND label_fr = '5 € de réduction dès 30 € d’achat';
UPDATE shop.coupons SET label_fr = E'Noël 2025\u00A0: 15\u00A0% de réduction'
 WHERE code = 'NOEL2025' AND label_fr = 'Noël 2025 : 15 % de réduction';
UPDATE shop.coupons SET label_fr = E'Première commande\u00A0: 5\u00A0€ offerts'
 WHERE code = 'BIENVENUE5' AND label_fr = 'Première commande : 5 € offerts';
