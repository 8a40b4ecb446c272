/**
 * What every group of settings is read with: the environment, the one refusal (ConfigError, every problem
 * at once), and the checks of a URL and of a secret that production applies to all of them.
 */
import { publishedValues } from './published.ts';

export type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Refusing to start:\n${problems.map((p) => `- ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

export const isProduction = (env: Env): boolean => env.NODE_ENV === 'production';

export const isUrl = (text: string, protocols: string[]) => {
  try {
    return protocols.includes(new URL(text).protocol);
  } catch {
    return false;
  }
};

/** How a secret of ours is made: 48 random bytes, 64 characters of base64. */
export const MAKE_A_SECRET = 'openssl rand -base64 48';
/** A secret someone could guess in less than a lifetime is no secret. */
export const MIN_SHARED_SECRET_LENGTH = 24;

/**
 * The signs of a secret typed by a person rather than drawn at random. The limits are set so that a random
 * secret of the minimum length passes: among 300,000 draws of `openssl rand -hex 12` (24 hex characters,
 * the weakest random secret a minimum here lets through) fewer than 1 in 10,000 had fewer than 8 different
 * characters or under 2.5 bits a character, and none was mostly a run; longer or base64 secrets, none.
 */
const MIN_DISTINCT_CHARACTERS = 8;
const MIN_BITS_PER_CHARACTER = 2.5;
/** Neighbouring characters one apart or equal (0123…, abcd…, aaaa…): about 1 pair in 5 in random hex. */
const MAX_RUN_SHARE = 0.6;

/**
 * Why `value` cannot be a secret, in words that never quote it; null when nothing gives it away. Not a
 * proof of randomness: a sentence passes, but the published values, repeated characters, short patterns
 * and alphabet runs (aaaa…, abab…, 0123456789…) do not.
 */
export function weakSecret(value: string): string | null {
  if (publishedValues().includes(value)) return 'is a value published in this repository for the embedded services';
  const characters = [...value];
  const counts = new Map<string, number>();
  for (const character of characters) counts.set(character, (counts.get(character) ?? 0) + 1);
  if (counts.size < MIN_DISTINCT_CHARACTERS) return `uses only ${counts.size} different characters`;
  const bits = -[...counts.values()].reduce((sum, n) => sum + (n / characters.length) * Math.log2(n / characters.length), 0);
  if (bits < MIN_BITS_PER_CHARACTER)
    return `repeats its characters too much (${bits.toFixed(1)} bits of entropy a character, a random one has over ${MIN_BITS_PER_CHARACTER})`;
  const codes = characters.map((character) => character.codePointAt(0) ?? 0);
  let runs = 0;
  for (let i = 1; i < codes.length; i += 1) if (Math.abs(codes[i]! - codes[i - 1]!) <= 1) runs += 1;
  if (runs > MAX_RUN_SHARE * (codes.length - 1)) return 'is mostly a run of neighbouring characters (like 0123… or abcd…)';
  for (let period = 1; period <= characters.length / 2; period += 1)
    if (characters.every((character, i) => i < period || character === characters[i - period])) return 'repeats a shorter text';
  return null;
}

interface SecretRule {
  /** At least this many characters (UTF-16 code units, as the existing limits count them)… */
  minLength?: number;
  /** …or bytes in UTF-8 (a key's size). */
  minBytes?: number;
  /** What the secret protects, for the message. */
  guards: string;
  /** How to get a good one: ours are random (MAKE_A_SECRET); a provider's is copied from its dashboard. */
  source?: string;
}

/**
 * Refuses in production a secret that is short, published or guessable: one line naming the variable, what
 * is wrong and how to make a good one. The value itself is never printed (the line goes to the logs).
 */
export function checkSecret(problems: string[], name: string, value: string, rule: SecretRule): void {
  const remedy = rule.source ?? `make a random one: ${MAKE_A_SECRET}`;
  if (publishedValues().includes(value)) {
    problems.push(
      `${name} is a value published in this repository for the embedded services, so anyone knows it (${rule.guards}): ${remedy}.`,
    );
    return;
  }
  const bytes = Buffer.byteLength(value);
  if (rule.minBytes !== undefined && bytes < rule.minBytes) {
    problems.push(`${name} is too short (${bytes} bytes): it needs at least ${rule.minBytes} (${rule.guards}); ${remedy}.`);
    return;
  }
  if (rule.minLength !== undefined && value.length < rule.minLength) {
    problems.push(`${name} is shorter than ${rule.minLength} characters (${rule.guards}): ${remedy}.`);
    return;
  }
  const weakness = weakSecret(value);
  if (weakness) problems.push(`${name} is too easy to guess: it ${weakness} (${rule.guards}); ${remedy}.`);
}

/** One group of settings alone (its problems refused at once), for the part of the platform that needs only it. */
export function readAlone<T>(env: Env, read: (env: Env, production: boolean, problems: string[]) => T): T {
  const problems: string[] = [];
  const settings = read(env, isProduction(env), problems);
  if (problems.length) throw new ConfigError(problems);
  return settings;
}
