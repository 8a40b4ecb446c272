/**
 * The way back after login: the login page's address carries the path the shopper was on (`?redirect=`),
 * and login sends them back there only when it is a path of this site. Framework-free and tiny, so the
 * header's script (every page) uses it without the route table.
 */

/** The query parameter carrying the remembered path to the login page. */
const REDIRECT_PARAM = 'redirect';
/** A stand-in origin to resolve paths against: whatever leaves it is another site. */
const SITE = 'http://site.invalid';

/** The login page's address remembering `current` (pathname + search). */
export function loginWithRedirect(loginPath: string, current: { pathname: string; search: string }): string {
  return `${loginPath}?${new URLSearchParams({ [REDIRECT_PARAM]: `${current.pathname}${current.search}` })}`;
}

/**
 * The remembered path of a login page's query when it is a path of this site, else null: never another
 * site's address (an open redirect). Browsers drop tabs and line breaks from an address and read a
 * backslash as a slash ("/\t/evil.example" is "//evil.example"), so those are refused before the address is
 * resolved; what resolves to another origin is refused too.
 */
export function rememberedPath(search: string): string | null {
  const remembered = new URLSearchParams(search).get(REDIRECT_PARAM);
  if (remembered === null || !remembered.startsWith('/') || /[\p{Cc}\\]/u.test(remembered)) return null;
  let url: URL;
  try {
    url = new URL(remembered, SITE);
  } catch {
    return null;
  }
  return url.origin === SITE ? `${url.pathname}${url.search}${url.hash}` : null;
}
