/** The relay-point carrier's settings, and the embedded stand-in's account. */
import { localPlatformUrl } from '../../lib/local-defaults.ts';
import { SANDBOX_ACCOUNT } from '../relay/routes.ts';
import { type Env, isUrl } from './checks.ts';

export interface RelayConfig {
  /** The carrier's base URL: Colissimo (https://ws.colissimo.fr) in production, the embedded /relay elsewhere. */
  apiUrl: string;
  accountNumber: string;
  password: string;
  /** Outside production: the embedded service at /relay, accepting this account. */
  sandbox?: { accountNumber: string; password: string };
}

/**
 * The embedded relay points are made up, so production asks the carrier with the shop's own account;
 * elsewhere the checkout asks the embedded service on the platform's own port with its sandbox account.
 */
export function readRelayConfig(env: Env, production: boolean, problems: string[]): RelayConfig {
  const apiUrl = env.RELAY_API_URL || undefined;
  if (apiUrl && !isUrl(apiUrl, production ? ['https:'] : ['http:', 'https:']))
    problems.push(`RELAY_API_URL must be ${production ? 'an https://' : 'an http(s)://'} URL (Colissimo's is https://ws.colissimo.fr).`);
  if (production) {
    if (!apiUrl)
      problems.push("RELAY_API_URL is not set: production offers the relay points of the carrier's web service (https://ws.colissimo.fr).");
    if (!env.RELAY_ACCOUNT_NUMBER)
      problems.push("RELAY_ACCOUNT_NUMBER is not set: the shop's account number with the relay-point carrier.");
    if (!env.RELAY_PASSWORD) problems.push("RELAY_PASSWORD is not set: the password of the shop's account with the relay-point carrier.");
    else if (env.RELAY_PASSWORD === SANDBOX_ACCOUNT.password)
      problems.push(
        "RELAY_PASSWORD is the embedded relay-point service's published sandbox password: give the password of the shop's account with the carrier.",
      );
    return { apiUrl: apiUrl ?? '', accountNumber: env.RELAY_ACCOUNT_NUMBER ?? '', password: env.RELAY_PASSWORD ?? '' };
  }
  const account = {
    accountNumber: env.RELAY_ACCOUNT_NUMBER || SANDBOX_ACCOUNT.accountNumber,
    password: env.RELAY_PASSWORD || SANDBOX_ACCOUNT.password,
  };
  return { apiUrl: (apiUrl ?? `${localPlatformUrl(env)}/relay`).replace(/\/+$/, ''), ...account, sandbox: account };
}
