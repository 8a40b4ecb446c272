/**
 * The relay-point carrier's wire format: Colissimo's "Point Retrait" web service, REST/JSON flavour (v2):
 *
 *   POST {base}/pointretrait-ws-cxf/rest/v2/pointretrait/findRDVPointRetraitAcheminement
 *   POST {base}/pointretrait-ws-cxf/rest/v2/pointretrait/findPointRetraitAcheminementByID
 *
 * Requests carry the account's credentials in the body; answers carry `errorCode` (0 when all went well)
 * and `errorMessage`, then the points under the carrier's French field names. The embedded service
 * (src/backend/relay/) speaks it, and so does Colissimo in production: only the base URL and the account
 * change. Only the fields the shop uses are described here; the rest of an answer is ignored.
 */
import { z } from 'zod';

export const RELAY_PATHS = {
  search: '/pointretrait-ws-cxf/rest/v2/pointretrait/findRDVPointRetraitAcheminement',
  byId: '/pointretrait-ws-cxf/rest/v2/pointretrait/findPointRetraitAcheminementByID',
} as const;

/** The carrier's error codes the shop meets (the full list is longer: labels, tracking…). */
export const RELAY_ERROR = {
  ok: 0,
  missingAccountNumber: 101,
  missingPassword: 102,
  missingZipCode: 104,
  missingShippingDate: 106,
  missingId: 107,
  missingCountryCode: 117,
  weightNotInteger: 120,
  weightOutOfRange: 121,
  badDate: 122,
  badFilterRelay: 123,
  badId: 124,
  badZipCode: 125,
  badRequestId: 127,
  countryNotServed: 146,
  badCredentials: 201,
  /** No point once the carrier's rules (weight, dates) are applied. */
  noPointAfterRules: 300,
  /** No point near the place asked. */
  noPoint: 301,
  system: 1000,
} as const;

/** "No point there" is an answer, not a failure: the shop says "no relay point near this address". */
export const NO_POINT_CODES: readonly number[] = [RELAY_ERROR.noPointAfterRules, RELAY_ERROR.noPoint];

/** The request's fields in the order the carrier checks them; each refusal names the code it answers with. */
const code = (value: number) => ({ error: String(value) });
const credentials = {
  accountNumber: z.string(code(RELAY_ERROR.missingAccountNumber)).trim().min(1, code(RELAY_ERROR.missingAccountNumber)),
  password: z.string(code(RELAY_ERROR.missingPassword)).min(1, code(RELAY_ERROR.missingPassword)),
};
/** dd/mm/yyyy, the carrier's date format. */
const carrierDate = (missing: number) =>
  z
    .string(code(missing))
    .trim()
    .min(1, code(missing))
    .regex(/^(0[1-9]|[12]\d|3[01])\/(0[1-9]|1[0-2])\/\d{4}$/, code(RELAY_ERROR.badDate));
/** In grams; the carrier takes it as a number or a string of digits. */
const weight = z
  .union([z.number(), z.string().regex(/^\d+$/, code(RELAY_ERROR.weightNotInteger))], code(RELAY_ERROR.weightNotInteger))
  .transform(Number)
  .pipe(
    z
      .number()
      .int(code(RELAY_ERROR.weightNotInteger))
      .min(1, code(RELAY_ERROR.weightOutOfRange))
      .max(99_999, code(RELAY_ERROR.weightOutOfRange)),
  )
  .optional();
const filterRelay = z.union([z.enum(['0', '1']), z.literal(0), z.literal(1), z.boolean()], code(RELAY_ERROR.badFilterRelay)).optional();
/** Free text the carrier accepts blank (" ") and cuts at its length, as its own clients do. */
const blankable = (max: number) =>
  z
    .string()
    .optional()
    .transform((text) => text?.trim().slice(0, max) || undefined);
const freeCode = z.string().optional();

export const searchRequest = z.object({
  ...credentials,
  address: blankable(200),
  /**
   * Blank when the search names only a town (the embedded service accepts either; Colissimo wants both).
   * Its form depends on the country (five digits in France), so it is checked once the country is.
   */
  zipCode: z
    .string(code(RELAY_ERROR.badZipCode))
    .max(10, code(RELAY_ERROR.badZipCode))
    .optional()
    .transform((text) => text?.trim() || undefined),
  city: blankable(50),
  countryCode: z.string(code(RELAY_ERROR.missingCountryCode)).trim().min(1, code(RELAY_ERROR.missingCountryCode)).toUpperCase(),
  weight,
  shippingDate: carrierDate(RELAY_ERROR.missingShippingDate),
  filterRelay,
  requestId: z.string().max(64, code(RELAY_ERROR.badRequestId)).optional(),
  lang: freeCode,
  // International search: the embedded service serves France only, so it reads no further than the country.
  optionInter: z.unknown().optional(),
  /**
   * Not the carrier's: the embedded service lists closed points too when asked (tests, the back office).
   * The shop never sends it to Colissimo, whose search lists open points only.
   */
  includeClosedPoints: z.boolean().optional(),
});
export type SearchRequest = z.input<typeof searchRequest>;

export const byIdRequest = z.object({
  ...credentials,
  id: z
    .string(code(RELAY_ERROR.missingId))
    .trim()
    .min(1, code(RELAY_ERROR.missingId))
    .regex(/^[0-9A-Z]{6}$/i, code(RELAY_ERROR.badId)),
  date: carrierDate(RELAY_ERROR.missingShippingDate),
  weight,
  filterRelay,
  reseau: freeCode,
  langue: freeCode,
});
export type ByIdRequest = z.input<typeof byIdRequest>;

/** The code a refused request answers with: the first field in the carrier's order that failed. */
export function refusalCode(error: z.ZodError): number {
  const first = Number(error.issues[0]?.message);
  return Number.isInteger(first) && first > 0 ? first : RELAY_ERROR.system;
}

/** Coordinates and distances arrive as strings or numbers depending on the carrier's version. */
const numeric = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^-?\d+(\.\d+)?$/),
  ])
  .transform(Number);
const optionalText = z
  .string()
  .nullish()
  .transform((text) => text?.trim() ?? '');

/** One point as the carrier describes it. */
export const wirePoint = z.object({
  identifiant: z.string().min(1),
  nom: z.string(),
  adresse1: z.string(),
  adresse2: optionalText,
  adresse3: optionalText,
  codePostal: z.string(),
  localite: z.string(),
  codePays: z.string().length(2).default('FR'),
  coordGeolocalisationLatitude: numeric,
  coordGeolocalisationLongitude: numeric,
  distanceEnMetre: numeric.optional(),
  /** "08:30-12:00 14:00-19:00"; "00:00-00:00" stands for no range; absent or blank: closed. */
  horairesOuvertureLundi: optionalText,
  horairesOuvertureMardi: optionalText,
  horairesOuvertureMercredi: optionalText,
  horairesOuvertureJeudi: optionalText,
  horairesOuvertureVendredi: optionalText,
  horairesOuvertureSamedi: optionalText,
  horairesOuvertureDimanche: optionalText,
  /** Closed for the whole period (holidays, end of contract): a parcel cannot be sent there. */
  congesTotal: z.boolean().default(false),
  typeDePoint: z.string().optional(),
});
export type WirePoint = z.input<typeof wirePoint>;

const answerHead = { errorCode: z.number().int(), errorMessage: z.string().nullish() };

export const searchAnswer = z.object({
  ...answerHead,
  qualiteReponse: z.number().int().optional(),
  wsRequestId: z.string().nullish(),
  listePointRetraitAcheminement: z.array(wirePoint).nullish(),
});

export const byIdAnswer = z.object({
  ...answerHead,
  pointRetraitAcheminement: wirePoint.nullish(),
});

/** Any answer's head: what an error answer (4xx, 5xx) still carries. */
export const errorAnswer = z.object(answerHead);
