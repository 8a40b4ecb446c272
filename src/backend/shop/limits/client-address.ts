/**
 * The client address the rate limits count by. It is the socket's peer address unless the platform is
 * told (TRUST_PROXY=<hops>) how many proxies of its own stand in front of it: each appends the address
 * it received the request from to X-Forwarded-For, so the client is the entry `hops` places from the
 * right of [...X-Forwarded-For, socket peer]. Anything further left was written by the client and is not
 * believed. By default no header is believed: a client could otherwise pick a fresh address per request.
 *
 * IPv4-mapped IPv6 addresses count as IPv4; an IPv6 address counts as its /64, since one subscriber
 * usually gets a whole /64 and could otherwise rotate through it.
 */
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { isIP } from 'node:net';

/** Requests that came with no socket (in-process calls, such as the API tests' app.request). */
export const UNKNOWN_ADDRESS = 'unknown';

function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    // No Node socket behind this request (app.request in tests).
    return undefined;
  }
}

export function clientAddress(c: Context, trustedHops: number): string {
  const socket = socketAddress(c);
  if (trustedHops > 0) {
    const forwarded = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const hops = [...forwarded, socket ?? UNKNOWN_ADDRESS];
    const client = normalisedAddress(hops[Math.max(0, hops.length - 1 - trustedHops)]!);
    if (client) return client;
  }
  return (socket && normalisedAddress(socket)) ?? UNKNOWN_ADDRESS;
}

/** The address as counted, or null when it is not an IP address. Exported for tests. */
export function normalisedAddress(raw: string): string | null {
  let text = raw.trim();
  // Some proxies write a port: "203.0.113.7:4711" or "[2001:db8::1]:4711".
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) text = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(':'));
  text = text.split('%')[0]!.toLowerCase();
  const version = isIP(text);
  if (version === 4) return text;
  if (version !== 6) return null;
  const groups = ipv6Groups(text);
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (with "::" and a dotted IPv4 tail expanded). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}
