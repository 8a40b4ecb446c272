/**
 * Google sign-in as a build with PUBLIC_GOOGLE_CLIENT_ID has it (src/islands/auth/providers.ts, shown by
 * SocialLogin.tsx): the link to Google's sign-in page and the token Google hands back. The end-to-end
 * suite's build has no client id, and checks that nothing of it shows (tests/e2e/social-login.spec.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

const CLIENT_ID = 'client-123.apps.googleusercontent.com';

/** The module as a build with (or without) a client id compiles it: the id is read once, at import. */
async function providers(clientId: string | undefined) {
  vi.resetModules();
  vi.stubEnv('PUBLIC_GOOGLE_CLIENT_ID', clientId);
  return import('../../../../src/islands/auth/providers.ts');
}

/** The login page's window: its address, and the history the module rewrites. */
function loginPage(href: string) {
  const url = new URL(href);
  const replaceState = vi.fn();
  vi.stubGlobal('window', { location: { pathname: url.pathname, search: url.search, hash: url.hash }, history: { replaceState } });
  return replaceState;
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe('Google sign-in with a client id', () => {
  it('links to Google’s sign-in page for an id token, coming back to this login page with its query in `state`', async () => {
    const { googleEnabled, googleSignInUrl } = await providers(CLIENT_ID);
    expect(googleEnabled()).toBe(true);
    const link = new URL(
      googleSignInUrl({ origin: 'https://www.maison-gamelle.fr', pathname: '/connexion/', search: '?redirect=%2Fpanier%2F' }),
    );
    expect(`${link.origin}${link.pathname}`).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    const params = Object.fromEntries(link.searchParams);
    expect(params).toEqual({
      client_id: CLIENT_ID,
      redirect_uri: 'https://www.maison-gamelle.fr/connexion/',
      response_type: 'id_token',
      scope: 'openid email profile',
      nonce: expect.stringMatching(/^[0-9a-f-]{36}$/),
      state: '?redirect=%2Fpanier%2F',
      prompt: 'select_account',
    });
    // A new nonce each time: an id token cannot be replayed into another sign-in.
    expect(
      new URL(googleSignInUrl({ origin: 'https://www.maison-gamelle.fr', pathname: '/connexion/', search: '' })).searchParams.get('nonce'),
    ).not.toBe(params.nonce);
  });

  it('takes the id token Google sends back in the fragment and puts the remembered query back in the address', async () => {
    const { takeGoogleToken } = await providers(CLIENT_ID);
    const replaceState = loginPage(
      'https://www.maison-gamelle.fr/connexion/#id_token=eyJ.google.token&state=%3Fredirect%3D%252Fpanier%252F',
    );
    expect(takeGoogleToken()).toBe('eyJ.google.token');
    expect(replaceState).toHaveBeenCalledWith(null, '', '/connexion/?redirect=%2Fpanier%2F');
  });

  it('takes the token of a failed automatic login (?gi-token=…), keeping the rest of the query', async () => {
    const { takeGoogleToken } = await providers(CLIENT_ID);
    const replaceState = loginPage('https://www.maison-gamelle.fr/connexion/?gi-token=eyJ.other&redirect=%2Fmon-compte%2F');
    expect(takeGoogleToken()).toBe('eyJ.other');
    expect(replaceState).toHaveBeenCalledWith(null, '', '/connexion/?redirect=%2Fmon-compte%2F');
  });

  it('leaves a login page without a token alone', async () => {
    const { takeGoogleToken } = await providers(CLIENT_ID);
    const replaceState = loginPage('https://www.maison-gamelle.fr/connexion/?redirect=%2Fpanier%2F');
    expect(takeGoogleToken()).toBeNull();
    expect(replaceState).not.toHaveBeenCalled();
  });
});

describe('Google sign-in with the embedded platform', () => {
  it("links to the platform's authorisation page, at the shop API's address", async () => {
    vi.stubEnv('PUBLIC_SHOP_API_URL', 'http://localhost:4500');
    const { googleSignInUrl } = await providers('maison-gamelle-embedded.apps.googleusercontent.com');
    const link = new URL(googleSignInUrl({ origin: 'http://localhost:4321', pathname: '/connexion/', search: '' }));
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:4500/google/o/oauth2/v2/auth');
    expect(link.searchParams.get('client_id')).toBe('maison-gamelle-embedded.apps.googleusercontent.com');
  });
});

describe('a refused Google token', () => {
  it('stays in the address (?gi-token=) beside the remembered path, and is not sent back to Google in `state`', async () => {
    const { keepGoogleToken, googleSignInUrl } = await providers(CLIENT_ID);
    const replaceState = loginPage('https://www.maison-gamelle.fr/connexion/?redirect=%2Fpanier%2F');
    keepGoogleToken('eyJ.refused');
    expect(replaceState).toHaveBeenCalledWith(null, '', '/connexion/?redirect=%2Fpanier%2F&gi-token=eyJ.refused');
    const link = new URL(
      googleSignInUrl({
        origin: 'https://www.maison-gamelle.fr',
        pathname: '/connexion/',
        search: '?redirect=%2Fpanier%2F&gi-token=eyJ.refused',
      }),
    );
    expect(link.searchParams.get('state')).toBe('?redirect=%2Fpanier%2F');
  });
});

describe('Google sign-in without a client id', () => {
  it('is off, and a token in the address is neither taken nor removed', async () => {
    const { googleEnabled, takeGoogleToken } = await providers(undefined);
    expect(googleEnabled()).toBe(false);
    const replaceState = loginPage('https://www.maison-gamelle.fr/connexion/#id_token=eyJ.google.token&state=');
    expect(takeGoogleToken()).toBeNull();
    expect(replaceState).not.toHaveBeenCalled();
  });
});
