/**
 * The embedded relay-point service: a stand-in for Colissimo's "Point Retrait" web service, REST/JSON v2
 * (findRDVPointRetraitAcheminement, findPointRetraitAcheminementByID), mounted at /relay so the shop's
 * client (src/lib/relay/) talks to it exactly as it talks to Colissimo in production, where only
 * RELAY_API_URL and the account change. Colissimo was chosen over Mondial Relay because its service has a
 * JSON REST flavour with the same fields as its SOAP one, where Mondial Relay's search is SOAP with a
 * signed (MD5) parameter list.
 *
 * What it reproduces: the requests' field names and their order of checks, the error codes and messages
 * (errorCode 0 "Code retour OK"; 301 when no point is near), and the point's fields the shop reads, with
 * the carrier's habits: names and towns in capitals without accents, coordinates as strings, hours as
 * "HH:MM-HH:MM HH:MM-HH:MM" with "00:00-00:00" for no range, a closed point flagged `congesTotal`.
 *
 * Where it differs, on purpose: it serves France only (another country is refused with 146); it accepts
 * a postcode or a town alone (Colissimo wants both); it gives every refusal an HTTP status of its own
 * (400 for a request it refuses, 401 for a wrong account) where Colissimo answers them with 200, which is
 * why the client reads errorCode whatever the status; and it lists closed points on request
 * (`includeClosedPoints`, never sent to Colissimo).
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Database } from '../db/database.ts';
import { byIdRequest, RELAY_ERROR, RELAY_PATHS, refusalCode, searchRequest } from '../../lib/relay/wire.ts';
import { weekdays, type Weekday } from '../../lib/shops/opening-hours.ts';
import { findPlace, pointById, pointsNear, type PointRow } from './search.ts';
import { sameSecret } from '../secrets.ts';

/** The sandbox account of the embedded service: the client's default outside production. */
export const SANDBOX_ACCOUNT = { accountNumber: '800000', password: 'bac-a-sable' } as const;

export interface RelayServiceOptions {
  /** The account the service accepts (default: the sandbox account). */
  account?: { accountNumber: string; password: string };
}

const messages: Record<number, string> = {
  [RELAY_ERROR.ok]: 'Code retour OK',
  [RELAY_ERROR.missingAccountNumber]: 'Le numéro de compte est obligatoire',
  [RELAY_ERROR.missingPassword]: 'Le mot de passe est obligatoire',
  [RELAY_ERROR.missingZipCode]: 'Le code postal est obligatoire',
  [RELAY_ERROR.missingShippingDate]: "La date prévisionnelle d'expédition est obligatoire",
  [RELAY_ERROR.missingId]: "L'identifiant du point de retrait est obligatoire",
  [RELAY_ERROR.missingCountryCode]: 'Le code pays est obligatoire',
  [RELAY_ERROR.weightNotInteger]: "Le poids n'est pas un nombre entier",
  [RELAY_ERROR.weightOutOfRange]: 'Le poids doit être compris entre 1 et 99999 grammes',
  [RELAY_ERROR.badDate]: "La date n'est pas au format JJ/MM/AAAA",
  [RELAY_ERROR.badFilterRelay]: 'Le filtre relais doit valoir 0 ou 1',
  [RELAY_ERROR.badId]: 'Identifiant de point de retrait incorrect',
  [RELAY_ERROR.badZipCode]: 'Le code postal doit compter 5 chiffres',
  [RELAY_ERROR.badRequestId]: "L'identifiant de requête est trop long",
  [RELAY_ERROR.countryNotServed]: "Ce pays n'est pas desservi par le service de points de retrait",
  [RELAY_ERROR.badCredentials]: 'Identifiant ou mot de passe incorrect',
  [RELAY_ERROR.noPoint]: 'Aucun point de retrait trouvé',
  [RELAY_ERROR.system]: 'Erreur système',
};

const statusOf = (code: number) =>
  code === RELAY_ERROR.ok || code === RELAY_ERROR.noPoint
    ? 200
    : code === RELAY_ERROR.badCredentials
      ? 401
      : code === RELAY_ERROR.system
        ? 500
        : 400;

const answer = (code: number, rest: object = {}) =>
  new Response(JSON.stringify({ errorCode: code, errorMessage: messages[code] ?? '', ...rest }), {
    status: statusOf(code),
    headers: { 'Content-Type': 'application/json;charset=UTF-8' },
  });

/** The postal habit: capitals without accents (La Poste's address standard). */
const postal = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
/** A town as the carrier writes it: postal capitals, hyphens and apostrophes as spaces ("SAINT ETIENNE"). */
const postalTown = (text: string) => postal(text).replace(/['’-]+/g, ' ');

const wireDayNames: Record<Weekday, string> = {
  mon: 'Lundi',
  tue: 'Mardi',
  wed: 'Mercredi',
  thu: 'Jeudi',
  fri: 'Vendredi',
  sat: 'Samedi',
  sun: 'Dimanche',
};
const NO_SPAN = '00:00-00:00';
const FRENCH_POSTCODE = /^\d{5}$/;
/** Two spans a day, always: "09:00-19:00 00:00-00:00" for a day without a break. */
const dayHours = (spans: [string, string][] = []) => [0, 1].map((i) => (spans[i] ? `${spans[i][0]}-${spans[i][1]}` : NO_SPAN)).join(' ');

function wirePointOf(row: PointRow, distance: number | null) {
  return {
    accesPersonneMobiliteReduite: row.accessible,
    adresse1: postal(row.street),
    adresse2: '',
    adresse3: '',
    codePostal: row.postcode,
    congesPartiel: false,
    congesTotal: !row.active,
    coordGeolocalisationLatitude: row.latitude.toFixed(6),
    coordGeolocalisationLongitude: row.longitude.toFixed(6),
    ...(distance === null ? {} : { distanceEnMetre: Math.round(distance) }),
    ...Object.fromEntries(weekdays.map((day) => [`horairesOuverture${wireDayNames[day]}`, dayHours(row.opening_hours[day])])),
    identifiant: row.id,
    indiceDeLocalisation: '',
    listeConges: [],
    localite: postalTown(row.city),
    nom: postal(row.name),
    periodeActiviteHoraireDeb: '',
    periodeActiviteHoraireFin: '',
    poidsMaxi: row.max_weight_kg,
    typeDePoint: row.type,
    codePays: row.country_code,
    langue: 'FR',
    libellePays: 'FRANCE',
    loanOfHandlingTool: false,
    parking: row.parking,
    reseau: 'R01',
  };
}

/** An unreadable body (or one that is no object) is read as an empty one: the carrier then answers with the first field it misses. */
async function bodyOf(request: Request): Promise<unknown> {
  const body: unknown = await request.json().catch(() => ({}));
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {};
}

export function relayRoutes(db: Database, options: RelayServiceOptions = {}): Hono {
  const account = options.account ?? SANDBOX_ACCOUNT;
  const app = new Hono();
  // A search is a few hundred bytes; nothing larger is read.
  app.use('*', bodyLimit({ maxSize: 16 * 1024, onError: () => answer(RELAY_ERROR.system) }));

  const authorised = (body: { accountNumber: string; password: string }) =>
    sameSecret(body.accountNumber, account.accountNumber) && sameSecret(body.password, account.password);

  app.post(RELAY_PATHS.search, async (c) => {
    const parsed = searchRequest.safeParse(await bodyOf(c.req.raw));
    if (!parsed.success) return answer(refusalCode(parsed.error));
    const request = parsed.data;
    if (!authorised(request)) return answer(RELAY_ERROR.badCredentials);
    if (request.countryCode !== 'FR') return answer(RELAY_ERROR.countryNotServed);
    if (!request.zipCode && !request.city) return answer(RELAY_ERROR.missingZipCode);
    if (request.zipCode && !FRENCH_POSTCODE.test(request.zipCode)) return answer(RELAY_ERROR.badZipCode);
    const wsRequestId = request.requestId ?? crypto.randomUUID();
    const place = await findPlace(db, request.zipCode, request.city);
    const found = place ? await pointsNear(db, place, request.includeClosedPoints ?? false) : [];
    if (!place || found.length === 0)
      return answer(RELAY_ERROR.noPoint, { qualiteReponse: 0, wsRequestId, listePointRetraitAcheminement: [] });
    return answer(RELAY_ERROR.ok, {
      qualiteReponse: place.quality,
      wsRequestId,
      listePointRetraitAcheminement: found.map(({ point, distance }) => wirePointOf(point, distance)),
    });
  });

  app.post(RELAY_PATHS.byId, async (c) => {
    const parsed = byIdRequest.safeParse(await bodyOf(c.req.raw));
    if (!parsed.success) return answer(refusalCode(parsed.error));
    if (!authorised(parsed.data)) return answer(RELAY_ERROR.badCredentials);
    const point = await pointById(db, parsed.data.id);
    if (!point) return answer(RELAY_ERROR.badId);
    return answer(RELAY_ERROR.ok, { pointRetraitAcheminement: wirePointOf(point, null) });
  });

  app.onError((error) => {
    console.error('relay-point service:', error);
    return answer(RELAY_ERROR.system);
  });
  return app;
}
