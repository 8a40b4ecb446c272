/**
 * Google one-click sign-in in the browser, end to end and offline, on a build of the BE channel WITH
 * PUBLIC_GOOGLE_CLIENT_ID (the embedded platform's client id): `npm test` makes it beside the suite's own
 * build, in `<the suite's build>-google` (scripts/test.ts), so no test waits for a build. The suite's own
 * build has none (social-login.spec.ts checks that nothing of it shows), and the id is folded into the
 * islands' code at build time, so it cannot be injected into the suite's pages.
 *
 * That build names the suite's own site and platform, and its pages are served to the browser at the
 * suite's site address (Playwright routes that origin to a server of this build): the platform then knows
 * the origin, as it must for CORS and for the authorisation page's redirect_uri check.
 */
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { staticServer } from '../../scripts/lib/static-server.ts';
import { atPath, expect, languageOf, pathOf, PLATFORM, target, test, textsOf, uniqueEmail } from './helpers.ts';

test.describe.configure({ mode: 'serial' });

/** Where `npm test` builds the Google sign-in's pages (scripts/test.ts names it the same way). */
const googleBuild = `${target.distDir}-google`;
let server: Server | undefined;
let served: string;
const channelOf = (info: TestInfo) => (languageOf(info) === 'nl' ? 'be' : 'fr');

test.beforeAll(async ({}, info) => {
  const channel = channelOf(info);
  const root = join(googleBuild, channel);
  test.skip(
    !existsSync(join(root, 'index.html')),
    `No build with Google sign-in in ${root}: \`npm test\` (or \`npm test -- --e2e\`) makes it beside the suite's build.`,
  );
  server = staticServer(channel === 'fr' ? 'FR' : 'BE', root);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  served = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
});

/** The browser asks the suite's site; this build answers. */
async function serveGoogleBuild(page: Page, info: TestInfo) {
  const site = target.sites[channelOf(info)];
  await page.route(`${site}/**`, async (route) => {
    // Sent on to this build's server as is: the page keeps the site's origin, and the browser still sees
    // an answer from this machine (a fulfilled one would count as a public address calling a local one).
    const url = new URL(route.request().url());
    await route.continue({ url: `${served}${url.pathname}${url.search}` });
  });
}

/**
 * From the login page, through the embedded Google page as the given person, back to the site. The page
 * answers with a redirect to the site (#id_token=…); Playwright does not route a redirected request, so
 * the browser would get the suite's own build there: the redirect is read here and followed by a
 * navigation of its own, which is routed to this build.
 */
async function throughGoogle(page: Page, info: TestInfo, person: { email: string; givenName: string; familyName: string }) {
  const google = page.getByRole('link', { name: textsOf(info)('account.login.social') });
  await expect(google).toHaveAttribute('href', new RegExp(`^${PLATFORM}/google/o/oauth2/v2/auth\\?`));
  await google.click();
  await expect(page).toHaveURL(new RegExp(`^${PLATFORM}/google/o/oauth2/v2/auth`));
  await page.getByLabel('E-mailadres').fill(person.email);
  await page.getByLabel('Voornaam').fill(person.givenName);
  await page.getByLabel('Achternaam').fill(person.familyName);
  let back: string | undefined;
  await page.route(`${PLATFORM}/google/o/oauth2/v2/auth?**`, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    const answer = await route.fetch({ maxRedirects: 0 });
    expect(answer.status()).toBe(303);
    back = answer.headers().location;
    await route.abort('aborted');
  });
  await page.getByRole('button', { name: 'Continuer · Doorgaan' }).click();
  await expect.poll(() => back).toMatch(new RegExp(`^${target.sites[channelOf(info)]}${pathOf(info, 'login')}#id_token=`));
  await page.unroute(`${PLATFORM}/google/o/oauth2/v2/auth?**`);
  await page.goto(back!);
}

test('a new shopper signs in with Google: the embedded Google page, back to the shop, signed in where they were going', async ({
  page,
}, info) => {
  const t = textsOf(info);
  await serveGoogleBuild(page, info);
  // Sent to login from their personal data: the remembered path goes to Google and back in `state`.
  await page.goto(`${pathOf(info, 'login')}?redirect=${encodeURIComponent(pathOf(info, 'personalData'))}`);
  await throughGoogle(page, info, { email: uniqueEmail(), givenName: 'Lotte', familyName: 'Peeters' });

  // Back on the login page with the token, which signs in and goes on to the remembered page.
  await expect(page).toHaveURL(atPath(pathOf(info, 'personalData')));
  expect(new URL(page.url()).hash).toBe('');
  // Signed in, into an account opened with the names Google gave.
  await expect(page.getByLabel(t('forms.fields.firstName'), { exact: true })).toHaveValue('Lotte');
  await expect(page.getByLabel(t('forms.fields.lastName'), { exact: true })).toHaveValue('Peeters');
});

test('a refused Google token leaves the shopper on login with ?gi-token=, the reason, Google and the e-mail form; Google again signs in', async ({
  page,
}, info) => {
  const t = textsOf(info);
  await serveGoogleBuild(page, info);
  const authentications: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/authentication-token')) authentications.push(response.status());
  });
  await page.goto(`${pathOf(info, 'login')}?gi-token=not-a-google-token`);
  const reason =
    languageOf(info) === 'nl'
      ? 'Je aanmelding met Google kon niet worden gecontroleerd. Probeer het opnieuw of meld je aan met je e-mailadres.'
      : 'Votre connexion Google n’a pas pu être vérifiée. Merci de réessayer ou de vous connecter avec votre adresse e-mail.';
  await expect(page.getByText(reason)).toBeVisible();
  expect(authentications).toEqual([401]);
  expect(new URL(page.url()).searchParams.get('gi-token')).toBe('not-a-google-token');
  // The e-mail form is there…
  await expect(page.getByLabel(t('forms.fields.email'), { exact: true })).toBeVisible();
  // …and Google again (a fresh token) signs in, without the refused one coming back.
  await throughGoogle(page, info, { email: uniqueEmail(), givenName: 'Jules', familyName: 'Dubois' });
  await expect(page).toHaveURL(atPath(pathOf(info, 'account')));
  expect(new URL(page.url()).search).not.toContain('gi-token');
  expect(authentications).toEqual([401, 200]);
});
