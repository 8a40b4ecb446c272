/**
 * What every shop call reads and answers the same way: the fixed query parameters (channelCode, locale),
 * the JSON body (parsed once, checked, validated with zod) and the JSON-LD answer.
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import { channelOf, channels, languageOf, localeCodes, type ChannelCode, type LocaleCode } from '../../../lib/channels.ts';
import { badRequest, invalidJson, LD_JSON, refuse, unsupportedMediaType, violationList } from './errors.ts';
import { violationsOf } from './validation.ts';
import type { ShopContext } from './deps.ts';

/**
 * channelCode (FR|BE) and locale (fr_FR|fr_BE|nl_BE): either implies the other when alone; a locale of
 * another channel is a client bug worth a 400 rather than a silent guess.
 */
export function readShopQuery(c: ShopContext): void {
  const channelParam = c.req.query('channelCode');
  const localeParam = c.req.query('locale');
  if (channelParam !== undefined && !(channelParam in channels)) throw badRequest('Unknown channelCode: use FR or BE.');
  if (localeParam !== undefined && !(localeCodes as readonly string[]).includes(localeParam)) throw badRequest('Unknown locale: use fr_FR, fr_BE or nl_BE.');
  const channel = channelParam ? channels[channelParam as ChannelCode] : localeParam ? channelOf(localeParam as LocaleCode) : channels.FR;
  const locale = (localeParam as LocaleCode | undefined) ?? channel.defaultLocale;
  if (!channel.locales.includes(locale)) throw badRequest(`The locale ${locale} is not one of channel ${channel.code}.`);
  c.set('channel', channel);
  c.set('locale', locale);
  c.set('lang', languageOf(locale));
}

const MAX_DEPTH = 16;

/** The path of the first string (or key) holding a NUL character: PostgreSQL cannot store one. */
function findNul(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (depth > MAX_DEPTH) throw badRequest('Request body is nested too deeply');
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '')];
    const found = findNul(inner, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** The body as a JSON object ({} when empty). */
export async function readJson(c: ShopContext): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type');
  let text: string;
  try {
    text = await c.req.text();
  } catch {
    // The client hung up mid-body (a dropped phone connection): its fault, worth one line, not a stack trace.
    console.warn(`400 ${c.req.method} ${c.req.path}: the client closed the connection before the whole body arrived`);
    throw badRequest('Incomplete request body');
  }
  if (!text.trim()) return {};
  if (type && !/json/i.test(type)) throw unsupportedMediaType(type.split(';')[0]!.trim().slice(0, 100));
  let body: unknown;
  try { body = JSON.parse(text); } catch { throw invalidJson(); }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('Invalid JSON: the body must be an object');
  const nul = findNul(body);
  if (nul) throw refuse(c.get('lang'), { path: nul.join('.').slice(0, 200), code: 'INVALID_CHARACTERS' });
  return body as Record<string, unknown>;
}

export async function parseBody<T extends z.ZodType>(c: ShopContext, schema: T): Promise<z.infer<T>> {
  const body = await readJson(c);
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw violationList(violationsOf(parsed.error, body, c.get('lang')));
  return parsed.data;
}

export const ld = (c: Context, body: object, status: 200 | 201 | 202 = 200) =>
  c.body(JSON.stringify(body), status, { 'Content-Type': LD_JSON });
export const noContent = (c: Context) => c.body(null, 204);
