/**
 * Texts of the sandbox for shoppers, in French and Dutch by the payment's locale (nl_BE, nl_NL → Dutch,
 * anything else → French): the hosted pages, and the bank's message on a refused card (Mollie's
 * `failureMessage` is localised the same way).
 */
import type { FailureReason } from './test-cards.ts';

export type PageLanguage = 'fr' | 'nl';

export const languageOfLocale = (locale: string | null | undefined): PageLanguage => (locale?.startsWith('nl') ? 'nl' : 'fr');

/** The bank's message, for the shopper; the English wording is the bank's own (Mollie's `bankReason`). */
export const failureMessages: Record<FailureReason, { fr: string; nl: string; bank: string }> = {
  insufficient_funds: {
    fr: 'Paiement refusé par votre banque : provision insuffisante.',
    nl: 'Betaling geweigerd door uw bank: onvoldoende saldo.',
    bank: 'Insufficient funds',
  },
  refused_by_issuer: {
    fr: 'Paiement refusé par votre banque : transaction non autorisée.',
    nl: 'Betaling geweigerd door uw bank: transactie niet toegestaan.',
    bank: 'Do not honour',
  },
  card_expired: {
    fr: 'Paiement refusé par votre banque : la carte a expiré.',
    nl: 'Betaling geweigerd door uw bank: de kaart is verlopen.',
    bank: 'Expired card',
  },
  authentication_failed: {
    fr: 'L’authentification 3-D Secure a échoué.',
    nl: 'De 3-D Secure-verificatie is mislukt.',
    bank: 'Cardholder authentication failed',
  },
};

export const pageTexts = {
  fr: {
    title: 'Paiement de test',
    sandboxNotice: 'Environnement de test : aucun paiement réel n’est effectué.',
    amount: 'Montant',
    paypalTitle: 'Approuver le paiement PayPal',
    bancontactTitle: 'Approuver le paiement Bancontact',
    approve: 'Approuver le paiement',
    cancel: 'Annuler et revenir à la boutique',
    challengeTitle: 'Authentification 3-D Secure',
    challengeText: 'Votre banque vous demande de confirmer ce paiement par carte.',
    confirm: 'Confirmer le paiement',
    fail: 'Refuser l’authentification',
    transferTitle: 'Paiement par virement bancaire',
    transferText: 'Effectuez le virement avec les informations ci-dessous. Votre commande sera expédiée à réception du paiement.',
    beneficiary: 'Bénéficiaire',
    iban: 'IBAN',
    bic: 'BIC',
    reference: 'Référence à indiquer',
    backToShop: 'Revenir à la boutique',
    closedTitle: 'Ce paiement n’attend plus d’action',
    closedText: 'Le statut de ce paiement est',
  },
  nl: {
    title: 'Testbetaling',
    sandboxNotice: 'Testomgeving: er wordt geen echte betaling uitgevoerd.',
    amount: 'Bedrag',
    paypalTitle: 'PayPal-betaling goedkeuren',
    bancontactTitle: 'Bancontact-betaling goedkeuren',
    approve: 'Betaling goedkeuren',
    cancel: 'Annuleren en terug naar de winkel',
    challengeTitle: '3-D Secure-verificatie',
    challengeText: 'Uw bank vraagt u deze kaartbetaling te bevestigen.',
    confirm: 'Betaling bevestigen',
    fail: 'Verificatie weigeren',
    transferTitle: 'Betaling per overschrijving',
    transferText: 'Voer de overschrijving uit met de onderstaande gegevens. Uw bestelling wordt verzonden zodra de betaling ontvangen is.',
    beneficiary: 'Begunstigde',
    iban: 'IBAN',
    bic: 'BIC',
    reference: 'Te vermelden referentie',
    backToShop: 'Terug naar de winkel',
    closedTitle: 'Deze betaling wacht niet meer op een actie',
    closedText: 'De status van deze betaling is',
  },
} as const;
