/**
 * Tells a shopper whose page is open when an editor's change has been published (SPEC §7): polls
 * /builds/latest.json with a timestamp query (every BUILD_POLL_MS, and when the tab comes back into view),
 * and when its id differs from the one this page was opened under, fills the layout's status region
 * (role="status", the texts the layout wrote in it) and makes the next link to another page of the site a
 * full reload, fetched fresh past any prefetched copy (SPEC §4). The first answer is the page's own
 * build: an incremental build copies unchanged pages as they were, so the id they were rendered with may
 * be an older one than the build that serves them. As it loads, the page also asks the platform's route
 * rules for its own path (SPEC §7, src/backend/content/route-rules.ts): a route put in maintenance since
 * the build, or an address the last build redirects, leads on at once. No framework: it runs on every page.
 */

/** Often enough to tell within a minute, rare enough to cost nothing (the answer is a few bytes, never cached). */
export const BUILD_POLL_MS = 60_000;

/** The build watch's rule, apart from the page: `check()` asks the id; `onNewBuild` runs once, on the first id that differs. */
export function buildWatcher(latestId: () => Promise<string | null>, onNewBuild: () => void) {
  let baseline: string | null = null;
  let seenNew = false;
  return async function check(): Promise<void> {
    if (seenNew) return;
    const id = await latestId().catch(() => null);
    if (!id) return;
    if (baseline === null) baseline = id;
    else if (id !== baseline) {
      seenNew = true;
      onNewBuild();
    }
  };
}

const latestId = async (): Promise<string | null> => {
  const response = await fetch(`/builds/latest.json?t=${Date.now()}`, { cache: 'no-store' });
  if (!response.ok) return null;
  const body = (await response.json()) as { id?: unknown };
  return typeof body.id === 'string' ? body.id : null;
};

/** Whether a click on this link would load another page of this site in this tab. */
function siteNavigation(event: MouseEvent): URL | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download') || (link.target && link.target !== '_self')) return null;
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin || (url.hash && url.pathname === location.pathname && url.search === location.search)) return null;
  return url;
}

function announce(): void {
  const region = document.querySelector<HTMLElement>('[data-build-notice]');
  if (region) {
    // Fixed at the foot of the screen: nothing on the page moves when it appears.
    Object.assign(region.style, {
      position: 'fixed',
      insetInline: '0.75rem',
      bottom: '0.75rem',
      zIndex: '2147483646',
      display: 'flex',
      flexWrap: 'wrap',
      alignItems: 'center',
      gap: '0.5rem 1rem',
      padding: '0.75rem 1rem',
      background: '#1f1f1f',
      color: '#fff',
      borderRadius: '0.5rem',
      maxWidth: '40rem',
      marginInline: 'auto',
    });
    const text = document.createElement('span');
    text.textContent = region.dataset.text ?? '';
    const reload = document.createElement('button');
    reload.type = 'button';
    reload.className = 'button';
    reload.textContent = region.dataset.reload ?? '';
    reload.addEventListener('click', () => location.reload());
    region.replaceChildren(text, reload);
  }
  // On window, in the bubbling phase: an island that handles a click itself has called preventDefault by
  // now. The page is fetched past any prefetched copy (the browser keeps those a while whatever their
  // headers say), then loaded.
  addEventListener('click', (event) => {
    const url = siteNavigation(event);
    if (!url) return;
    event.preventDefault();
    void fetch(url, { cache: 'reload', credentials: 'same-origin' })
      .catch(() => undefined)
      .finally(() => location.assign(url));
  });
}

/** Follows the route rules' redirect for this page, if any (absolute: it leaves the site). */
async function followRouteRules(rules: string): Promise<void> {
  const response = await fetch(`${rules}?path=${encodeURIComponent(location.pathname)}`);
  const { redirect } = response.ok ? ((await response.json()) as { redirect?: unknown }) : {};
  if (typeof redirect === 'string' && redirect !== location.pathname) location.replace(redirect);
}

if (typeof document !== 'undefined') {
  const rules = document.querySelector<HTMLElement>('[data-build-notice]')?.dataset.rules;
  if (rules) followRouteRules(rules).catch(() => undefined);
  const check = buildWatcher(latestId, announce);
  void check();
  setInterval(() => {
    if (document.visibilityState === 'visible') void check();
  }, BUILD_POLL_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void check();
  });
  // A page the browser brings back from its back-forward cache may have missed a build while it slept.
  addEventListener('pageshow', (event) => {
    if (event.persisted) void check();
  });
}
