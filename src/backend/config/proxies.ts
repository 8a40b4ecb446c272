/** How many proxies stand in front of the platform: whose X-Forwarded-For the shop believes (shop/limits/client-address.ts). */
import { z } from 'zod';

/** TRUST_PROXY: the number of proxies of ours in front of the platform (0 or unset: none). */
const trustProxySchema = z
  .string()
  .trim()
  .regex(/^\d{1,2}$/, 'TRUST_PROXY must be the number of proxies in front of the platform (0–99)')
  .transform(Number);

export function trustedProxyHops(env: Record<string, string | undefined>): number {
  if (env.TRUST_PROXY === undefined || env.TRUST_PROXY === '') return 0;
  const parsed = trustProxySchema.safeParse(env.TRUST_PROXY);
  if (!parsed.success) throw new Error(`${parsed.error.issues[0]!.message} (it is "${env.TRUST_PROXY}").`);
  return parsed.data;
}
