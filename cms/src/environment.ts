/**
 * What the config files read of the environment (cms/.env on a laptop, the host's variables in production).
 */
import type { Core } from '@strapi/strapi';

type Env = Core.Config.Shared.ConfigParams['env'];

export const isProduction = (env: Env): boolean => env('NODE_ENV', 'development') === 'production';

/**
 * A secret: in production a missing one stops Strapi at start, as no key everyone can read in this repository may
 * sign an editor's session or an API token there. Elsewhere (a laptop, CI's contract test) a fixed value stands in,
 * so `strapi develop` starts with nothing to set; it is only ever good for data that is not real.
 */
export function secretOf(env: Env, name: string): string {
  const value = env(name, '');
  if (value) return value;
  if (isProduction(env)) throw new Error(`${name} is not set: Strapi does not start in production without it.`);
  return `development-only-${name.toLowerCase().replaceAll('_', '-')}`;
}

/** Several secrets in one comma-separated variable (APP_KEYS: the session cookies' keys, newest first). */
export function secretsOf(env: Env, name: string): string[] {
  const values = (env.array(name) ?? []).filter((value) => value.trim() !== '');
  if (values.length > 0) return values;
  return [secretOf(env, name)];
}
