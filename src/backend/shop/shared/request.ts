/**
 * What every shop call reads and answers the same way: the fixed query parameters (channelCode, locale),
 * the JSON body (parsed once, checked, validated with the request schemas of lib/shop-api/requests, whose
 * failures become violations here) and the JSON-LD answer.
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import { safeParse } from 'zod/v4/core';
import { channelOf, channels, languageOf, localeCodes, type ChannelCode, type Language, type LocaleCode } from '../../../lib/channels.ts';
import type { Violation, ViolationCode } from '../../../lib/shop-api/errors.ts';
import { badRequest, invalidJson, LD_JSON, refuse, unsupportedMediaType, violation, violationList } from './errors.ts';
import type { MessageParams } from './messages.ts';
import type { ShopContext } from './deps.ts';

/**
 * channelCode (FR|BE) and locale (fr_FR|fr_BE|nl_BE): either implies the other when alone; a locale of
 * another channel is a client bug worth a 400 rather than a silent guess.
 */
export function readShopQuery(c: ShopContext): void {
  const channelParam = c.req.query('channelCode');
  const localeParam = c.req.query('locale');
  if (channelParam !== undefined && !(channelParam in channels)) throw badRequest('Unknown channelCode: use FR or BE.');
  if (localeParam !== undefined && !(localeCodes as readonly string[]).includes(localeParam))
    throw badRequest('Unknown locale: use fr_FR, fr_BE or nl_BE.');
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
  try {
    body = JSON.parse(text);
  } catch {
    throw invalidJson();
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('Invalid JSON: the body must be an object');
  const nul = findNul(body);
  if (nul) throw refuse(c.get('lang'), { path: nul.join('.').slice(0, 200), code: 'INVALID_CHARACTERS' });
  return body as Record<string, unknown>;
}

// ── From zod's issues to violations ─────────────────────────────────────────────────────────────

const valueAt = (body: unknown, path: PropertyKey[]): unknown =>
  path.reduce<unknown>((v, key) => (v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[key] : undefined), body);

function codeOf(issue: z.core.$ZodIssue, body: unknown): { code: ViolationCode; params: MessageParams } {
  const custom = issue.code === 'custom' ? (issue.params as ({ code?: ViolationCode } & MessageParams) | undefined) : undefined;
  if (custom?.code) return { code: custom.code, params: custom };
  switch (issue.code) {
    case 'invalid_type': {
      const given = valueAt(body, issue.path);
      return { code: given === undefined || given === null ? 'NOT_BLANK' : 'INVALID_TYPE', params: {} };
    }
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? { code: 'NOT_BLANK', params: {} }
          : { code: 'TOO_SHORT', params: { min: Number(issue.minimum) } };
      return { code: 'OUT_OF_RANGE', params: { min: Number(issue.minimum) } };
    case 'too_big':
      return issue.origin === 'string'
        ? { code: 'TOO_LONG', params: { max: Number(issue.maximum) } }
        : { code: 'OUT_OF_RANGE', params: { max: Number(issue.maximum) } };
    case 'invalid_format':
      return { code: issue.format === 'email' ? 'INVALID_EMAIL' : 'INVALID_CHOICE', params: {} };
    default:
      return { code: 'INVALID_CHOICE', params: {} };
  }
}

/** One violation per property (the first rule it broke), in the order of the body's fields. */
function violationsOf(error: z.core.$ZodError, body: unknown, lang: Language): Violation[] {
  const seen = new Set<string>();
  const out: Violation[] = [];
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    if (seen.has(path)) continue;
    seen.add(path);
    out.push(violation(lang, { path, ...codeOf(issue, body) }));
  }
  return out;
}

/** The body validated with the request's schema (lib/shop-api/requests): a failed parse is a 422 with one violation per property. */
// Any zod schema: the shared request rules are zod mini's (the browser's build), the platform's own are zod's.
export async function parseBody<T extends z.core.$ZodType>(c: ShopContext, schema: T): Promise<z.infer<T>> {
  const body = await readJson(c);
  const parsed = checkFields(c, schema, body);
  if (!parsed.success) throw violationList(parsed.violations);
  return parsed.data;
}

/** Fields read otherwise (a multipart form's) checked like a JSON body: the data, or the violations to join with others. */
export function checkFields<T extends z.core.$ZodType>(
  c: ShopContext,
  schema: T,
  body: Record<string, unknown>,
): { success: true; data: z.infer<T> } | { success: false; violations: Violation[] } {
  const parsed = safeParse(schema, body);
  return parsed.success
    ? { success: true, data: parsed.data }
    : { success: false, violations: violationsOf(parsed.error, body, c.get('lang')) };
}

export const ld = (c: Context, body: object, status: 200 | 201 | 202 = 200) =>
  c.body(JSON.stringify(body), status, { 'Content-Type': LD_JSON });
export const noContent = (c: Context) => c.body(null, 204);
