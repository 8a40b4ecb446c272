/** Ids and tokens of paths and bodies: anything that cannot be one is a 404 (or null) without a query. */
import type { Context } from 'hono';
import { notFound } from './errors.ts';

/** Order and reset tokens: url-safe; anything else cannot exist. */
export function tokenParam(c: Context, name = 'token'): string {
  const token = tokenParamOrNull(c, name);
  if (token === null) throw notFound();
  return token;
}

/** The path's token, or null when it is malformed (which tokenParam answers with a 404). */
export function tokenParamOrNull(c: Context, name = 'token'): string | null {
  const token = c.req.param(name) ?? '';
  return /^[A-Za-z0-9_-]{1,128}$/.test(token) ? token : null;
}

const MAX_INT4 = 2_147_483_647;
export function idParam(c: Context, name = 'id'): number {
  const raw = c.req.param(name) ?? '';
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(id >= 1 && id <= MAX_INT4)) throw notFound();
  return id;
}

/** The numeric id at the end of an IRI (`/api/v2/shop/addresses/12`), or a bare id. */
export function idFromIri(value: string, prefix: string): number | null {
  const raw = value.startsWith(`${prefix}/`) ? value.slice(prefix.length + 1) : value;
  if (!/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= MAX_INT4 ? id : null;
}
