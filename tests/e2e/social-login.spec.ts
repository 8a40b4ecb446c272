/**
 * Google sign-in (src/islands/auth/SocialLogin.tsx) is shown only when the build has
 * PUBLIC_GOOGLE_CLIENT_ID: the suite's build has none, so the login and register pages show no Google
 * button, link to no Google page, and a token handed to the login page (Google's `#id_token`, or
 * `?gi-token`) is not used. The link a build with a client id shows is unit-tested
 * (tests/unit/islands/auth/providers.test.ts).
 */
import { expect, lookUp, pathOf, PLATFORM, test, textsOf, uniqueEmail } from './helpers.ts';

for (const route of ['login', 'register'] as const) {
  test(`without a Google client id the ${route} page has no Google sign-in`, async ({ page }, info) => {
    const t = textsOf(info);
    await page.goto(pathOf(info, route));
    await expect(page.getByLabel(t('forms.fields.email'), { exact: true })).toBeVisible();
    await expect(page.getByText(t('account.login.social'))).toHaveCount(0);
    await expect(page.locator('a[href*="accounts.google.com"]')).toHaveCount(0);
    await expect(page.locator('.social-login')).toHaveCount(0);
  });
}

test('without a Google client id a token handed to the login page is not used', async ({ page }, info) => {
  const t = textsOf(info);
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(PLATFORM)) calls.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  for (const handed of ['#id_token=not-a-google-token&state=', '?gi-token=not-a-google-token']) {
    await page.goto(`${pathOf(info, 'login')}${handed}`);
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    // The shopper goes on with an e-mail: by the time its lookup is answered, a sign-in with the token
    // would have been sent (the island takes it when it mounts).
    await lookUp(page, info, uniqueEmail());
    await expect(page.getByRole('heading', { name: t('account.register.title') })).toBeVisible();
    // Left as it was: only a Google sign-in takes it out of the address.
    expect(new URL(page.url()).search + new URL(page.url()).hash).toContain('not-a-google-token');
  }
  expect(calls.filter((call) => call.includes('authentication-token'))).toEqual([]);
});
