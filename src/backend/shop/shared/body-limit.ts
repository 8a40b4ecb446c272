/**
 * The shop's body limit, checked without opening the body's stream. hono's bodyLimit first reads
 * `c.req.raw.body`, which makes @hono/node-server build a whole web Request around the socket (a
 * ReadableStream pulled chunk by chunk) for every call, where it otherwise reads the body straight from
 * Node's stream: about a sixth of the platform's CPU per add to cart. A declared Content-Length is
 * checked as hono checks it; a body without one (chunked) is still counted by hono's own middleware.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

export function shopBodyLimit(maxSize: number, onError: (c: Context) => Response): MiddlewareHandler {
  const counted = bodyLimit({ maxSize, onError });
  return async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length === undefined || c.req.header('transfer-encoding') !== undefined) return counted(c, next);
    if (Number.parseInt(length || '0', 10) > maxSize) return onError(c);
    return next();
  };
}
