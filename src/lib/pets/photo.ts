/**
 * A pet's photo: the types and the size the media service accepts (the upload form shows both), and the
 * messages of the upload's errors in French and Dutch: the authentication endpoint's 60-second time-out,
 * network failures, an invalid answer, the missing parameters, and the file refused.
 */
import type { Language } from '../channels.ts';

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
/** The largest photo accepted, in MB. */
export const PHOTO_MAX_MB = 5;
/** The authentication request gives up after this long, and a signature it gives expires after it. */
export const UPLOAD_AUTH_TIMEOUT_MS = 60_000;

export type UploadError =
  | 'authTimeout'
  | 'authNetwork'
  | 'authInvalidResponse'
  | 'uploadNetwork'
  | 'invalidUploadOptions'
  | 'missingUrlEndpoint'
  | 'invalidTransformationPosition'
  | 'missingFile'
  | 'missingFileName'
  | 'missingAuthenticationEndpoint'
  | 'missingPublicKey'
  | 'unsupportedType'
  | 'tooLarge'
  | 'signatureInvalid'
  | 'signatureExpired';

export const UPLOAD_MESSAGES: Record<Language, Record<UploadError, string>> = {
  fr: {
    authTimeout: 'L’authentification de l’envoi n’a pas répondu dans les 60 secondes. Merci de réessayer.',
    authNetwork: 'L’authentification de l’envoi a échoué (erreur réseau). Merci de réessayer.',
    authInvalidResponse: 'La réponse d’authentification est invalide\u00A0: elle doit contenir signature, token et expire.',
    uploadNetwork: 'L’envoi de la photo a échoué (erreur réseau). Merci de réessayer.',
    invalidUploadOptions: 'Les options d’envoi sont invalides.',
    missingUrlEndpoint: 'L’adresse du service d’images (urlEndpoint) est manquante.',
    invalidTransformationPosition: 'La position de la transformation est invalide.',
    missingFile: 'Le fichier est manquant.',
    missingFileName: 'Le nom du fichier est manquant.',
    missingAuthenticationEndpoint: 'L’adresse d’authentification est manquante.',
    missingPublicKey: 'La clé publique est manquante.',
    unsupportedType: 'Type de fichier non supporté',
    tooLarge: 'Fichier trop volumineux',
    signatureInvalid: 'La signature de l’envoi est invalide.',
    signatureExpired: 'La signature de l’envoi a expiré. Merci de réessayer.',
  },
  nl: {
    authTimeout: 'De authenticatie van de upload antwoordde niet binnen 60 seconden. Probeer het opnieuw.',
    authNetwork: 'De authenticatie van de upload is mislukt (netwerkfout). Probeer het opnieuw.',
    authInvalidResponse: 'Het authenticatieantwoord is ongeldig: het moet signature, token en expire bevatten.',
    uploadNetwork: 'Het uploaden van de foto is mislukt (netwerkfout). Probeer het opnieuw.',
    invalidUploadOptions: 'De uploadopties zijn ongeldig.',
    missingUrlEndpoint: 'Het adres van de beelddienst (urlEndpoint) ontbreekt.',
    invalidTransformationPosition: 'De positie van de transformatie is ongeldig.',
    missingFile: 'Het bestand ontbreekt.',
    missingFileName: 'De bestandsnaam ontbreekt.',
    missingAuthenticationEndpoint: 'Het authenticatieadres ontbreekt.',
    missingPublicKey: 'De publieke sleutel ontbreekt.',
    unsupportedType: 'Bestandstype niet ondersteund',
    tooLarge: 'Bestand te groot',
    signatureInvalid: 'De handtekening van de upload is ongeldig.',
    signatureExpired: 'De handtekening van de upload is verlopen. Probeer het opnieuw.',
  },
};

const ROTATION = /^rt-(90|180|270)$/;

/**
 * A photo at ImageKit turned a quarter clockwise: ImageKit rotates on delivery through the URL's `tr`
 * transformation (`rt-90`, `rt-180`, `rt-270`), so turning it is a new address, not a new file. Other
 * transformations in `tr` are kept; a full turn drops the rotation.
 */
export function rotatedImageKitUrl(url: string): string {
  const address = new URL(url);
  const steps = (address.searchParams.get('tr') ?? '').split(',').filter(Boolean);
  const current = Number(ROTATION.exec(steps.find((s) => ROTATION.test(s)) ?? '')?.[1] ?? 0);
  const next = (current + 90) % 360;
  const others = steps.filter((s) => !ROTATION.test(s));
  const tr = [...others, ...(next ? [`rt-${next}`] : [])].join(',');
  // Written by hand: URLSearchParams would escape the commas ImageKit's chained transformations use.
  const params = new URLSearchParams(address.search);
  params.delete('tr');
  address.search = [params.toString(), tr && `tr=${tr}`].filter(Boolean).join('&');
  return address.toString();
}
