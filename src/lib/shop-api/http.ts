/**
 * The one HTTP client of the shop API, in its Sylius-style wire format: fixed `channelCode` and `locale`
 * query parameters, JSON-LD in and out (PATCH sends merge-patch), a bearer token when there is one, and
 * the retry policy: GET, HEAD and OPTIONS are retried once on 408, 409, 425, 429, 500, 502, 503, 504 or a
 * network failure; POST, PUT, PATCH and DELETE never are (they may have been applied). Answers are parsed
 * with the resources' answer schemas (a list's in a Hydra `collection`); failures become a ShopApiError
 * carrying the status, the violations and the server's description.
 */
import '../zod/jitless.ts';
import { z } from 'zod/mini';
import type { ChannelCode, LocaleCode } from '../channels.ts';
import { violation, type Violation } from './errors.ts';

export type HttpMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const IDEMPOTENT_METHODS: readonly HttpMethod[] = ['GET', 'HEAD', 'OPTIONS'];
export const RETRY_STATUSES: readonly number[] = [408, 409, 425, 429, 500, 502, 503, 504];
/** Status of a ShopApiError when no answer came (network failure), and when the answer was not the expected shape. */
export const NETWORK_ERROR_STATUS = 0;
const INVALID_RESPONSE = 'invalid_response';

/** Whether a failed attempt (a status, or null for a network failure) is tried again: once, idempotent methods only. */
export function shouldRetry(method: HttpMethod, status: number | null, attempt: number): boolean {
  if (attempt > 1 || !IDEMPOTENT_METHODS.includes(method)) return false;
  return status === null || RETRY_STATUSES.includes(status);
}

const CONTENT_TYPES = { jsonLd: 'application/ld+json', mergePatch: 'application/merge-patch+json' } as const;

export class ShopApiError extends Error {
  /** HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  /** The violations of a ConstraintViolationList (422), else empty. */
  readonly violations: Violation[];
  /** `hydra:description`, `message` (JWT errors) or a status line. */
  readonly description: string;
  /** The answer's body as received (a coupon error is passed on as the server wrote it). */
  readonly body: unknown;
  readonly method: HttpMethod;
  readonly path: string;
  /** `invalid_response` when the answer did not match the wire schema. */
  readonly code: string | null;

  constructor(init: {
    status: number;
    description: string;
    violations?: Violation[];
    body?: unknown;
    method: HttpMethod;
    path: string;
    code?: string | null;
    cause?: unknown;
  }) {
    super(init.description, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ShopApiError';
    this.status = init.status;
    this.description = init.description;
    this.violations = init.violations ?? [];
    this.body = init.body;
    this.method = init.method;
    this.path = init.path;
    this.code = init.code ?? null;
  }
}
export const isShopApiError = (error: unknown): error is ShopApiError => error instanceof ShopApiError;

const errorBody = z.object({
  'hydra:description': z.optional(z.string()),
  detail: z.optional(z.string()),
  description: z.optional(z.string()),
  message: z.optional(z.string()),
  violations: z.optional(z.array(violation)),
});

/** Reads an error answer: violations, then the description the server gave. */
function describeError(status: number, statusText: string, body: unknown): { description: string; violations: Violation[] } {
  const parsed = errorBody.safeParse(body);
  const data = parsed.success ? parsed.data : {};
  const description = data['hydra:description'] ?? data.detail ?? data.description ?? data.message ?? `${status} ${statusText}`.trim();
  return { description, violations: data.violations ?? [] };
}

export interface HttpClientOptions {
  /** The shop API's origin, e.g. `http://localhost:4400` (islands read PUBLIC_SHOP_API_URL). */
  baseUrl: string;
  channelCode: ChannelCode;
  locale: LocaleCode;
  /**
   * The bearer token, or null when anonymous. May be a promise: the session waits for a refresh under
   * way, so a call never goes out anonymous (and gets a customer's cart refused) while a token is renewed.
   */
  token?: () => string | null | undefined | Promise<string | null | undefined>;
  /** Called on a 401 answer to a call that sent a token (the session logs out). */
  onUnauthorized?: (error: ShopApiError) => void;
  fetch?: typeof fetch;
  /** Wait before the one retry (ms); a Retry-After of at most 5 s is honoured instead. */
  retryDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

export interface RequestOptions<S extends z.core.$ZodType | undefined = undefined> {
  body?: unknown;
  /** The wire schema of the answer; without one the answer is ignored. */
  schema?: S;
  /** Send the bearer token when there is one (default true). */
  auth?: boolean;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
}
type Result<S> = S extends z.core.$ZodType ? z.output<S> : undefined;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createHttpClient(options: HttpClientOptions) {
  const root = options.baseUrl.replace(/\/+$/, '');
  // Bound lazily: a bare `fetch` detached from window throws "Illegal invocation" in some browsers.
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const sleep = options.sleep ?? defaultSleep;
  const retryDelayMs = options.retryDelayMs ?? 300;

  function urlOf(path: string, query: RequestOptions['query'] = {}): string {
    const url = new URL(/^https?:\/\//.test(path) ? path : `${root}${path.startsWith('/') ? '' : '/'}${path}`);
    url.searchParams.set('channelCode', options.channelCode);
    url.searchParams.set('locale', options.locale);
    for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, String(value));
    return url.toString();
  }

  /**
   * The answer's body. A body cut off on the way (the page navigated away, the connection dropped) is a
   * network failure, not an empty answer: read as one, a cart's GET cut off by a navigation was taken for
   * "not an order" and the cart's token dropped.
   */
  async function readBody(response: Response, method: HttpMethod, path: string, signal?: AbortSignal): Promise<unknown> {
    if (response.status === 204 || response.status === 205) return undefined;
    let text: string;
    try {
      text = await response.text();
    } catch (cause) {
      if (signal?.aborted || (cause instanceof Error && cause.name === 'AbortError')) throw cause;
      throw new ShopApiError({ status: NETWORK_ERROR_STATUS, description: 'Network request failed', method, path, cause });
    }
    if (text.trim() === '') return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }

  async function request<S extends z.core.$ZodType | undefined = undefined>(
    method: HttpMethod,
    path: string,
    init: RequestOptions<S> = {},
  ): Promise<Result<S>> {
    const headers: Record<string, string> = { Accept: CONTENT_TYPES.jsonLd };
    const hasBody = init.body !== undefined && method !== 'GET' && method !== 'HEAD';
    // A form with files (the contact request) goes as multipart: fetch writes its type with the boundary.
    const multipart = typeof FormData !== 'undefined' && init.body instanceof FormData;
    if (hasBody && !multipart) headers['Content-Type'] = method === 'PATCH' ? CONTENT_TYPES.mergePatch : CONTENT_TYPES.jsonLd;
    const token = init.auth === false ? null : ((await options.token?.()) ?? null);
    if (token) headers.Authorization = `Bearer ${token}`;
    const url = urlOf(path, init.query);
    const requestInit: RequestInit = {
      method,
      headers,
      ...(hasBody ? { body: multipart ? (init.body as FormData) : JSON.stringify(init.body) } : {}),
      ...(init.signal ? { signal: init.signal } : {}),
    };

    for (let attempt = 1; ; attempt += 1) {
      let response: Response;
      try {
        response = await fetchImpl(url, requestInit);
      } catch (cause) {
        if (init.signal?.aborted || (cause instanceof Error && cause.name === 'AbortError')) throw cause;
        if (shouldRetry(method, null, attempt)) {
          await sleep(retryDelayMs);
          continue;
        }
        throw new ShopApiError({ status: NETWORK_ERROR_STATUS, description: 'Network request failed', method, path, cause });
      }

      if (!response.ok) {
        if (shouldRetry(method, response.status, attempt)) {
          const retryAfter = Number(response.headers.get('Retry-After'));
          await sleep(Number.isFinite(retryAfter) && retryAfter > 0 && retryAfter <= 5 ? retryAfter * 1000 : retryDelayMs);
          continue;
        }
        const body = await readBody(response, method, path, init.signal);
        const { description, violations } = describeError(response.status, response.statusText, body);
        const error = new ShopApiError({ status: response.status, description, violations, body, method, path });
        if (response.status === 401 && token) options.onUnauthorized?.(error);
        throw error;
      }

      const body = await readBody(response, method, path, init.signal);
      if (!init.schema) return undefined as Result<S>;
      const parsed = z.safeParse(init.schema, body);
      if (!parsed.success) {
        throw new ShopApiError({
          status: response.status,
          description: `Unexpected answer from ${method} ${path}`,
          body,
          method,
          path,
          code: INVALID_RESPONSE,
          cause: parsed.error,
        });
      }
      return parsed.data as Result<S>;
    }
  }

  return {
    request,
    get: <S extends z.core.$ZodType | undefined = undefined>(path: string, init?: RequestOptions<S>) => request('GET', path, init),
    post: <S extends z.core.$ZodType | undefined = undefined>(path: string, init?: RequestOptions<S>) => request('POST', path, init),
    put: <S extends z.core.$ZodType | undefined = undefined>(path: string, init?: RequestOptions<S>) => request('PUT', path, init),
    patch: <S extends z.core.$ZodType | undefined = undefined>(path: string, init?: RequestOptions<S>) => request('PATCH', path, init),
    delete: <S extends z.core.$ZodType | undefined = undefined>(path: string, init?: RequestOptions<S>) => request('DELETE', path, init),
    /** The locale and channel every call carries. */
    locale: options.locale,
    channelCode: options.channelCode,
  };
}
export type HttpClient = ReturnType<typeof createHttpClient>;

/** A list's answer (a Hydra collection): its members and how many there are in all. */
export const collection = <T extends z.ZodMiniType>(member: T) =>
  z.object({
    '@type': z.literal('hydra:Collection'),
    'hydra:member': z.array(member),
    'hydra:totalItems': z.int(),
  });
