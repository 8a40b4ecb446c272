-- The bank transfer's instructions come right above the bank details, on the confirmation page and in the
-- confirmation e-mail: they said the details were "on the confirmation page and in the e-mail", which is
-- where the shopper already is. They now say what to do with the details below. A text an editor has
-- changed since is left as it is.
UPDATE shop.payment_methods
   SET instructions_fr = E'Faites votre virement aux coordonnées ci-dessous en indiquant la référence en libellé\u00A0: elle nous permet de le rapprocher de votre commande.'
 WHERE code = 'bank_transfer'
   AND instructions_fr = 'Votre commande sera expédiée dès réception de votre virement. Les coordonnées bancaires et la référence à indiquer figurent sur la page de confirmation et dans l’e-mail de confirmation.';
UPDATE shop.payment_methods
   SET instructions_nl = 'Maak je overschrijving naar de gegevens hieronder en vermeld de referentie in de mededeling: zo koppelen we ze aan je bestelling.'
 WHERE code = 'bank_transfer'
   AND instructions_nl = 'Je bestelling wordt verzonden zodra je overschrijving ontvangen is. De bankgegevens en de te vermelden referentie staan op de bevestigingspagina en in de bevestigingsmail.';
