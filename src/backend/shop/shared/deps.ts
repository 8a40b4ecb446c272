/** What every shop handler is given: the dependencies of the shop app and the variables of each call. */
import type { Context } from 'hono';
import type { Database } from '../../db/database.ts';
import type { Channel, LocaleCode, Language } from '../../../lib/channels.ts';
import type { ShopLimits } from '../limits/store.ts';
import type { PasswordCost } from '../../config/passwords.ts';
import type { PlatformConfig } from '../../config.ts';
import type { PaymentProvider } from '../payments/provider.ts';

export interface ShopDeps {
  db: Database;
  /** Now: injected so expiry and throttling are tested with fixed clocks. */
  clock: () => Date;
  jwtSecret: string;
  /** Environment of the site addresses (SITE_URL_FR…) written in e-mails. */
  env: Record<string, string | undefined>;
  /** Rate limits, counted in the database (limits/policy.ts). */
  limits: ShopLimits;
  /** The scrypt cost of new password hashes and of an unknown e-mail's dummy check (config.ts PASSWORD_HASH_COST). */
  passwordCost: PasswordCost;
  /** The platform's settings, read once at its start (config.ts): handlers never read the environment for them again. */
  config: PlatformConfig;
  /**
   * The payment provider: the one a test gives, else the configured one (the embedded sandbox outside
   * production), made on first use and then shared by the checkout and the subscriptions.
   */
  payments: () => PaymentProvider;
}

/** `clientAddress`: who the rate limits count the call against (limits/client-address.ts). */
export type ShopEnv = { Variables: { locale: LocaleCode; channel: Channel; lang: Language; clientAddress: string } };
export type ShopContext = Context<ShopEnv>;
