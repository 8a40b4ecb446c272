/**
 * Sign-in and account journeys, in Dutch on the BE site:
 * registration, login (lookup then password), wrong password, addresses, password change, forgotten
 * password through the platform's outbox, guards, and axe on the pages. They need the platform running
 * (the suite starts its own, where the build under test calls the shop API) beside the built sites.
 */
import type { Page, TestInfo } from '@playwright/test';
import { channelOf } from '../../src/lib/channels.ts';
import {
  atPath,
  createCustomer,
  escapeRegExp,
  expect,
  languageOf,
  localeOf,
  logIn,
  lookUp,
  pathOf,
  PLATFORM,
  test,
  textsOf,
  uniqueEmail,
  expectNoSeriousViolation,
  signInThroughApi,
} from './helpers.ts';
import { overflowWidth } from './page-checks.ts';

async function expectAccountMenu(page: Page, info: TestInfo) {
  const t = textsOf(info);
  await expect(page).toHaveURL(atPath(pathOf(info, 'account')));
  const menu = page.getByRole('navigation', { name: t('account.menu.title') });
  for (const route of ['orders', 'subscriptions', 'addresses', 'animals', 'personalData', 'sponsorships'] as const) {
    await expect(menu.getByRole('link', { name: t(`account.menu.${route}`) })).toHaveAttribute('href', pathOf(info, route));
  }
}

// The sign-in and account pages as they first come are scanned by page-types.spec.ts; here, the states only a
// shopper's actions reach: the registration step showing its errors (and the address form's, below).
test('a new customer registers (an age for a birthday), lands on the welcome page, logs out and logs in again', async ({ page }, info) => {
  const t = textsOf(info);
  // A long address: on a phone, the greeting that repeats it breaks within the screen.
  const email = `alexandre.deschamps-gamelle-${uniqueEmail()}`;
  const password = 'gamelle-2024';
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(pathOf(info, 'login'));
  await lookUp(page, info, email);

  await expect(page.getByRole('heading', { name: t('account.register.title') })).toBeVisible();
  await expect(page.getByText(t('account.login.newHere', { email }))).toBeVisible();
  expect(await overflowWidth(page)).toBe(0);
  await page.setViewportSize({ width: 1280, height: 720 });
  // Submitting empty shows the errors and focuses the first invalid field.
  await page.getByRole('button', { name: t('account.register.submit') }).click();
  await expect(page.getByRole('radio', { name: t('forms.options.gender.m') })).toBeFocused();
  await expect(page.getByLabel(t('forms.fields.firstName'), { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(t('forms.register.acceptTerms.errors.must_accept'))).toBeVisible();
  await expectNoSeriousViolation(page, 'registration step with errors');

  await page.getByRole('radio', { name: t('forms.options.gender.f') }).check();
  await page.getByLabel(t('forms.fields.firstName'), { exact: true }).fill('Louise');
  await page.getByLabel(t('forms.fields.lastName'), { exact: true }).fill('Dubois');
  await page.getByLabel(t('forms.fields.password'), { exact: true }).fill(password);
  // An age instead of a date (the date is typed in the personal data, below).
  await page.getByRole('radio', { name: t('forms.options.birthdayMode.age') }).check();
  await page.getByLabel(t('forms.fields.birthday_years')).fill('62');
  await page.getByLabel(t('forms.fields.birthday_months')).fill('3');
  await page.getByRole('checkbox', { name: t('account.register.newsletter') }).check();
  const terms = page.getByRole('checkbox', { name: t('account.register.acceptTerms', { terms: t('account.register.termsLink') }) });
  await terms.check();
  const legal = await import('../../src/lib/routes/routes.ts');
  await expect(page.getByRole('link', { name: t('account.register.termsLink') })).toHaveAttribute(
    'href',
    pathOf(info, 'page', { page: legal.legalPages.terms[languageOf(info)] }),
  );
  await expect(page.getByRole('link', { name: t('account.register.privacyLink') })).toHaveAttribute(
    'href',
    pathOf(info, 'page', { page: legal.legalPages.privacy[languageOf(info)] }),
  );
  await page.getByRole('button', { name: t('account.register.submit') }).click();

  await expect(page).toHaveURL(atPath(pathOf(info, 'accountWelcome')));
  await expect(page.getByRole('heading', { name: t('account.welcome.title', { firstName: 'Louise' }) })).toBeVisible();

  await page.goto(pathOf(info, 'account'));
  await expectAccountMenu(page, info);
  await expect(page.getByText(t('account.menu.greeting', { name: 'Louise Dubois' }))).toBeVisible();
  await page.getByRole('button', { name: t('account.menu.logout') }).click();
  await expect(page).toHaveURL(atPath(pathOf(info, 'home')));

  await page.goto(pathOf(info, 'login'));
  await logIn(page, info, email, password);
  await expectAccountMenu(page, info);
});

// The register page itself (the e-mail typed there): the journey of checkout.spec.ts that creates an account on the way.
test('a wrong password is refused, "not you?" goes back to the e-mail', async ({ page, request }, info) => {
  const t = textsOf(info);
  const shopper = await createCustomer(request, info);
  await page.goto(pathOf(info, 'login'));
  await logIn(page, info, shopper.email, 'not-the-password');
  const password = page.getByLabel(t('forms.fields.password'), { exact: true });
  await expect(page.getByText(t('forms.login.password.errors.wrong_password'))).toBeVisible();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toBeFocused();

  // Another account: the e-mail field again, empty and focused.
  await page.getByRole('button', { name: t('account.login.notYou') }).click();
  const email = page.getByLabel(t('forms.fields.email'), { exact: true });
  await expect(email).toBeFocused();
  await expect(email).toHaveValue('');
  await logIn(page, info, shopper.email, shopper.password);
  await expectAccountMenu(page, info);
});

// Once, in Dutch on the BE site: each country's postcode and phone rules are unit tests
// (tests/unit/lib/forms/schemas.test.ts, address.test.ts), the form's country and prefix on each site a component
// test (tests/components/address-phone-prefix.test.tsx).
test('addresses: add with phone and postcode checks, favourite, edit, delete after confirmation', async ({ page, request }, info) => {
  const t = textsOf(info);
  const nl = languageOf(info) === 'nl';
  const shopper = await createCustomer(request, info);
  await signInThroughApi(page, info, shopper);
  await page.goto(pathOf(info, 'addresses'));
  await expect(page.getByText(t('account.addresses.empty'))).toBeVisible();

  await page.getByRole('button', { name: t('account.addresses.add') }).click();
  const form = page.locator('form');
  await expect(page.getByRole('heading', { name: t('account.addresses.addTitle') })).toBeFocused();
  // Names come from the customer; the country is the channel's own.
  await expect(form.getByLabel(t('forms.fields.firstName'), { exact: true })).toHaveValue(shopper.firstName);
  await expect(form.getByLabel(t('forms.fields.countryCode'), { exact: true })).toHaveValue(channelOf(localeOf(info)).countries[0]);
  await form.getByLabel(t('forms.fields.alias')).fill('Maison');
  await form.getByLabel(t('forms.fields.street'), { exact: true }).fill(nl ? 'Kerkstraat 12' : '12 rue des Lilas');
  await form.getByLabel(t('forms.fields.city')).fill(nl ? 'Gent' : 'Lyon');

  // The phone: the address's country's prefix is there (the site's first country), and another country
  // picked for the phone rewrites it.
  const phone = form.getByRole('group', { name: t('forms.fields.phoneNumber'), exact: true });
  const number = phone.getByRole('textbox');
  await expect(number).toHaveValue(nl ? '+32 ' : '+33 ');
  await phone.getByLabel(t('forms.fields.phoneCountry')).selectOption('DE');
  await expect(number).toHaveValue('+49 ');
  await phone.getByLabel(t('forms.fields.phoneCountry')).selectOption(nl ? 'BE' : 'FR');
  await number.fill(nl ? '+32 470 12 34 56' : '+33 6 12 34 56 78');

  // A postcode of the wrong length first (4 digits is a Belgian postcode in France).
  const postcode = form.getByLabel(t('forms.fields.postcode'));
  await postcode.fill(nl ? '900' : '6900');
  await form.getByRole('button', { name: t('account.addresses.save') }).click();
  await expect(postcode).toHaveAttribute('aria-invalid', 'true');
  await expect(postcode).toBeFocused();
  await expect(form.getByText(nl ? t('forms.errors.postcode_length', { digits: 4 }) : t('forms.errors.postcode_country'))).toBeVisible();
  await expectNoSeriousViolation(page, 'address form with errors');
  // A wrong phone for the country.
  await number.fill(nl ? '+32 12' : '+33 12');
  await postcode.fill(nl ? '9000' : '69001');
  await form.getByRole('button', { name: t('account.addresses.save') }).click();
  await expect(form.getByText(t('forms.phone.error'))).toBeVisible();
  await expect(number).toBeFocused();
  await number.fill(nl ? '+32 470 12 34 56' : '+33 6 12 34 56 78');
  await expect(form.getByRole('checkbox', { name: t('account.addresses.makeFavourite') })).toBeChecked();
  await form.getByRole('button', { name: t('account.addresses.save') }).click();

  await expect(page.getByRole('status').filter({ hasText: t('account.addresses.saved') })).toBeVisible();
  const list = page.getByRole('list', { name: t('account.addresses.listLabel') });
  const card = list.getByRole('listitem').first();
  await expect(card).toContainText('Maison');
  await expect(card).toContainText(t('account.addresses.favourite'));
  await expect(card).toContainText(nl ? '+32 470 12 34 56' : '+33 6 12 34 56 78');

  // A second address, then it becomes the favourite and comes first.
  await page.getByRole('button', { name: t('account.addresses.add') }).click();
  await expect(form.getByRole('checkbox', { name: t('account.addresses.makeFavourite') })).not.toBeChecked();
  await form.getByLabel(t('forms.fields.alias')).fill('Bureau');
  await form.getByLabel(t('forms.fields.street'), { exact: true }).fill(nl ? 'Veldstraat 1' : '3 place Bellecour');
  await form.getByLabel(t('forms.fields.postcode')).fill(nl ? '9000' : '69002');
  await form.getByLabel(t('forms.fields.city')).fill(nl ? 'Gent' : 'Lyon');
  await form
    .getByRole('group', { name: t('forms.fields.phoneNumber'), exact: true })
    .getByRole('textbox')
    .fill(nl ? '+32 9 123 45 67' : '+33 4 72 00 00 00');
  await form.getByRole('button', { name: t('account.addresses.save') }).click();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').first()).toContainText('Maison');
  await list
    .getByRole('listitem')
    .nth(1)
    .getByRole('button', { name: t('account.addresses.makeFavourite') })
    .click();
  await expect(page.getByRole('status').filter({ hasText: t('account.addresses.favouriteSaved') })).toBeVisible();
  await expect(list.getByRole('listitem').first()).toContainText('Bureau');
  await expect(list.getByRole('listitem').first()).toContainText(t('account.addresses.favourite'));
  await expect(list.getByRole('listitem').nth(1)).not.toContainText(t('account.addresses.favourite'));

  // Edit: the same form, filled; cancel restores nothing saved, then a real change.
  await page.getByRole('button', { name: t('account.addresses.editNamed', { name: 'Maison' }) }).click();
  await expect(form.getByLabel(t('forms.fields.alias'))).toHaveValue('Maison');
  await form.getByLabel(t('forms.fields.city')).fill(nl ? 'Antwerpen' : 'Villeurbanne');
  await form.getByRole('button', { name: t('account.addresses.cancel') }).click();
  await expect(page.getByRole('button', { name: t('account.addresses.editNamed', { name: 'Maison' }) })).toBeFocused();
  await expect(list).not.toContainText(nl ? 'Antwerpen' : 'Villeurbanne');
  await page.getByRole('button', { name: t('account.addresses.editNamed', { name: 'Maison' }) }).click();
  await expect(form.getByLabel(t('forms.fields.city'))).toHaveValue(nl ? 'Gent' : 'Lyon');
  await form.getByLabel(t('forms.fields.city')).fill(nl ? 'Antwerpen' : 'Villeurbanne');
  await form.getByLabel(t('forms.fields.postcode')).fill(nl ? '2000' : '69100');
  await form.getByRole('button', { name: t('account.addresses.save') }).click();
  await expect(list.getByRole('listitem').filter({ hasText: 'Maison' })).toContainText(nl ? 'Antwerpen' : 'Villeurbanne');

  await expectNoSeriousViolation(page, 'addresses');

  // Delete: a modal asks first; Escape keeps the address, confirming removes it.
  const dialog = page.getByRole('dialog', { name: t('account.addresses.deleteNamed', { name: 'Maison' }) });
  await page.getByRole('button', { name: t('account.addresses.deleteNamed', { name: 'Maison' }) }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(t('account.addresses.confirmDelete'));
  await expect(dialog.getByRole('button', { name: t('account.addresses.cancel') })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: t('account.addresses.deleteNamed', { name: 'Maison' }) }).click();
  await dialog.getByRole('button', { name: t('account.addresses.confirm') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: t('account.addresses.deleted') })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).not.toContainText('Maison');
});

test('the password is changed (a wrong current one is refused), then used to log in', async ({ page, request }, info) => {
  const t = textsOf(info);
  const shopper = await createCustomer(request, info);
  const newPassword = 'nouvelle-gamelle-7';
  await page.goto(pathOf(info, 'login'));
  await logIn(page, info, shopper.email, shopper.password);
  await expectAccountMenu(page, info);
  await page.getByRole('link', { name: t('account.menu.personalData') }).click();
  await expect(page).toHaveURL(atPath(pathOf(info, 'personalData')));

  const section = page.getByRole('region', { name: t('account.personalData.passwordTitle') });
  const current = section.getByLabel(t('forms.fields.currentPassword'), { exact: true });
  await current.fill('pas-le-bon');
  await section.getByLabel(t('forms.fields.newPassword'), { exact: true }).fill(newPassword);
  await section.getByLabel(t('forms.fields.confirmNewPassword'), { exact: true }).fill('autre-chose');
  await section.getByRole('button', { name: t('account.personalData.passwordSave') }).click();
  await expect(section.getByText(t('forms.errors.mismatch'))).toBeVisible();
  await section.getByLabel(t('forms.fields.confirmNewPassword'), { exact: true }).fill(newPassword);
  await section.getByRole('button', { name: t('account.personalData.passwordSave') }).click();
  await expect(section.getByText(t('forms.changePassword.currentPassword.errors.wrong_password'))).toBeVisible();
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect(current).toBeFocused();

  await current.fill(shopper.password);
  await section.getByRole('button', { name: t('account.personalData.passwordSave') }).click();
  await expect(section.getByRole('status')).toHaveText(t('account.personalData.passwordSaved'));
  // The focus goes to what happened (the button it was on was disabled while saving).
  await expect(section.getByRole('status')).toBeFocused();
  await expect(current).toHaveValue('');

  await page.goto(pathOf(info, 'account'));
  await page.getByRole('button', { name: t('account.menu.logout') }).click();
  await expect(page).toHaveURL(atPath(pathOf(info, 'home')));
  await page.goto(pathOf(info, 'login'));
  await logIn(page, info, shopper.email, shopper.password);
  await expect(page.getByText(t('forms.login.password.errors.wrong_password'))).toBeVisible();
  await page.getByLabel(t('forms.fields.password'), { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: t('account.login.passwordStep') }).click();
  await expectAccountMenu(page, info);
});

test('personal data are saved, with the communication language', async ({ page, request }, info) => {
  const t = textsOf(info);
  const shopper = await createCustomer(request, info);
  await signInThroughApi(page, info, shopper);
  await page.goto(pathOf(info, 'personalData'));
  const section = page.getByRole('region', { name: t('account.personalData.identityTitle') });
  await expect(section.getByLabel(t('forms.fields.firstName'), { exact: true })).toHaveValue(shopper.firstName);
  await expect(section.getByRole('radio', { name: t('forms.options.gender.f') })).toBeChecked();

  await section.getByLabel(t('forms.fields.firstName'), { exact: true }).fill('');
  await section.getByRole('button', { name: t('account.personalData.save') }).click();
  await expect(section.getByLabel(t('forms.fields.firstName'), { exact: true })).toBeFocused();
  await expect(section.getByText(t('forms.errors.required'))).toBeVisible();

  await section.getByLabel(t('forms.fields.firstName'), { exact: true }).fill('Camila');
  await section.getByLabel(t('forms.fields.birthdayDate'), { exact: true }).fill('1990-06-15');
  await section.getByRole('checkbox', { name: t('forms.fields.subscribedToNewsletter') }).check();
  await section.getByLabel(t('account.personalData.language')).selectOption('nl');
  await section.getByRole('button', { name: t('account.personalData.save') }).click();
  await expect(section.getByRole('status')).toHaveText(t('account.personalData.saved'));
  await expect(section.getByRole('status')).toBeFocused();

  await expectNoSeriousViolation(page, 'personal data');
  await page.reload();
  const reloaded = page.getByRole('region', { name: t('account.personalData.identityTitle') });
  await expect(reloaded.getByLabel(t('forms.fields.firstName'), { exact: true })).toHaveValue('Camila');
  await expect(reloaded.getByLabel(t('forms.fields.birthdayDate'), { exact: true })).toHaveValue('1990-06-15');
  await expect(reloaded.getByRole('checkbox', { name: t('forms.fields.subscribedToNewsletter') })).toBeChecked();
  await expect(reloaded.getByLabel(t('account.personalData.language'))).toHaveValue('nl');
});

test('the e-mail is changed with the current password; the old address is told, the new one signs in', async ({ page, request }, info) => {
  const t = textsOf(info);
  const shopper = await createCustomer(request, info);
  const newEmail = uniqueEmail();
  await page.goto(pathOf(info, 'login'));
  await logIn(page, info, shopper.email, shopper.password);
  await expectAccountMenu(page, info);
  await page.goto(pathOf(info, 'personalData'));
  const section = page.getByRole('region', { name: t('account.personalData.identityTitle') });
  const email = section.getByLabel(t('forms.fields.email'), { exact: true });
  const current = section.getByLabel(t('forms.fields.currentPassword'), { exact: true });
  await expect(email).toHaveValue(shopper.email);
  // The current password is asked only while the e-mail differs from the stored one.
  await expect(current).toHaveCount(0);
  await email.fill(newEmail);
  await expect(current).toBeVisible();
  await expect(section.getByText(t('account.personalData.emailPasswordHint'))).toBeVisible();
  await section.getByRole('button', { name: t('account.personalData.save') }).click();
  await expect(current).toBeFocused();
  await expect(section.getByText(t('forms.errors.required'))).toBeVisible();

  await current.fill('pas-le-bon');
  await section.getByRole('button', { name: t('account.personalData.save') }).click();
  await expect(section.getByText(t('forms.personalData.currentPassword.errors.wrong_password'))).toBeVisible();
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect(current).toBeFocused();

  await current.fill(shopper.password);
  await section.getByRole('button', { name: t('account.personalData.save') }).click();
  await expect(section.getByRole('status')).toHaveText(t('account.personalData.saved'));
  await expect(email).toHaveValue(newEmail);
  await expect(current).toHaveCount(0);

  // The old address is told, in the shopper's language, with no link but the contact page's.
  const outbox = (await (await request.get(`${PLATFORM}/outbox.json?to=${encodeURIComponent(shopper.email)}`)).json()) as {
    mails: Array<{ text: string }>;
  };
  const notice = outbox.mails[0]?.text ?? '';
  expect(notice).toContain(pathOf(info, 'contact'));
  expect(notice).not.toContain(newEmail);

  await page.goto(pathOf(info, 'account'));
  await page.getByRole('button', { name: t('account.menu.logout') }).click();
  await expect(page).toHaveURL(atPath(pathOf(info, 'home')));
  await page.goto(pathOf(info, 'login'));
  await logIn(page, info, newEmail, shopper.password);
  await expectAccountMenu(page, info);
});

test('a forgotten password is reset through the mailed link', async ({ page, request }, info) => {
  const t = textsOf(info);
  const shopper = await createCustomer(request, info);
  const newPassword = 'gamelle-retrouvee-9';
  await page.goto(pathOf(info, 'login'));
  await lookUp(page, info, shopper.email);
  await page.getByRole('button', { name: t('account.login.forgot') }).click();
  await expect(page.getByRole('heading', { name: t('account.forgot.title') })).toBeFocused();
  await expect(page.getByLabel(t('forms.fields.email'), { exact: true })).toHaveValue(shopper.email);
  await page.getByRole('button', { name: t('account.forgot.submit') }).click();
  await expect(page.getByRole('status').filter({ hasText: t('account.forgot.sent') })).toBeVisible();

  const outbox = (await (await request.get(`${PLATFORM}/outbox.json?to=${encodeURIComponent(shopper.email)}`)).json()) as {
    mails: Array<{ text: string }>;
  };
  const resetPath = pathOf(info, 'forgotPassword', { forgotPassword: 'TOKEN' }).replace('TOKEN/', '');
  const link = outbox.mails.flatMap((mail) => mail.text.match(/https?:\/\/\S+/g) ?? []).find((url) => url.includes(resetPath));
  expect(link, 'a reset link in the newest mail').toBeTruthy();
  const url = new URL(link!);
  await page.goto(`${url.pathname}${url.search}`);

  await expect(page.getByRole('heading', { name: t('account.reset.title') })).toBeVisible();
  await page.getByLabel(t('forms.fields.newPassword'), { exact: true }).fill(newPassword);
  await page.getByLabel(t('forms.fields.confirmNewPassword'), { exact: true }).fill('pas-pareil');
  await page.getByRole('button', { name: t('account.reset.submit') }).click();
  await expect(page.getByText(t('forms.errors.mismatch'))).toBeVisible();
  await page.getByLabel(t('forms.fields.confirmNewPassword'), { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: t('account.reset.submit') }).click();
  await expect(page.getByRole('status').filter({ hasText: t('account.reset.done') })).toBeVisible();

  // The link works once: opened again, it says so at once (no form to fill in vain) and leads to a new one.
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole('alert').filter({ hasText: t('account.reset.invalid') })).toBeVisible();
  await expect(page.getByLabel(t('forms.fields.newPassword'), { exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: t('account.reset.requestNew') }).click();

  await expect(page).toHaveURL(atPath(pathOf(info, 'login')));
  await expect(page.getByRole('heading', { name: t('account.forgot.title') })).toBeVisible();
  await expect(page.getByLabel(t('forms.fields.email'), { exact: true })).toBeEditable();
  await page.getByRole('button', { name: t('account.forgot.back') }).click();
  await logIn(page, info, shopper.email, newPassword);
  await expectAccountMenu(page, info);
});

test('guards: private pages send anonymous visitors to login and back, login sends customers on', async ({ page, request }, info) => {
  const t = textsOf(info);
  const shopper = await createCustomer(request, info);
  const addresses = pathOf(info, 'addresses');

  await page.goto(pathOf(info, 'accountWelcome'));
  await expect(page).toHaveURL(atPath(pathOf(info, 'home')));

  await page.goto(addresses);
  await expect(page).toHaveURL(
    new RegExp(`${escapeRegExp(pathOf(info, 'login'))}\\?redirect=${escapeRegExp(encodeURIComponent(addresses))}$`),
  );
  await logIn(page, info, shopper.email, shopper.password);
  await expect(page).toHaveURL(atPath(addresses));
  await expect(page.getByRole('button', { name: t('account.addresses.add') })).toBeVisible();

  // Logged in, the anonymous-only pages send the customer to the account.
  await page.goto(pathOf(info, 'login'));
  await expectAccountMenu(page, info);
  await page.goto(pathOf(info, 'register'));
  await expectAccountMenu(page, info);
});
