/**
 * The kibble guide, in French on the FR site and in Dutch on the BE site: an anonymous shopper goes through
 * Profile, Shape (a 14 kg cat refused in words; the answers survive a reload) and Diet, reads the
 * recommendations, adds the subscription at the fitted frequency in one click, signs in and finds the pet
 * in their account; a pet with a pathology needing a vet reads that it is not eligible. Axe on each step,
 * phone first at 390 × 844 (the step's main action visible, nothing wider than the screen).
 */
import type { Page, TestInfo } from '@playwright/test';
import { intervalText } from '../../src/lib/catalogue/frequencies.ts';
import { CAT_WEIGHT_KG, DELIVERY_FREQUENCIES, STORAGE_KEYS } from '../../src/lib/constants.ts';
import { NUTRITION_MESSAGES } from '../../src/lib/nutrition/requests.ts';
import { GENDER_NAMES, SPECIES_NAMES } from '../../src/lib/pets/labels.ts';
import {
  atPath,
  createCustomer,
  expect,
  expectNoSeriousViolation,
  homeOf,
  languageOf,
  logIn,
  pathOf,
  PLATFORM,
  test,
  textsOf,
} from './helpers.ts';

/** The step's main action is on the screen and nothing is wider than it. */
async function expectPhoneFit(page: Page, action: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await expect(page.getByRole('button', { name: action })).toBeInViewport();
}

async function fillProfile(page: Page, info: TestInfo, species: 'cat' | 'dog', name: string) {
  const t = textsOf(info);
  const lang = languageOf(info);
  const form = page.locator('form');
  await form.getByRole('radio', { name: SPECIES_NAMES[lang][species] }).check();
  await form.getByLabel(t('pets.fields.name')).fill(name);
  await form.getByRole('radio', { name: GENDER_NAMES[lang].female }).check();
  const breed = form.getByLabel(t('pets.fields.breed'));
  await expect(breed.locator('option')).not.toHaveCount(1);
  await breed.selectOption({ index: 1 });
  await form.locator('input[type="date"]').fill('2021-03-01');
}

async function fillShape(page: Page, info: TestInfo, weight: string) {
  const t = textsOf(info);
  const form = page.locator('form');
  await form.getByLabel(t('pets.fields.weight')).fill(weight);
  await form
    .getByRole('group', { name: t('pets.fields.sterilized') })
    .getByRole('radio', { name: t('pets.yesNo.yes') })
    .check();
  await form.getByLabel(t('pets.fields.condition')).selectOption({ index: 3 });
  await form.getByLabel(t('pets.fields.activity')).selectOption({ index: 2 });
}

async function fillDiet(page: Page, info: TestInfo, feature: string | null) {
  const t = textsOf(info);
  const form = page.locator('form');
  await form
    .getByRole('group', { name: t('pets.fields.hasFeature') })
    .getByRole('radio', { name: t(feature ? 'pets.yesNo.yes' : 'pets.yesNo.no') })
    .check();
  if (feature) await form.getByLabel(t('pets.fields.feature')).selectOption(feature);
  await form.getByRole('checkbox', { name: t('pets.feeds.kibble') }).check();
  await form.getByLabel(t('pets.fields.kibbleBrand')).fill('Croquettes du coin');
}

const progress = (info: TestInfo, current: number) => textsOf(info)('guide.steps.progress', { current, total: 4 });

test('anonymous kibble guide → results → subscription at the fitted frequency → sign in → the pet is in the account', async ({
  page,
}, info) => {
  // The whole journey, with axe on four screens and a sign-in: longer than one screen's test.
  test.slow();
  const t = textsOf(info);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(pathOf(info, 'kibbleGuide'));

  // Profile.
  await expect(page.getByText(progress(info, 1))).toBeVisible();
  await expectPhoneFit(page, t('guide.actions.next'));
  await page.getByRole('button', { name: t('guide.actions.next') }).click();
  await expect(page.getByText(t('forms.errors.required')).first()).toBeVisible();
  await expectNoSeriousViolation(page, 'profile step with errors');
  await fillProfile(page, info, 'cat', 'Caramel');
  await page.getByRole('button', { name: t('guide.actions.next') }).click();

  // Shape: a 14 kg cat is refused in words; what was typed survives a reload.
  await expect(page.getByText(progress(info, 2))).toBeVisible();
  await fillShape(page, info, '14');
  await page.getByRole('button', { name: t('guide.actions.next') }).click();
  await expect(page.getByText(t('forms.errors.weight_range', { ...CAT_WEIGHT_KG }))).toBeVisible();
  await expectNoSeriousViolation(page, 'shape step with errors');
  await page.getByLabel(t('pets.fields.weight')).fill('4,5');
  await page.reload();
  await expect(page.getByText(progress(info, 2))).toBeVisible();
  await expect(page.getByLabel(t('pets.fields.weight'))).toHaveValue('4,5');
  await expectPhoneFit(page, t('guide.actions.next'));
  // Back keeps the profile's answers.
  await page.getByRole('button', { name: t('guide.actions.back') }).click();
  await expect(page.getByLabel(t('pets.fields.name'))).toHaveValue('Caramel');
  await page.getByRole('button', { name: t('guide.actions.next') }).click();
  await page.getByRole('button', { name: t('guide.actions.next') }).click();

  // Diet.
  await expect(page.getByText(progress(info, 3))).toBeVisible();
  await page.getByRole('button', { name: t('guide.actions.results') }).click();
  await expect(page.getByText(t('forms.errors.min_values'))).toBeVisible();
  await fillDiet(page, info, null);
  await expectNoSeriousViolation(page, 'diet step');
  await page.getByRole('button', { name: t('guide.actions.results') }).click();

  // Results: recipes, each with its ration, explanation and fitted frequency.
  await expect(page).toHaveURL(/\/\d+\/(recommandations|aanbevelingen)\/$/);
  await expect(page.getByRole('heading', { name: t('guide.result.title', { name: 'Caramel' }) })).toBeVisible();
  const recipes = page.locator('.guide-recipe');
  await expect(recipes.first()).toBeVisible();
  expect(await recipes.count()).toBeLessThanOrEqual(3);
  await expect(
    recipes
      .first()
      .getByText(/\d+\s*g/)
      .first(),
  ).toBeVisible();
  await expectNoSeriousViolation(page, 'results');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1366, height: 900 });

  // The first button of a recipe subscribes; its name says the frequency (typography aside: NBSP before the colon).
  const subscribe = recipes.first().getByRole('button').first();
  const label = (await subscribe.textContent()) ?? '';
  await subscribe.click();
  // The line is in the cart the page keeps (its token in the browser), read back from the shop API.
  const cartItems = async () => {
    const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.cartToken);
    if (!token) return [];
    const response = await page.request.get(`${PLATFORM}/api/v2/shop/orders/${token}`);
    return ((await response.json()) as { items?: Array<{ subscriptionInterval: number }> }).items ?? [];
  };
  await expect.poll(async () => (await cartItems()).length).toBe(1);
  const cart = { items: await cartItems() };
  const interval = cart.items[0]!.subscriptionInterval;
  const fitted = DELIVERY_FREQUENCIES.find((f) => f.days === interval);
  expect(fitted).toBeTruthy();
  // The button said the frequency the line was added at.
  expect(label).toContain(intervalText(languageOf(info), fitted!.days).toLocaleLowerCase());

  // Signing in makes the guest's pet the customer's.
  const shopper = await createCustomer(page.request, info);
  await page.goto(pathOf(info, 'login'));
  await logIn(page, info, shopper.email, shopper.password);
  await expect(page).not.toHaveURL(atPath(pathOf(info, 'login')));
  // At sign-in itself, before any pets screen is opened: the shop API lists the pet as the customer's.
  const owned = await page.evaluate(
    async ([platform, keys]) => {
      const token = localStorage.getItem(keys.token);
      const response = await fetch(`${platform}/api/v2/shop/animals`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await response.json()) as { 'hydra:member': Array<{ name: string }> };
      return { names: body['hydra:member'].map((a) => a.name), guest: localStorage.getItem(keys.guestAnimals) };
    },
    [PLATFORM, STORAGE_KEYS] as const,
  );
  expect(owned).toEqual({ names: ['Caramel'], guest: null });
  await page.goto(pathOf(info, 'animals'));
  await expect(page.getByRole('heading', { name: 'Caramel' })).toBeVisible();
});

test('a pet whose pathology needs a vet is not eligible; a failing service reads the technical error', async ({ page }, info) => {
  const t = textsOf(info);
  await page.goto(pathOf(info, 'kibbleGuide'));
  await fillProfile(page, info, 'dog', 'Rex');
  await page.getByRole('button', { name: t('guide.actions.next') }).click();
  await fillShape(page, info, '18');
  await page.getByRole('button', { name: t('guide.actions.next') }).click();
  await fillDiet(page, info, 'kidney-disease');
  await page.getByRole('button', { name: t('guide.actions.results') }).click();
  await expect(page.getByText(NUTRITION_MESSAGES[languageOf(info)].notEligible)).toBeVisible();
  await expect(page.locator('.guide-recipe')).toHaveCount(0);
  await expectNoSeriousViolation(page, 'not eligible');

  // The content service failing: the technical error, word for word.
  await page.route('**/b2c-recommendation/getReco**', (route) => route.fulfill({ status: 503, body: '' }));
  await page.reload();
  await expect(page.getByText(NUTRITION_MESSAGES[languageOf(info)].technicalError)).toBeVisible();
  await page.unroute('**/b2c-recommendation/getReco**');

  // The entrance now offers this pet or a new one.
  await page.goto(pathOf(info, 'kibbleGuide'));
  await expect(page.getByRole('link', { name: t('guide.entrance.choose', { name: 'Rex' }) })).toBeVisible();
  await expect(page.getByRole('link', { name: t('guide.entrance.new') })).toBeVisible();
  await expectNoSeriousViolation(page, 'entrance');
});

test('a link to a pet that is not the shopper’s (a stale or shared link): the guide says so and leads to choosing one', async ({
  page,
}, info) => {
  const t = textsOf(info);
  for (const route of ['kibbleGuideAnimal', 'kibbleGuideResults'] as const) {
    await page.goto(pathOf(info, route, { animal: '424242' }));
    await expect(page.getByText(t('pets.view.missing'))).toBeVisible();
    await expect(page.getByRole('link', { name: t('guide.actions.chooseAnimal') })).toHaveAttribute('href', pathOf(info, 'kibbleGuide'));
  }
  await expectNoSeriousViolation(page, 'a missing pet');
});

test('the kibble guide is published: indexable, in the sitemap, and the home’s “Lancer le guide” leads to it', async ({
  page,
  request,
}, info) => {
  const t = textsOf(info);
  const guide = pathOf(info, 'kibbleGuide');
  const sitemap = await (await request.get(`/sitemap-${languageOf(info) === 'nl' ? 'nl_BE' : 'fr_FR'}.xml`)).text();
  expect(sitemap).toContain(`${guide}<`);
  await page.goto(homeOf(info));
  await page
    .locator('main')
    .getByRole('link', { name: t('pages.home.guideLink') })
    .click();
  await expect(page).toHaveURL(atPath(guide));
  await expect(page.locator('meta[name="robots"][content*="noindex"]')).toHaveCount(0);
  await expect(page.getByText(progress(info, 1))).toBeVisible();
});
