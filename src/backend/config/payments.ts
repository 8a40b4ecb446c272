/** The payment provider's settings (Mollie) and its embedded sandbox's. */
import { localPlatformUrl } from '../../lib/local-defaults.ts';
import { checkSecret, type Env, isUrl, MIN_SHARED_SECRET_LENGTH, weakSecret } from './checks.ts';
import { SANDBOX_API_KEY, SANDBOX_WEBHOOK_SECRET } from './published.ts';

export interface PaymentsConfig {
  /** The shop's Mollie key: live_… in production, the sandbox's test_… key by default elsewhere. */
  apiKey: string;
  /** Mollie's API root for the shop's client; unset means Mollie itself (https://api.mollie.com/v2/). */
  apiUrl?: string;
  /** Shared with the provider: webhook calls are signed with it (X-Mollie-Signature) and checked by the shop. */
  webhookSecret?: string;
  /** The embedded sandbox at /payments and the keys it accepts: never in production, off with PAYMENTS_SANDBOX=off. */
  sandbox?: { apiKeys: string[] };
}

/**
 * Production talks to Mollie with a live key and checks every webhook's signature; elsewhere the shop
 * talks to the embedded sandbox on the platform's own port unless MOLLIE_API_URL says otherwise.
 */
export function readPaymentsConfig(env: Env, production: boolean, problems: string[]): PaymentsConfig {
  const apiKey = env.MOLLIE_API_KEY || undefined;
  const apiUrl = env.MOLLIE_API_URL || undefined;
  const webhookSecret = env.MOLLIE_WEBHOOK_SECRET || undefined;
  if (apiKey && !/^(test|live)_\w+$/.test(apiKey)) problems.push('MOLLIE_API_KEY must be a Mollie API key (test_… or live_…).');
  if (apiUrl && !isUrl(apiUrl, production ? ['https:'] : ['http:', 'https:']))
    problems.push(`MOLLIE_API_URL must be ${production ? 'an https://' : 'an http(s)://'} URL (Mollie's is https://api.mollie.com/v2/).`);
  if (production) {
    if (!apiKey) problems.push('MOLLIE_API_KEY is not set: production takes payments through Mollie with the live API key (live_…).');
    else if (!apiKey.startsWith('live_'))
      problems.push('MOLLIE_API_KEY must be a live key (live_…) in production: a test key takes no real payment.');
    else {
      // Mollie's keys are live_ and a random part: a made-up one (live_xxxx…) only fails later, at the first payment.
      const weakness = weakSecret(apiKey.slice('live_'.length));
      if (weakness)
        problems.push(
          `MOLLIE_API_KEY is not a key Mollie issued: its random part ${weakness}. Copy the live API key from Mollie's dashboard.`,
        );
    }
    if (!webhookSecret)
      problems.push(
        'MOLLIE_WEBHOOK_SECRET is not set: the shop checks the signature of every payment webhook with the secret shared with Mollie.',
      );
    else
      checkSecret(problems, 'MOLLIE_WEBHOOK_SECRET', webhookSecret, {
        minLength: MIN_SHARED_SECRET_LENGTH,
        guards: 'whoever knows it can sign a payment webhook',
        source: "copy the signing secret Mollie's dashboard gives the webhook",
      });
    return { apiKey: apiKey ?? '', apiUrl, webhookSecret };
  }
  return {
    apiKey: apiKey ?? SANDBOX_API_KEY,
    apiUrl: apiUrl ?? `${localPlatformUrl(env)}/payments/v2/`,
    webhookSecret: webhookSecret ?? SANDBOX_WEBHOOK_SECRET,
    // The sandbox knows its published key and the configured one, so either works with the client.
    sandbox:
      env.PAYMENTS_SANDBOX === 'off'
        ? undefined
        : { apiKeys: [...new Set([SANDBOX_API_KEY, apiKey ?? SANDBOX_API_KEY])].filter((key) => key.startsWith('test_')) },
  };
}
