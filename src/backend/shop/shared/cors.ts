/**
 * CORS of the shop API: hono's cors for the preflight, and its headers on the other answers written once
 * the answer is made. hono's cors writes them before the handler runs, on a placeholder answer that hono
 * then merges into the handler's by copying it whole: @hono/node-server can no longer send that answer
 * from its string, it builds a web Response and streams the body out of it (about a tenth of the
 * platform's CPU per add to cart). Same headers, same values: allowed origin, credentials, exposed
 * headers, `Vary: Origin`.
 */
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

interface ShopCorsOptions {
  origin: string[];
  credentials: boolean;
  allowHeaders: string[];
  allowMethods: string[];
  exposeHeaders: string[];
  maxAge: number;
}

export function shopCors(options: ShopCorsOptions): MiddlewareHandler {
  const preflight = cors(options);
  const exposed = options.exposeHeaders.join(',');
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next);
    await next();
    const origin = c.req.header('origin') ?? '';
    const headers = c.res.headers;
    if (options.origin.includes(origin)) headers.set('Access-Control-Allow-Origin', origin);
    if (options.credentials) headers.set('Access-Control-Allow-Credentials', 'true');
    if (exposed) headers.set('Access-Control-Expose-Headers', exposed);
    headers.append('Vary', 'Origin');
  };
}
