/**
 * Forms a shopper can trust: names the address form can take (and why it respelled them), Luxembourg's
 * postcodes, nothing moving under the finger when an error appears, touch targets of 24 px, the way back after signing in from the header, and the sign-in pages' language switcher.
 */
import type { Page, TestInfo } from '@playwright/test';
import { pathTo } from '../../src/lib/routes/paths.ts';
import { channelOf } from '../../src/lib/channels.ts';
import {
  atPath,
  createCustomer,
  escapeRegExp,
  expect,
  localeOf,
  logIn,
  openFirstProduct,
  homeOf,
  pathOf,
  PLATFORM,
  signInThroughApi,
  test,
  textsOf,
  uniqueEmail,
} from './helpers.ts';

/** The sign-in island runs: its pre-rendered form is enabled. */
const islandReady = (page: Page) => expect(page.locator('fieldset.guard-prerendered')).toBeEnabled();

/** A customer whose names carriers' labels cannot print as they are. */
async function createZoe(page: Page, info: TestInfo) {
  const locale = localeOf(info);
  const shopper = { email: uniqueEmail(), password: 'croquettes-42', firstName: 'Zoë', lastName: "D'Hondt" };
  const response = await page.request.post(`${PLATFORM}/api/v2/shop/customers?channelCode=${channelOf(locale).code}&locale=${locale}`, {
    headers: { 'Content-Type': 'application/ld+json', Accept: 'application/ld+json' },
    data: { ...shopper, gender: 'f', acceptTerms: true },
  });
  expect(response.status(), await response.text()).toBe(201);
  return shopper;
}

test('a new address starts from the customer’s names as a label prints them, and says why', async ({ page }, info) => {
  const t = textsOf(info);
  const shopper = await createZoe(page, info);
  await signInThroughApi(page, info, shopper);
  await page.goto(pathOf(info, 'addresses'));
  await page.getByRole('button', { name: t('account.addresses.add') }).click();
  const form = page.locator('form');
  const firstName = form.getByLabel(t('forms.fields.firstName'), { exact: true });
  const lastName = form.getByLabel(t('forms.fields.lastName'), { exact: true });
  await expect(firstName).toHaveValue('Zoe');
  await expect(lastName).toHaveValue('D Hondt');
  // Next to each field respelled: what it was, what it is, and why.
  await expect(firstName).toHaveAccessibleDescription(t('account.addresses.labelSafe', { name: 'Zoë', safe: 'Zoe' }));
  await expect(lastName).toHaveAccessibleDescription(t('account.addresses.labelSafe', { name: "D'Hondt", safe: 'D Hondt' }));

  // Luxembourg, written the Luxembourg way; the phone's prefix follows the country, then the number typed.
  await form.getByLabel(t('forms.fields.countryCode'), { exact: true }).selectOption('LU');
  const phone = form.getByRole('group', { name: t('forms.fields.phoneNumber'), exact: true });
  await expect(phone.getByLabel(t('forms.fields.phoneCountry'))).toHaveValue('LU');
  await form.getByLabel(t('forms.fields.street'), { exact: true }).fill('12 rue de la Gare');
  await form.getByLabel(t('forms.fields.postcode')).fill('L-2714');
  await form.getByLabel(t('forms.fields.city')).fill('Luxembourg');
  await phone.getByRole('textbox').fill('+352 621 123 456');
  await expect(phone.getByLabel(t('forms.fields.phoneCountry'))).toHaveValue('LU');
  // Nothing the shopper did not type is refused.
  await form.getByRole('button', { name: t('account.addresses.save') }).click();
  await expect(page.getByRole('status').filter({ hasText: t('account.addresses.saved') })).toBeVisible();
  const card = page
    .getByRole('list', { name: t('account.addresses.listLabel') })
    .getByRole('listitem')
    .first();
  await expect(card).toContainText('Zoe D Hondt');
  await expect(card).toContainText('2714');
  await expect(card).not.toContainText('L-2714');
});

test('registration takes Zoë and D’Hondt, and refuses an emoji next to the field', async ({ page }, info) => {
  const t = textsOf(info);
  await page.goto(pathOf(info, 'register'));
  await islandReady(page);
  const firstName = page.getByLabel(t('forms.fields.firstName'), { exact: true });
  const lastName = page.getByLabel(t('forms.fields.lastName'), { exact: true });
  await firstName.fill('Zoë 🐶');
  await lastName.fill("D'Hondt");
  await page.getByLabel(t('forms.fields.email'), { exact: true }).focus();
  await expect(firstName).toHaveAttribute('aria-invalid', 'true');
  await expect(firstName).toHaveAccessibleDescription(t('forms.errors.emoji'));
  await expect(lastName).not.toHaveAttribute('aria-invalid', 'true');
  await firstName.fill('Zoë');
  await lastName.focus();
  await expect(firstName).not.toHaveAttribute('aria-invalid', 'true');
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test(`an error that appears on leaving a field moves nothing under the finger (${viewport.width} px)`, async ({ page }, info) => {
    const t = textsOf(info);
    await page.setViewportSize(viewport);
    await page.goto(pathOf(info, 'register'));
    await islandReady(page);
    await page.getByLabel(t('forms.fields.firstName'), { exact: true }).fill('Louise');
    await page.getByLabel(t('forms.fields.lastName'), { exact: true }).fill('Dubois');
    await page.getByLabel(t('forms.fields.email'), { exact: true }).fill(uniqueEmail());
    // A password too short, then a tap on the terms' box: leaving the password shows its error.
    await page.getByLabel(t('forms.fields.password'), { exact: true }).fill('abc');
    const terms = page.locator('input[name="acceptTerms"]');
    await terms.evaluate((box) => box.scrollIntoView({ block: 'center' }));
    const before = (await terms.boundingBox())!;
    await page.evaluate(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
      }).observe({ type: 'layout-shift' });
    });
    await page.mouse.click(before.x + before.width / 2, before.y + before.height / 2);

    await expect(page.getByText(t('forms.errors.too_short', { min: 5 }))).toBeVisible();
    await expect(terms, 'the tap landed on the box it aimed at').toBeChecked();
    expect(await terms.boundingBox()).toEqual(before);
    expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
  });
}

test('radio buttons and check boxes of the forms are at least 24 × 24 px', async ({ page }, info) => {
  await page.goto(pathOf(info, 'register'));
  await islandReady(page);
  const sizes = await page
    .locator('main input[type="radio"], main input[type="checkbox"]')
    .evaluateAll((inputs) => inputs.map((i) => ({ name: i.getAttribute('name'), ...i.getBoundingClientRect().toJSON() })));
  expect(sizes.length).toBeGreaterThanOrEqual(4);
  expect(sizes.filter((s) => s.width < 24 || s.height < 24)).toEqual([]);
});

// A used reset link saying so at once and leading to a new one: the end of account.spec.ts's forgotten password.
test('signing in from the header brings the shopper back to the page they were on', async ({ page }, info) => {
  const shopper = await createCustomer(page.request, info);
  await openFirstProduct(page, homeOf(info));
  const product = new URL(page.url()).pathname;
  await page.locator('a[data-account-link]').click();
  await expect(page).toHaveURL(
    new RegExp(`${escapeRegExp(pathOf(info, 'login'))}\\?redirect=${escapeRegExp(encodeURIComponent(product))}$`),
  );
  await islandReady(page);
  await logIn(page, info, shopper.email, shopper.password);
  await expect(page).toHaveURL(atPath(product));
  // Signed in, the same link is the account's.
  await expect(page.locator('a[data-account-link]')).toHaveAttribute('href', pathOf(info, 'account'));
});

test('the sign-in pages link to their twins in the other languages', async ({ page }, info) => {
  for (const route of ['login', 'register'] as const) {
    await page.goto(pathOf(info, route));
    const switcher = page.locator('header .switcher');
    await switcher.locator('summary').click();
    const other = localeOf(info) === 'nl_BE' ? 'fr_BE' : 'nl_BE';
    await expect(switcher.locator(`a[data-locale="${other}"]`)).toHaveAttribute(
      'href',
      new RegExp(`${escapeRegExp(pathTo(route, other))}$`),
    );
  }
});
