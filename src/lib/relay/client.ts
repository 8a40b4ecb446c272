/**
 * The shop's client of the relay-point carrier (wire.ts): searches points around a postcode or a town and
 * looks one up by id, and hands back small typed `RelayPoint`s. The platform's checkout uses it with the
 * account of RELAY_API_URL's carrier; the account must stay on the server, so a page reaches it through
 * the shop API, never directly.
 */
import type { z } from 'zod';
import { type Weekday, weekdays } from '../shops/opening-hours.ts';
import {
  byIdAnswer,
  type ByIdRequest,
  errorAnswer,
  NO_POINT_CODES,
  RELAY_ERROR,
  RELAY_PATHS,
  searchAnswer,
  type SearchRequest,
  type WirePoint,
  type wirePoint,
} from './wire.ts';

/** One opening span of a day, e.g. ["09:00", "12:30"] (the shops' format, so both display alike). */
export type OpeningSpan = [opens: string, closes: string];

export interface RelayPoint {
  /** The carrier's id: what the shipment stores. */
  id: string;
  name: string;
  street: string;
  postcode: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  latitude: number;
  longitude: number;
  /** Every weekday, in order from Monday; an empty list is a day closed. */
  openingHours: Record<Weekday, OpeningSpan[]>;
  /** False for a point closed for now: an order cannot be sent there. */
  active: boolean;
  /** From the place searched; null when the point was looked up by id. */
  distanceMetres: number | null;
}

export interface RelaySearch {
  postcode?: string;
  city?: string;
  country: string;
  /** At most this many points, nearest first. */
  limit: number;
  /** The embedded service only (never Colissimo): list closed points too. */
  includeClosed?: boolean;
}

export interface RelayClientOptions {
  /** The carrier's base URL: `https://ws.colissimo.fr`, or the embedded service (`{platform}/relay`). */
  baseUrl: string;
  accountNumber: string;
  password: string;
  fetch?: typeof fetch;
  /** Today's date is sent as the shipping date, in France's time zone. */
  clock?: () => Date;
  /** A search on the way to a page gives up after this long (the funnel then offers home delivery). */
  timeoutMs?: number;
}

/** A refusal of the carrier (its code and message), or no usable answer (code 1000). */
export class RelayApiError extends Error {
  readonly code: number;
  /** HTTP status; 0 when the carrier could not be reached. */
  readonly status: number;
  constructor(code: number, message: string, status: number, cause?: unknown) {
    super(`Relay-point carrier: ${code} ${message}`, cause === undefined ? undefined : { cause });
    this.name = 'RelayApiError';
    this.code = code;
    this.status = status;
  }

  /** The carrier does not serve that country (relay points are offered in France only). */
  get countryNotServed(): boolean {
    return this.code === RELAY_ERROR.countryNotServed;
  }
}

const wireDays: Record<Weekday, `horairesOuverture${string}` & keyof WirePoint> = {
  mon: 'horairesOuvertureLundi',
  tue: 'horairesOuvertureMardi',
  wed: 'horairesOuvertureMercredi',
  thu: 'horairesOuvertureJeudi',
  fri: 'horairesOuvertureVendredi',
  sat: 'horairesOuvertureSamedi',
  sun: 'horairesOuvertureDimanche',
};

const span = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-4]):([0-5]\d)$/;

/** "08:30-12:00 14:00-19:00" → [["08:30","12:00"],["14:00","19:00"]]; "00:00-00:00" is no span. */
export function parseDayHours(text: string | null | undefined): OpeningSpan[] {
  const spans: OpeningSpan[] = [];
  for (const part of (text ?? '').trim().split(/\s+/)) {
    const match = span.exec(part);
    if (!match) continue;
    const [opens, closes] = part.split('-') as [string, string];
    if (opens !== closes) spans.push([opens, closes]);
  }
  return spans;
}

/** The carrier's point as the shop uses it. */
function toRelayPoint(point: z.output<typeof wirePoint>): RelayPoint {
  return {
    id: point.identifiant,
    name: point.nom.trim(),
    street: point.adresse1.trim(),
    postcode: point.codePostal.trim(),
    city: point.localite.trim(),
    country: point.codePays.toUpperCase(),
    latitude: point.coordGeolocalisationLatitude,
    longitude: point.coordGeolocalisationLongitude,
    openingHours: Object.fromEntries(weekdays.map((day) => [day, parseDayHours(point[wireDays[day]])])) as Record<Weekday, OpeningSpan[]>,
    active: !point.congesTotal,
    distanceMetres: point.distanceEnMetre === undefined ? null : Math.round(point.distanceEnMetre),
  };
}

/** dd/mm/yyyy in France's time zone: the carrier's "shipping date" is a French calendar day. */
function carrierDate(date: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit', year: 'numeric' })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year}`;
}

export function createRelayClient(options: RelayClientOptions) {
  const root = options.baseUrl.replace(/\/+$/, '');
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const clock = options.clock ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? 8000;

  async function post<S extends z.ZodType>(path: string, body: SearchRequest | ByIdRequest, schema: S): Promise<z.output<S>> {
    let response: Response;
    try {
      response = await fetchImpl(`${root}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new RelayApiError(RELAY_ERROR.system, 'unreachable', 0, error);
    }
    const text = await response.text().catch(() => '');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new RelayApiError(RELAY_ERROR.system, `not JSON (HTTP ${response.status})`, response.status);
    }
    // The carrier's answer says what happened in errorCode, whatever the HTTP status.
    const head = errorAnswer.safeParse(json);
    if (!head.success) throw new RelayApiError(RELAY_ERROR.system, `no errorCode (HTTP ${response.status})`, response.status);
    if (head.data.errorCode !== RELAY_ERROR.ok && !NO_POINT_CODES.includes(head.data.errorCode)) {
      throw new RelayApiError(head.data.errorCode, head.data.errorMessage ?? '', response.status);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success)
      throw new RelayApiError(RELAY_ERROR.system, `unexpected answer: ${parsed.error.message}`, response.status, parsed.error);
    return parsed.data;
  }

  const account = () => ({ accountNumber: options.accountNumber, password: options.password });

  return {
    /**
     * Points near a postcode or a town, nearest first. An empty list means no point near that place: the
     * funnel says so and offers home delivery.
     */
    async searchRelayPoints(search: RelaySearch): Promise<RelayPoint[]> {
      const answer = await post(
        RELAY_PATHS.search,
        {
          ...account(),
          // The carrier takes a blank for a part it is not given.
          zipCode: search.postcode?.trim() ?? '',
          city: search.city?.trim() || ' ',
          address: ' ',
          countryCode: search.country.toUpperCase(),
          shippingDate: carrierDate(clock()),
          filterRelay: '1',
          ...(search.includeClosed ? { includeClosedPoints: true } : {}),
        },
        searchAnswer,
      );
      if (NO_POINT_CODES.includes(answer.errorCode)) return [];
      return (answer.listePointRetraitAcheminement ?? [])
        .map(toRelayPoint)
        .filter((point) => search.includeClosed || point.active)
        .slice(0, Math.max(0, search.limit));
    },

    /** One point by id, open or closed (the checkout checks it is still active); null when unknown. */
    async relayPoint(id: string): Promise<RelayPoint | null> {
      try {
        const answer = await post(RELAY_PATHS.byId, { ...account(), id: id.trim(), date: carrierDate(clock()) }, byIdAnswer);
        return answer.pointRetraitAcheminement ? toRelayPoint(answer.pointRetraitAcheminement) : null;
      } catch (error) {
        if (error instanceof RelayApiError && (error.code === RELAY_ERROR.badId || error.code === RELAY_ERROR.missingId)) return null;
        throw error;
      }
    },
  };
}
