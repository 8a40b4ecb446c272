/**
 * One cart per country site: the FR and BE sites are two shops (their own prices, VAT and carriers), so a
 * cart filled on one is not shown on the other. So that a shopper who moves to the other site is told why
 * its cart is empty there rather than left to think it was lost, each site writes the number of articles
 * of its cart in a cookie named after it (a count, no token), and the cart page of the other site reads
 * it. A cookie belongs to a host whatever its port, so the two local sites (and two sites on one host)
 * see each other's; sites on two unrelated domains cannot, and then the page still says it when the
 * shopper arrived from the other site (the referrer's origin), without a count.
 */
import { channelOf, localeCodes, type ChannelCode, type LocaleCode } from '../../lib/channels.ts';

/** The part of `document.cookie` used here. */
export interface CookieJar {
  read(): string;
  write(cookie: string): void;
}

const COOKIE_PREFIX = 'store_cart_count_';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const browserJar = (): CookieJar | null =>
  typeof document === 'undefined'
    ? null
    : {
        read: () => document.cookie,
        write: (cookie) => {
          // biome-ignore lint/suspicious/noDocumentCookie: a count written as the cart changes, read by the other site's cart page; cookieStore is asynchronous and missing from older Safari and Firefox.
          document.cookie = cookie;
        },
      };

/** The channel of the page from `<html lang>` (fr-BE → BE); null outside a browser or on an unknown page. */
function pageChannel(): ChannelCode | null {
  if (typeof document === 'undefined') return null;
  const locale = document.documentElement.lang.replace('-', '_');
  return (localeCodes as readonly string[]).includes(locale) ? channelOf(locale as LocaleCode).code : null;
}

/** Writes this site's count (removed at 0). */
export function markSiteCart(count: number, channel: ChannelCode | null = pageChannel(), jar: CookieJar | null = browserJar()): void {
  if (!channel || !jar) return;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  jar.write(
    count > 0
      ? `${COOKIE_PREFIX}${channel}=${count}; Max-Age=${MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`
      : `${COOKIE_PREFIX}${channel}=; Max-Age=0; Path=/; SameSite=Lax${secure}`,
  );
}

/** The number of articles in the cart of another site, as it last wrote it (0 when none). */
export function siteCartCount(channel: ChannelCode, jar: CookieJar | null = browserJar()): number {
  const entry = jar
    ?.read()
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${COOKIE_PREFIX}${channel}=`));
  const count = Number(entry?.slice(COOKIE_PREFIX.length + channel.length + 1));
  return Number.isInteger(count) && count > 0 ? count : 0;
}

/**
 * What the empty cart page of this site says of the other site's cart: its count when the other site
 * wrote one, a cart that may be there when the shopper just came from the other site, else nothing.
 */
export function otherSiteCart(
  other: { channel: ChannelCode; origin: string },
  signals: { jar?: CookieJar | null; referrer?: string } = {},
): { count: number } | { cameFrom: true } | null {
  const count = siteCartCount(other.channel, signals.jar === undefined ? browserJar() : signals.jar);
  if (count > 0) return { count };
  const referrer = signals.referrer ?? (typeof document === 'undefined' ? '' : document.referrer);
  let from = '';
  try {
    from = referrer ? new URL(referrer).origin : '';
  } catch {
    from = '';
  }
  return from && from === new URL(other.origin).origin ? { cameFrom: true } : null;
}
