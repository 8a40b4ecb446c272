/**
 * Texts of the shop API's violations and errors, in the language of the `locale` query parameter.
 * The French texts the spec quotes are used word for word, and a rule the site's forms also check says
 * the same words as the form (tests/unit/lib/shop-api/requests.test.ts holds them together).
 */
import type { ViolationCode } from '../../../lib/shop-api/errors.ts';
import { intlLocaleOf, type Language } from '../../../lib/channels.ts';

export type MessageParams = { min?: number; max?: number; digits?: number; amount?: number };

const euros = (lang: Language, minor = 0) =>
  new Intl.NumberFormat(intlLocaleOf(lang), { style: 'currency', currency: 'EUR' }).format(minor / 100);

type Catalogue = Record<ViolationCode, (p: MessageParams) => string>;

const fr: Catalogue = {
  NOT_BLANK: () => 'Ce champ est obligatoire.',
  INVALID_TYPE: () => 'Cette valeur n’est pas du type attendu.',
  TOO_SHORT: (p) => `Ce champ doit comporter au moins ${p.min} caractères.`,
  TOO_LONG: (p) => `Ce champ doit comporter au plus ${p.max} caractères.`,
  OUT_OF_RANGE: (p) => `Cette valeur doit être comprise entre ${p.min} et ${p.max}.`,
  INVALID_CHARACTERS: () => 'Ce champ contient des caractères non autorisés.',
  INVISIBLE_CHARACTERS: () =>
    'Ce champ contient des caractères invisibles (espace sans largeur ou marque de sens d’écriture)\u00A0: merci de les retirer.',
  LINK_NOT_ALLOWED: () => 'Ce champ ne peut pas contenir d’adresse web (www, http ou un point collé au mot suivant).',
  INVALID_EMAIL: () => "L'email est invalide.",
  INVALID_DATE: () => 'La date n’est pas valide.',
  DATE_NOT_IN_PAST: () => 'La date doit être dans le passé.',
  DATE_TOO_OLD: (p) => `La date ne peut pas remonter à plus de ${p.max} ans.`,
  INVALID_CHOICE: () => 'Cette valeur n’est pas valide.',
  COUNTRY_NOT_SERVED: () => 'Nous ne livrons pas dans ce pays.',
  POSTCODE_LENGTH: (p) => `Le code postal doit comporter ${p.digits} chiffres.`,
  POSTCODE_COUNTRY: () => 'Le format du code postal ne correspond pas au pays sélectionné.',
  INVALID_PHONE: () => 'Ce numéro de téléphone n’est pas valide.',
  ADDRESS_LIMIT: (p) => `Vous ne pouvez pas enregistrer plus de ${p.max} adresses.`,
  EMAIL_ALREADY_USED: () => 'Cet email est déjà utilisé.',
  TERMS_NOT_ACCEPTED: () => 'Vous devez accepter les conditions générales d’utilisation et de vente.',
  PASSWORDS_NOT_EQUAL: () => 'Les deux mots de passe ne sont pas identiques.',
  WRONG_PASSWORD: () => 'Le mot de passe fourni est différent de celui en cours.',
  ADDRESS_NOT_FOUND: () => 'Cette adresse n’existe pas.',
  CUSTOMER_MISMATCH: () => 'Ce client ne correspond pas au compte connecté.',
  TOKEN_EXPIRED: () => 'Ce lien a expiré. Merci de demander un nouveau lien de réinitialisation.',
  LOCALE_CHANNEL_MISMATCH: () => 'Cette langue n’est pas proposée sur ce site.',
  VARIANT_NOT_FOUND: () => 'Ce produit n’existe pas.',
  VARIANT_NOT_AVAILABLE: () => 'Ce produit n’est plus disponible.',
  VARIANT_OUT_OF_STOCK: () => 'Ce produit est en rupture de stock.',
  INTERVAL_NOT_OFFERED: () => 'Cette fréquence de livraison n’est pas proposée.',
  SAMPLE_NOT_SUBSCRIBABLE: () => 'Un échantillon s’achète une seule fois\u00A0: il ne peut pas être commandé en abonnement.',
  CART_FULL: (p) => `Votre panier ne peut pas contenir plus de ${p.max} produits différents.`,
  COUPON_INVALID: () => 'Ce code promo n’est pas valide.',
  COUPON_EXPIRED: () => 'Ce code promo a expiré.',
  COUPON_MINIMUM: (p) => `Ce code promo est valable à partir de ${euros('fr', p.amount)} d’achat.`,
  COUPON_FIRST_ORDER: () => 'Ce code promo est réservé à une première commande.',
  COUPON_RESERVED: () =>
    'Ce code est réservé aux nouveaux inscrits à notre newsletter\u00A0: inscrivez-vous pour recevoir votre code personnel de 5\u00A0€ sur votre première commande.',
  COUPON_SIGN_IN: () => 'Ce code promo est personnel\u00A0: connectez-vous au compte auquel il a été envoyé pour l’utiliser.',
  COUPON_PERSONAL: () => 'Ce code promo est personnel\u00A0: il n’est valable que pour le compte auquel il a été envoyé.',
  COUPON_USED: () => 'Ce code promo a déjà été utilisé.',
  COUPON_OWN_REFERRAL: () => 'Vous ne pouvez pas utiliser votre propre code de parrainage.',
  COUPON_REFERRAL_SAME_HOUSEHOLD: () =>
    'Ce code de parrainage est réservé à un nouveau client d’un autre foyer\u00A0: il ne s’applique pas à une livraison chez votre parrain.',
  CHECKOUT_STEP_NOT_ALLOWED: () =>
    'Cette étape n’est pas possible à ce stade de votre commande\u00A0: merci de compléter les étapes précédentes.',
  ORDER_ALREADY_PLACED: () => 'Cette commande a déjà été validée.',
  CART_EMPTY: () => 'Votre panier est vide.',
  SHIPPING_METHOD_NOT_AVAILABLE: () => 'Ce mode de livraison n’est pas proposé pour cette adresse.',
  PAYMENT_METHOD_NOT_AVAILABLE: () => 'Ce moyen de paiement n’est pas proposé pour cette commande.',
  RELAY_POINT_REQUIRED: () => 'Merci de choisir un point relais.',
  RELAY_POINT_INACTIVE: () =>
    'Ce point relais n’est plus actif\u00A0: merci de choisir un autre point relais ou un autre mode de livraison.',
  SALE_TERMS_NOT_ACCEPTED: () => 'Vous devez accepter les conditions générales de vente pour valider votre commande.',
  PAYMENT_NOT_PAYABLE: () => 'Ce paiement ne peut plus être réglé.',
  PAYMENT_IN_PROGRESS: () => 'Un paiement de cette commande est déjà en cours\u00A0: merci de patienter quelques secondes.',
  PAYMENT_STILL_OPEN: () =>
    'Le paiement commencé pour cette commande peut encore aboutir\u00A0: terminez-le sur sa page, ou attendez qu’il expire, avant d’en choisir un autre.',
  SUBSCRIPTION_DRAFT_LOCKED: () =>
    'Votre prochaine commande est en cours de préparation\u00A0: elle ne peut plus être modifiée. Vos changements pour toutes les commandes s’appliqueront aux suivantes.',
  SUBSCRIPTION_STOPPED: () => 'Cet abonnement est arrêté.',
  SUBSCRIPTION_ABORT_PENDING: () => 'Votre demande de résiliation est déjà en cours de traitement.',
  SUBSCRIPTION_CARD_REFUSED: () => 'Cette carte a été refusée par votre banque\u00A0: merci d’en essayer une autre.',
  SUBSCRIPTION_NOTHING_TO_SHIP: () => 'Votre prochaine commande est vide.',
  TOO_FEW_CHOICES: (p) => `Merci de choisir au moins ${p.min} valeur${(p.min ?? 1) > 1 ? 's' : ''}.`,
  BREED_SPECIES_MISMATCH: () => 'Cette race ne correspond pas à l’espèce choisie.',
  ANIMAL_LIMIT: (p) => `Vous ne pouvez pas enregistrer plus de ${p.max} animaux.`,
  PERCENT_NOT_ALLOWED: () => 'Le caractère % n’est pas autorisé.',
  FILE_TOO_LARGE: () => 'Fichier trop volumineux',
  FILE_TYPE_NOT_SUPPORTED: () => 'Type de fichier non supporté',
  TOO_MANY_FILES: (p) => `Vous pouvez joindre au plus ${p.max} fichiers.`,
  FILES_TOO_LARGE: (p) => `Vos fichiers ne peuvent pas dépasser ${p.max}\u00A0Mo au total.`,
  ORDER_NOT_FOUND: () => 'Cette commande ne figure pas parmi les vôtres.',
  SIGN_UP_LINK_EXPIRED: () => 'Ce lien de confirmation a expiré\u00A0: merci de vous inscrire à nouveau à la newsletter.',
};

const nl: Catalogue = {
  NOT_BLANK: () => 'Dit veld is verplicht.',
  INVALID_TYPE: () => 'Deze waarde heeft niet het verwachte type.',
  TOO_SHORT: (p) => `Dit veld moet minstens ${p.min} tekens bevatten.`,
  TOO_LONG: (p) => `Dit veld mag hoogstens ${p.max} tekens bevatten.`,
  OUT_OF_RANGE: (p) => `Deze waarde moet tussen ${p.min} en ${p.max} liggen.`,
  INVALID_CHARACTERS: () => 'Dit veld bevat niet-toegestane tekens.',
  INVISIBLE_CHARACTERS: () => 'Dit veld bevat onzichtbare tekens (een teken zonder breedte of een schrijfrichtingsteken): verwijder ze.',
  LINK_NOT_ALLOWED: () => 'Dit veld mag geen webadres bevatten (www, http of een punt direct gevolgd door een woord).',
  INVALID_EMAIL: () => 'Het e-mailadres is ongeldig.',
  INVALID_DATE: () => 'De datum is niet geldig.',
  DATE_NOT_IN_PAST: () => 'De datum moet in het verleden liggen.',
  DATE_TOO_OLD: (p) => `De datum mag niet meer dan ${p.max} jaar geleden zijn.`,
  INVALID_CHOICE: () => 'Deze waarde is niet geldig.',
  COUNTRY_NOT_SERVED: () => 'We leveren niet in dit land.',
  POSTCODE_LENGTH: (p) => `De postcode moet ${p.digits} cijfers bevatten.`,
  POSTCODE_COUNTRY: () => 'Het formaat van de postcode komt niet overeen met het gekozen land.',
  INVALID_PHONE: () => 'Dit telefoonnummer is ongeldig.',
  ADDRESS_LIMIT: (p) => `Je kunt niet meer dan ${p.max} adressen bewaren.`,
  EMAIL_ALREADY_USED: () => 'Dit e-mailadres is al in gebruik.',
  TERMS_NOT_ACCEPTED: () => 'Je moet de algemene gebruiks- en verkoopsvoorwaarden aanvaarden.',
  PASSWORDS_NOT_EQUAL: () => 'De twee wachtwoorden zijn niet identiek.',
  WRONG_PASSWORD: () => 'Het opgegeven wachtwoord verschilt van het huidige wachtwoord.',
  ADDRESS_NOT_FOUND: () => 'Dit adres bestaat niet.',
  CUSTOMER_MISMATCH: () => 'Deze klant komt niet overeen met het account waarmee je bent ingelogd.',
  TOKEN_EXPIRED: () => 'Deze link is verlopen. Vraag een nieuwe link aan om je wachtwoord opnieuw in te stellen.',
  LOCALE_CHANNEL_MISMATCH: () => 'Deze taal wordt op deze site niet aangeboden.',
  VARIANT_NOT_FOUND: () => 'Dit product bestaat niet.',
  VARIANT_NOT_AVAILABLE: () => 'Dit product is niet meer beschikbaar.',
  VARIANT_OUT_OF_STOCK: () => 'Dit product is niet op voorraad.',
  INTERVAL_NOT_OFFERED: () => 'Deze leveringsfrequentie wordt niet aangeboden.',
  SAMPLE_NOT_SUBSCRIBABLE: () => 'Een staaltje koop je maar één keer: het kan niet met een abonnement besteld worden.',
  CART_FULL: (p) => `Je winkelmand kan niet meer dan ${p.max} verschillende producten bevatten.`,
  COUPON_INVALID: () => 'Deze kortingscode is niet geldig.',
  COUPON_EXPIRED: () => 'Deze kortingscode is verlopen.',
  COUPON_MINIMUM: (p) => `Deze kortingscode geldt voor aankopen vanaf ${euros('nl', p.amount)}.`,
  COUPON_FIRST_ORDER: () => 'Deze kortingscode geldt alleen voor een eerste bestelling.',
  COUPON_RESERVED: () =>
    'Deze code is voorbehouden aan nieuwe inschrijvers op onze nieuwsbrief: schrijf je in om je persoonlijke code van € 5 op je eerste bestelling te ontvangen.',
  COUPON_SIGN_IN: () => 'Deze kortingscode is persoonlijk: meld je aan met het account waarnaar hij werd gestuurd om hem te gebruiken.',
  COUPON_PERSONAL: () => 'Deze kortingscode is persoonlijk: hij geldt alleen voor het account waarnaar hij werd gestuurd.',
  COUPON_USED: () => 'Deze kortingscode werd al gebruikt.',
  COUPON_OWN_REFERRAL: () => 'Je kunt je eigen sponsorcode niet gebruiken.',
  COUPON_REFERRAL_SAME_HOUSEHOLD: () =>
    'Deze sponsorcode is voorbehouden aan een nieuwe klant uit een ander huishouden: hij geldt niet voor een levering bij wie je uitnodigde.',
  CHECKOUT_STEP_NOT_ALLOWED: () => 'Deze stap is in dit stadium van je bestelling niet mogelijk: vul eerst de vorige stappen in.',
  ORDER_ALREADY_PLACED: () => 'Deze bestelling werd al bevestigd.',
  CART_EMPTY: () => 'Je winkelmand is leeg.',
  SHIPPING_METHOD_NOT_AVAILABLE: () => 'Deze leveringswijze wordt voor dit adres niet aangeboden.',
  PAYMENT_METHOD_NOT_AVAILABLE: () => 'Deze betaalmethode wordt voor deze bestelling niet aangeboden.',
  RELAY_POINT_REQUIRED: () => 'Kies een afhaalpunt.',
  RELAY_POINT_INACTIVE: () => 'Dit afhaalpunt is niet meer actief: kies een ander afhaalpunt of een andere leveringswijze.',
  SALE_TERMS_NOT_ACCEPTED: () => 'Je moet de algemene verkoopsvoorwaarden aanvaarden om je bestelling te bevestigen.',
  PAYMENT_NOT_PAYABLE: () => 'Deze betaling kan niet meer voldaan worden.',
  PAYMENT_IN_PROGRESS: () => 'Er is al een betaling van deze bestelling bezig: wacht enkele seconden.',
  PAYMENT_STILL_OPEN: () =>
    'De betaling die je voor deze bestelling begon, kan nog slagen: rond ze af op haar pagina, of wacht tot ze verloopt, voor je een andere kiest.',
  SUBSCRIPTION_DRAFT_LOCKED: () =>
    'Je volgende bestelling wordt klaargemaakt: ze kan niet meer gewijzigd worden. Je wijzigingen voor alle bestellingen gelden voor de volgende.',
  SUBSCRIPTION_STOPPED: () => 'Dit abonnement is stopgezet.',
  SUBSCRIPTION_ABORT_PENDING: () => 'Je opzeggingsaanvraag wordt al behandeld.',
  SUBSCRIPTION_CARD_REFUSED: () => 'Deze kaart werd door je bank geweigerd: probeer een andere.',
  SUBSCRIPTION_NOTHING_TO_SHIP: () => 'Je volgende bestelling is leeg.',
  TOO_FEW_CHOICES: (p) => `Kies minstens ${p.min} ${(p.min ?? 1) > 1 ? 'waarden' : 'waarde'}.`,
  BREED_SPECIES_MISMATCH: () => 'Dit ras past niet bij de gekozen diersoort.',
  ANIMAL_LIMIT: (p) => `Je kunt niet meer dan ${p.max} dieren bewaren.`,
  PERCENT_NOT_ALLOWED: () => 'Het teken % is niet toegestaan.',
  FILE_TOO_LARGE: () => 'Bestand te groot',
  FILE_TYPE_NOT_SUPPORTED: () => 'Bestandstype niet ondersteund',
  TOO_MANY_FILES: (p) => `Je kunt hoogstens ${p.max} bestanden toevoegen.`,
  FILES_TOO_LARGE: (p) => `Je bestanden mogen samen niet groter zijn dan ${p.max} MB.`,
  ORDER_NOT_FOUND: () => 'Deze bestelling hoort niet bij jouw bestellingen.',
  SIGN_UP_LINK_EXPIRED: () => 'Deze bevestigingslink is verlopen: schrijf je opnieuw in op de nieuwsbrief.',
};

const catalogues: Record<Language, Catalogue> = { fr, nl };

export const violationMessage = (lang: Language, code: ViolationCode, params: MessageParams = {}): string => catalogues[lang][code](params);

/** Minutes to wait, as shown to the shopper: a Retry-After rounded up, at least one. */
export const minutesOf = (retryAfterSeconds: number): number => Math.max(1, Math.ceil(retryAfterSeconds / 60));
const inMinutes = (lang: Language, minutes: number) =>
  lang === 'nl' ? `over ${minutes} ${minutes > 1 ? 'minuten' : 'minuut'}` : `dans ${minutes} minute${minutes > 1 ? 's' : ''}`;

/** 429 of the login throttle. */
export const tooManyAttemptsMessage = (lang: Language, minutes: number): string =>
  lang === 'nl'
    ? `Te veel mislukte inlogpogingen. Probeer het ${inMinutes(lang, minutes)} opnieuw.`
    : `Trop de tentatives de connexion infructueuses. Merci de réessayer ${inMinutes(lang, minutes)}.`;

/** 429 of a login while another one from the same address is still being checked. */
export const loginBusyMessage = (lang: Language): string =>
  lang === 'nl'
    ? 'Te veel gelijktijdige inlogpogingen. Probeer het over enkele seconden opnieuw.'
    : 'Trop de tentatives de connexion simultanées. Merci de réessayer dans quelques secondes.';

/** 503 when password hashing is saturated (a flood of logins): nothing the shopper did wrong. */
export const serviceBusyMessage = (lang: Language): string =>
  lang === 'nl'
    ? 'Onze dienst is even overbelast. Probeer het over enkele seconden opnieuw.'
    : 'Notre service est momentanément surchargé. Merci de réessayer dans quelques secondes.';

/** What a 429 of the other rate limits says (limits/policy.ts), by what was limited. */
export type LimitedAction =
  | 'lookup'
  | 'registration'
  | 'coupon'
  | 'resetEmail'
  | 'resetAddress'
  | 'currentPassword'
  | 'relaySearch'
  | 'paymentRequest'
  | 'mediaAuthentication'
  | 'newsletter'
  | 'contact';
const limitedTexts: Record<Language, Record<LimitedAction, (when: string) => string>> = {
  fr: {
    lookup: (when) => `Trop de vérifications d’adresses e-mail depuis votre réseau. Merci de réessayer ${when}.`,
    registration: (when) => `Trop de créations de compte depuis votre réseau. Merci de réessayer ${when}.`,
    coupon: (when) => `Trop de codes promo refusés. Merci de réessayer ${when}.`,
    // Says nothing about whether the account exists: the limit counts unknown e-mails alike.
    resetEmail: (when) =>
      `Plusieurs liens de réinitialisation ont déjà été demandés pour cette adresse e-mail. Si un compte existe, le dernier lien reçu est valable\u00A0: consultez votre boîte mail (et les courriers indésirables), ou réessayez ${when}.`,
    resetAddress: (when) => `Trop de demandes de réinitialisation depuis votre réseau. Merci de réessayer ${when}.`,
    currentPassword: (when) => `Trop de mots de passe actuels erronés. Merci de réessayer ${when}.`,
    relaySearch: (when) => `Trop de recherches de points relais. Merci de réessayer ${when}.`,
    paymentRequest: (when) => `Trop de tentatives de paiement. Merci de réessayer ${when}.`,
    mediaAuthentication: (when) => `Trop d’envois de photos. Merci de réessayer ${when}.`,
    newsletter: (when) =>
      `Plusieurs inscriptions à la newsletter ont déjà été demandées. Consultez votre boîte mail (et les courriers indésirables) pour la confirmer, ou réessayez ${when}.`,
    contact: (when) => `Vous nous avez déjà écrit plusieurs fois. Merci de réessayer ${when}, ou d’appeler notre service client.`,
  },
  nl: {
    lookup: (when) => `Te veel controles van e-mailadressen vanaf je netwerk. Probeer het ${when} opnieuw.`,
    registration: (when) => `Te veel nieuwe accounts vanaf je netwerk. Probeer het ${when} opnieuw.`,
    coupon: (when) => `Te veel geweigerde kortingscodes. Probeer het ${when} opnieuw.`,
    resetEmail: (when) =>
      `Er werden al meerdere links aangevraagd voor dit e-mailadres. Als er een account bestaat, is de laatst ontvangen link geldig: kijk in je mailbox (en bij de ongewenste e-mail), of probeer het ${when} opnieuw.`,
    resetAddress: (when) => `Te veel aanvragen om een wachtwoord opnieuw in te stellen vanaf je netwerk. Probeer het ${when} opnieuw.`,
    currentPassword: (when) => `Te veel foute huidige wachtwoorden. Probeer het ${when} opnieuw.`,
    relaySearch: (when) => `Te veel zoekopdrachten naar afhaalpunten. Probeer het ${when} opnieuw.`,
    paymentRequest: (when) => `Te veel betaalpogingen. Probeer het ${when} opnieuw.`,
    mediaAuthentication: (when) => `Te veel foto-uploads. Probeer het ${when} opnieuw.`,
    newsletter: (when) =>
      `Er werden al meerdere inschrijvingen op de nieuwsbrief aangevraagd. Kijk in je mailbox (en bij de ongewenste e-mail) om te bevestigen, of probeer het ${when} opnieuw.`,
    contact: (when) => `Je hebt ons al meerdere keren geschreven. Probeer het ${when} opnieuw, of bel onze klantendienst.`,
  },
};
export const tooManyRequestsMessage = (lang: Language, action: LimitedAction, retryAfterSeconds: number): string =>
  limitedTexts[lang][action](inMinutes(lang, minutesOf(retryAfterSeconds)));

/** Why a Google sign-in was refused (authentication/google.ts), for the shopper, who can retry or use their e-mail. */
export type GoogleSignInRefusal = 'captcha' | 'token' | 'unavailable' | 'off';
const googleSignInTexts: Record<Language, Record<GoogleSignInRefusal, string>> = {
  fr: {
    captcha: 'La vérification anti-robot a échoué. Merci de réessayer.',
    token: 'Votre connexion Google n’a pas pu être vérifiée. Merci de réessayer ou de vous connecter avec votre adresse e-mail.',
    unavailable:
      'La connexion avec Google est momentanément indisponible. Merci de réessayer ou de vous connecter avec votre adresse e-mail.',
    off: 'La connexion avec Google n’est pas proposée. Merci de vous connecter avec votre adresse e-mail.',
  },
  nl: {
    captcha: 'De controle tegen robots is mislukt. Probeer het opnieuw.',
    token: 'Je aanmelding met Google kon niet worden gecontroleerd. Probeer het opnieuw of meld je aan met je e-mailadres.',
    unavailable: 'Aanmelden met Google is even niet beschikbaar. Probeer het opnieuw of meld je aan met je e-mailadres.',
    off: 'Aanmelden met Google wordt niet aangeboden. Meld je aan met je e-mailadres.',
  },
};
export const googleSignInMessage = (lang: Language, refusal: GoogleSignInRefusal): string => googleSignInTexts[lang][refusal];
