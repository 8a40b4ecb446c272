/**
 * The page's shop client: one HTTP client (channel and locale fixed, a bearer token once logged in) and the
 * calls the stores and the account's forms make on any island page, put together from their resources'
 * modules. The calls of the checkout, the pets, the account's orders and the subscriptions are clients of
 * their own (create…Client in their modules, on `shopClient(…).http`), loaded only by the code that uses them.
 */
import { createAddressesClient } from './addresses.ts';
import { createAuthenticationClient } from './authentication.ts';
import { createCartsClient } from './carts.ts';
import { createContactClient } from './contact.ts';
import { createCustomersClient } from './customers.ts';
import { createHttpClient, type HttpClient, type HttpClientOptions } from './http.ts';
import { createNewsletterClient } from './newsletter.ts';
import { createResetPasswordClient } from './reset-password.ts';
import { createSponsorshipsClient } from './sponsorships.ts';

export function createShopClient(http: HttpClient) {
  return {
    http,
    ...createCartsClient(http),
    ...createAuthenticationClient(http),
    ...createCustomersClient(http),
    ...createResetPasswordClient(http),
    ...createSponsorshipsClient(http),
    ...createContactClient(http),
    ...createNewsletterClient(http),
    ...createAddressesClient(http),
  };
}
export type ShopClient = ReturnType<typeof createShopClient>;

/** The HTTP client and the shop calls in one go. */
export const shopClient = (options: HttpClientOptions): ShopClient => createShopClient(createHttpClient(options));
