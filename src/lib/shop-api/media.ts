/**
 * GET /shop/media-authentication: ImageKit's upload authentication for a signed-in customer (a pet's photo),
 * good once and until `expire` (seconds since the epoch): the token and its HMAC-SHA1 signature.
 */
import '../zod/jitless.ts';
import { z } from 'zod/mini';
import type { HttpClient } from './http.ts';
import { SHOP_API_PREFIX } from './iri.ts';

export const mediaAuthentication = z.object({
  token: z.string().check(z.minLength(1)),
  expire: z.int(),
  signature: z.string().check(z.regex(/^[0-9a-f]{40}$/)),
});

export function createMediaClient(http: HttpClient) {
  return {
    /**
     * ImageKit's upload authentication for a pet's photo (signed-in customers only): the random `t` keeps
     * any cache from answering a used triple, as ImageKit's upload helper does.
     */
    mediaAuthentication: (signal?: AbortSignal) =>
      http.get(`${SHOP_API_PREFIX}/media-authentication`, {
        query: { t: Math.random().toString(36).slice(2) },
        schema: mediaAuthentication,
        ...(signal ? { signal } : {}),
      }),
  };
}
