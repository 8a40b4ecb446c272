/**
 * The product page's ration and delivery-frequency calculator, in French on the FR site and in Dutch on the
 * BE site: closed, its code is not fetched; opened, a bad weight or age is refused in words, a weight and an
 * age answer the daily ration and each format's frequency, and "choose this frequency" sets the purchase
 * form. The answer's place holds it (nothing below moves); axe finds nothing serious. Treats have none.
 */
import type { Page } from '@playwright/test';
import { channelOf } from '../../src/lib/channels.ts';
import { NUTRITION_MESSAGES } from '../../src/lib/nutrition/requests.ts';
import {
  type CatalogueProduct,
  createCustomer,
  escapeRegExp,
  expect,
  expectNoSeriousViolation,
  languageOf,
  localeOf,
  PLATFORM,
  pathOf,
  productsOnSale,
  signInThroughApi,
  test,
  textsOf,
} from './helpers.ts';
import { purchaseFormReady } from './page-checks.ts';

const subscribable = (p: CatalogueProduct) => p.ProductVariants.some((v) => v.show_variant && v.in_stock && v.base_price_subscription);

test('the ration calculator loads when opened, refuses bad input in words, answers the ration and sets the frequency', async ({
  page,
}, info) => {
  const t = textsOf(info);
  const locale = localeOf(info);
  const dryDog = (await productsOnSale(page, locale)).find((p) => p.animal === 'dog' && p.kind === 'dry' && subscribable(p))!;
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(pathOf(info, 'product', { product: dryDog.slug }));
  await purchaseFormReady(page);
  await page.waitForLoadState('networkidle');

  // Closed: neither its code nor its call has been asked for.
  const calculator = page.locator('[data-island="ration-calculator"]');
  expect(requested.filter((url) => /RationCalculator|calculators|b2c-rations/.test(url))).toEqual([]);
  await calculator.locator('summary').click();
  await calculator.locator('astro-island:not([ssr]) [data-ration-form]').waitFor();
  expect(requested.some((url) => /RationCalculatorIsland/.test(url))).toBe(true);

  // Refused in words, next to their fields.
  const weight = calculator.getByLabel(t('calculator.ration.weight'));
  const years = calculator.getByLabel(t('calculator.ration.years'));
  const submit = calculator.getByRole('button', { name: t('calculator.ration.submit') });
  await submit.click();
  await expect(calculator.getByText(t('calculator.ration.errors.weight.required'))).toBeVisible();
  await expect(calculator.getByText(t('calculator.ration.errors.age.required'))).toBeVisible();
  await weight.fill('150');
  await years.fill('3');
  await submit.click();
  await expect(calculator.getByText(t('calculator.ration.errors.weight.dogMax'))).toBeVisible();
  await expect(weight).toHaveAttribute('aria-invalid', 'true');
  await expect(calculator.getByText(t('calculator.ration.errors.age.required'))).toHaveCount(0);

  // A 15 kg adult dog: 838 kcal a day (FEDIAF, moderate activity), in grams of this food, and a frequency per format.
  await weight.fill('15');
  const result = calculator.locator('[data-ration-result]');
  const reservedHeight = (await result.boundingBox())!.height;
  const reviews = page.locator('#reviews');
  const reviewsTop = await reviews.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  await submit.click();
  await expect(result.getByText(/838/)).toBeVisible();
  const perDay = t('calculator.ration.perDay', { grams: 'GRAMS' }).split('GRAMS').map(escapeRegExp).join('\\d+');
  await expect(result.locator('.ration-grams strong')).toHaveText(new RegExp(`^${perDay}$`));
  await expect(result.locator('[data-choose-frequency]').first()).toBeVisible();
  // The answer fits the place kept for it: nothing below moved.
  expect((await result.boundingBox())!.height).toBe(reservedHeight);
  expect(await reviews.evaluate((el) => el.getBoundingClientRect().top + window.scrollY)).toBe(reviewsTop);
  await expectNoSeriousViolation(page, 'ration calculator with its answer');

  // "Choose this frequency" for the format on screen: its page opens again with that frequency (and as many
  // bags as it takes) in the purchase form.
  const current = await page.locator('[data-formats] a[aria-current="true"]').getAttribute('data-variant');
  const format = result.locator(`li[data-format="${current}"]`);
  const frequency = format.locator('[data-frequency]');
  const days = (await frequency.getAttribute('data-frequency'))!;
  const quantity = (await frequency.getAttribute('data-quantity'))!;
  await format.locator('[data-choose-frequency]').click();
  await expect(page).toHaveURL(new RegExp(`[?&]interval=${days}(?:&|$)`));
  await purchaseFormReady(page);
  const purchase = page.locator('astro-island:not([ssr]) [data-purchase]');
  await expect(purchase.locator('select[name="interval"]')).toHaveValue(days);
  await expect(purchase.locator('input[name="quantity"]')).toHaveValue(quantity);
});

test('on a wide screen too, the answer fits the place kept for it', async ({ page }, info) => {
  const t = textsOf(info);
  // A growth food: an adult one answers a puppy with no ration (tests/components/ration-calculator.test.tsx).
  const dryDog = (await productsOnSale(page, localeOf(info))).find(
    (p) => p.animal === 'dog' && p.kind === 'dry' && p.filters.lifeStage === 'puppy' && subscribable(p),
  )!;
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(pathOf(info, 'product', { product: dryDog.slug }));
  const calculator = page.locator('[data-island="ration-calculator"]');
  await calculator.locator('summary').click();
  await calculator.locator('astro-island:not([ssr]) [data-ration-form]').waitFor();
  // A puppy of 4 months: three meals, the longest sentence (growth).
  await calculator.getByLabel(t('calculator.ration.weight')).fill('8');
  await calculator.getByLabel(t('calculator.ration.months')).fill('4');
  const result = calculator.locator('[data-ration-result]');
  const reserved = (await result.boundingBox())!.height;
  await calculator.getByRole('button', { name: t('calculator.ration.submit') }).click();
  await expect(result.locator('[data-choose-frequency]').first()).toBeVisible();
  expect((await result.boundingBox())!.height).toBe(reserved);
});

test('the calculator says in words when there is no ration, and when the service cannot be reached', async ({ page }, info) => {
  const t = textsOf(info);
  const dryCat = (await productsOnSale(page, localeOf(info))).find((p) => p.animal === 'cat' && p.kind === 'dry')!;
  let answer = { status: 404, body: { data: null, error: { status: 404, name: 'NotFoundError', message: 'none', details: {} } } };
  await page.route('**/b2c-rations/getReco?*', (route) =>
    route.fulfill({
      status: answer.status,
      contentType: 'application/json',
      // A cross-origin answer the page may read, as the content service's own.
      headers: { 'access-control-allow-origin': '*' },
      body: JSON.stringify(answer.body),
    }),
  );
  await page.goto(pathOf(info, 'product', { product: dryCat.slug }));
  const calculator = page.locator('[data-island="ration-calculator"]');
  await expect(calculator.locator('summary')).toHaveText(t('calculator.ration.title.cat'));
  await calculator.locator('summary').click();
  await calculator.locator('astro-island:not([ssr]) [data-ration-form]').waitFor();
  // A cat weighs 1 to 13 kg.
  await calculator.getByLabel(t('calculator.ration.weight')).fill('14');
  await calculator.getByLabel(t('calculator.ration.months')).fill('8');
  const submit = calculator.getByRole('button', { name: t('calculator.ration.submit') });
  await submit.click();
  await expect(calculator.getByText(t('calculator.ration.errors.weight.catRange'))).toBeVisible();
  await calculator.getByLabel(t('calculator.ration.weight')).fill('3,5');
  await submit.click();
  await expect(calculator.getByText(NUTRITION_MESSAGES[languageOf(info)].rationNoResult)).toBeVisible();
  answer = { status: 503, body: answer.body };
  await submit.click();
  await expect(calculator.getByText(t('calculator.ration.errors.network'))).toBeVisible();
});

test('no ration calculator on a treat: its table is a daily maximum', async ({ page }, info) => {
  const treat = (await productsOnSale(page, localeOf(info))).find((p) => p.kind === 'treat')!;
  await page.goto(pathOf(info, 'product', { product: treat.slug }));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[data-island="ration-calculator"]')).toHaveCount(0);
  await expect(page.getByText(textsOf(info)('calculator.ration.title.dog'))).toHaveCount(0);
});

/** A pet of the signed-in customer, through the shop API (a cat of 4 kg, or a dog). */
async function addPet(page: Page, locale: ReturnType<typeof localeOf>, token: string, species: 'dog' | 'cat', name: string) {
  const res = await page.request.post(`${PLATFORM}/api/v2/shop/animals?channelCode=${channelOf(locale).code}&locale=${locale}`, {
    headers: { 'Content-Type': 'application/ld+json', Accept: 'application/ld+json', Authorization: `Bearer ${token}` },
    data: {
      type: `/api/v2/shop/animal-types/${species === 'dog' ? 1 : 2}`,
      gender: '/api/v2/shop/animal-genders/2',
      name,
      breed: `/api/v2/shop/animal-breeds/${species === 'dog' ? 1 : 101}`,
      crossbreed: false,
      birthday: null,
      ageYears: 3,
      ageMonths: 0,
      weight: species === 'dog' ? 20 : 4,
      sterilized: true,
      condition: '/api/v2/shop/animal-body-conditions/3',
      activity: '/api/v2/shop/animal-activities/2',
      hasFeature: false,
      feeds: ['kibble'],
      kibbleBrand: 'Une autre marque',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

test('the nutrition guides’ entrance: without a cat it asks to create one, a cat leads to its guide', async ({ page }, info) => {
  const t = textsOf(info);
  const locale = localeOf(info);
  // Anonymous, no pet: create the cat's profile first.
  await page.goto(pathOf(info, 'nutritionGuideFull'));
  const entry = page.locator('[data-nutrition-entry="full"]');
  await expect(entry.getByText(t('calculator.nutritionGuide.noCat'))).toBeVisible();
  await expect(entry.getByRole('link', { name: t('calculator.nutritionGuide.createCat') })).toHaveAttribute(
    'href',
    pathOf(info, 'animalAdd'),
  );
  // axe on this entrance as it first comes: page-types.spec.ts (nutritionGuideEntrance).

  // A customer with a dog only: a dog has no cat menu.
  const session = await signInThroughApi(page, info, await createCustomer(page.request, info));
  await addPet(page, locale, session.token, 'dog', 'Rex');
  await page.goto(pathOf(info, 'nutritionGuideShort'));
  const short = page.locator('[data-nutrition-entry="short"]');
  await expect(short.getByText(t('calculator.nutritionGuide.noCat'))).toBeVisible();
  await expect(short.getByRole('link', { name: t('calculator.nutritionGuide.start', { name: 'Rex' }) })).toHaveCount(0);

  // With a cat: each entrance leads to its guide for that cat.
  const minou = String(await addPet(page, locale, session.token, 'cat', 'Minou'));
  await page.reload();
  await expect(short.getByRole('link', { name: t('calculator.nutritionGuide.start', { name: 'Minou' }) })).toHaveAttribute(
    'href',
    pathOf(info, 'miniBiNutritionGuide', { animal: minou }),
  );
  await page.goto(pathOf(info, 'nutritionGuideFull'));
  await expect(entry.getByRole('link', { name: t('calculator.nutritionGuide.start', { name: 'Minou' }) })).toHaveAttribute(
    'href',
    pathOf(info, 'biNutritionGuide', { animal: minou }),
  );
  // Another cat of the household starts from its profile.
  await expect(entry.getByRole('link', { name: t('calculator.nutritionGuide.anotherCat') })).toHaveAttribute(
    'href',
    pathOf(info, 'animalAdd'),
  );
  await expectNoSeriousViolation(page, 'nutrition guide entrance with a cat');
});
