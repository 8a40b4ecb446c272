/**
 * Google one-click sign-in in the browser, end to end and offline: a build of this project's channel WITH
 * PUBLIC_GOOGLE_CLIENT_ID (the embedded platform's client id), made once by this spec. The suite's own
 * build has none (social-login.spec.ts checks that nothing of it shows), and the id is folded into the
 * islands' code at build time, so it cannot be injected into the suite's pages.
 *
 * The extra build names the suite's own site and platform, and its pages are served to the browser at the
 * suite's site address (Playwright routes that origin to a server of this build): the platform then knows
 * the origin, as it must for CORS and for the authorisation page's redirect_uri check. The build takes
 * about half a minute of one core.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { staticServer } from '../../scripts/lib/static-server.ts';
import { EMBEDDED_GOOGLE_CLIENT_ID } from '../../src/lib/captcha/embedded.ts';
import { atPath, expect, languageOf, pathOf, PLATFORM, target, test, textsOf, uniqueEmail } from './helpers.ts';

test.describe.configure({ mode: 'serial' });

let folder: string;
let server: Server | undefined;
let served: string;
const channelOf = (info: TestInfo) => (languageOf(info) === 'nl' ? 'be' : 'fr');

test.beforeAll(async ({}, info) => {
  // A build of one channel: about 40 s on a busy machine.
  test.setTimeout(150_000);
  // Inside the project: Astro renders a build whose output is outside its working folder in the shared
  // .astro/.prerender/, where another build at the same time would overwrite its modules (ERR_MODULE_NOT_FOUND).
  mkdirSync('.data', { recursive: true });
  folder = mkdtempSync(join('.data', 'google-login-e2e-'));
  const channel = channelOf(info);
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/build.ts', channel], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PUBLIC_GOOGLE_CLIENT_ID: EMBEDDED_GOOGLE_CLIENT_ID,
        PUBLIC_SHOP_API_URL: undefined,
        SHOP_API_URL: target.platform,
        CONTENT_API_URL: `${target.platform}/content`,
        SITE_URL_FR: target.sites.fr,
        SITE_URL_BE: target.sites.be,
        DIST_DIR: join(folder, 'dist'),
        CACHE_DIR: process.env.CACHE_DIR ? `${process.env.CACHE_DIR}-google` : join(folder, 'cache'),
      },
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the build with a Google client id exited with ${code}`))));
  });
  server = staticServer(channel === 'fr' ? 'FR' : 'BE', join(folder, 'dist', channel));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  served = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  rmSync(folder, { recursive: true, force: true });
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
