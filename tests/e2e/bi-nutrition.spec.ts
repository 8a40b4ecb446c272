/**
 * The bi-nutrition guides for a cat (kibble plus wet food), on the FR and BE sites: the full guide from the
 * cat's profile through Meals (a kitten's kibble and a dog's refused in words, at that step), Selection
 * (at most three wet recipes), Ration and the results with the whole menu added to the cart in one click;
 * the mini guide (the engine picks the kibble) surviving a reload; refused profiles (overweight, a
 * pathology needing a vet, a dog's path) and the technical error when the service fails. Phone first
 * (390 × 844): nothing wider than the screen, the step's action visible; axe on each screen.
 */
import type { Page, TestInfo } from '@playwright/test';
import { DELIVERY_FREQUENCIES, STORAGE_KEYS } from '../../src/lib/constants.ts';
import { BI_NUTRITION_MESSAGES } from '../../src/lib/nutrition/bi-nutrition.ts';
import {
  atPath,
  createCustomer,
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
import { catOfCustomer } from './bi-nutrition-helpers.ts';

/** A cat (or dog) of a new signed-in customer. */
async function customerWithPet(
  page: Page,
  info: TestInfo,
  pet: { species?: 'cat' | 'dog'; condition?: number; feature?: string; ageMonths?: number } = {},
): Promise<string> {
  const session = await signInThroughApi(page, info, await createCustomer(page.request, info));
  return String(await catOfCustomer(page.request, PLATFORM, localeOf(info), session.token, pet));
}

async function expectPhoneFit(page: Page, action: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await expect(page.getByRole('button', { name: action })).toBeInViewport();
}

const stepTitle = (page: Page, info: TestInfo, step: string) =>
  page.getByRole('heading', { level: 2, name: textsOf(info)(`biNutrition.steps.${step}`) });

test.use({ viewport: { width: 390, height: 844 } });

test('full guide: profile, meals (kitten and dog kibbles refused), three wet recipes at most, every day, the menu added as subscriptions', async ({
  page,
}, info) => {
  test.slow();
  const t = textsOf(info);
  const lang = languageOf(info);
  const catalogue = await productsOnSale(page, localeOf(info));
  const adult = catalogue.find((p) => p.animal === 'cat' && p.kind === 'dry' && p.filters.lifeStage === 'adult')!;
  const kitten = catalogue.find((p) => p.animal === 'cat' && p.kind === 'dry' && p.filters.lifeStage === 'kitten')!;
  const dogKibble = catalogue.find((p) => p.animal === 'dog' && p.kind === 'dry')!;
  const cat = await customerWithPet(page, info);
  await page.goto(pathOf(info, 'biNutritionGuide', { animal: cat }));

  // Profile: the saved cat's answers, saved back.
  await expect(stepTitle(page, info, 'profile')).toBeVisible();
  await expect(page.getByLabel(t('pets.fields.weight'))).toHaveValue(/^4/);
  await expectNoSeriousViolation(page, 'bi-nutrition profile');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: t('biNutrition.actions.next') }).click();

  // Meals: a kitten's kibble for an adult, then a dog's kibble, each refused at this step.
  await expect(stepTitle(page, info, 'meals')).toBeVisible();
  await expectPhoneFit(page, t('biNutrition.actions.next'));
  const next = page.getByRole('button', { name: t('biNutrition.actions.next') });
  await page.getByRole('radio', { name: kitten.name }).check();
  await next.click();
  // Said where the shopper looks: the action was tapped at the bottom of a long list.
  await expect(page.getByRole('alert').filter({ hasText: BI_NUTRITION_MESSAGES[lang].kittenKibbleForAdult })).toBeInViewport();
  await page.getByRole('radio', { name: dogKibble.name }).check();
  await next.click();
  // Said where the shopper looks: the action was tapped at the bottom of a long list.
  await expect(page.getByRole('alert').filter({ hasText: BI_NUTRITION_MESSAGES[lang].dogKibble })).toBeInViewport();
  await expectNoSeriousViolation(page, 'bi-nutrition meals refused');
  await page.getByRole('radio', { name: adult.name }).check();
  await next.click();

  // Selection: at most three; the others wait disabled, the limit said.
  await expect(stepTitle(page, info, 'selection')).toBeVisible();
  const boxes = page.getByRole('checkbox');
  await expect(boxes.first()).toBeVisible();
  // The fixtures offer this cat more than three recipes, so the limit is reached.
  const count = await boxes.count();
  expect(count, 'recipes offered').toBeGreaterThan(3);
  for (let i = 0; i < 3; i++) await boxes.nth(i).check();
  await expect(boxes.nth(3)).toBeDisabled();
  await expect(page.getByText(t('biNutrition.selection.full', { max: 3 }))).toBeVisible();
  await expectNoSeriousViolation(page, 'bi-nutrition selection');
  await next.click();

  // Ration: three times a week shows the wet days and the other days; every day, one day type.
  await expect(stepTitle(page, info, 'ration')).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: t('biNutrition.menu.otherDays', { days: 4 }) })).toBeVisible();
  await page.getByRole('radio', { name: t('biNutrition.ration.daily') }).check();
  await expect(page.getByRole('heading', { level: 3, name: t('biNutrition.menu.everyDay') })).toBeVisible();
  await expect(page.locator('.bi-day li')).toHaveCount(1 + 3);
  await page.getByRole('button', { name: t('biNutrition.actions.results') }).click();

  // Results: the menu, explained, added as subscriptions in one click.
  await expect(page).toHaveURL(atPath(pathOf(info, 'biNutritionResults', { animal: cat })));
  await expect(page.getByRole('heading', { level: 2, name: t('biNutrition.result.title', { name: 'Minou' }) })).toBeVisible();
  await expect(page.locator('.bi-day').first()).toContainText(adult.name);
  await expectNoSeriousViolation(page, 'bi-nutrition results');
  await page.getByRole('button', { name: new RegExp(t('biNutrition.result.subscribe')) }).click();
  await expect(page.getByText(t('biNutrition.result.added'))).toBeVisible();
  // The whole menu is in the cart the page keeps, each food a subscription at its fitted frequency.
  const [token, bearer] = await page.evaluate(
    (keys) => [localStorage.getItem(keys.cartToken), localStorage.getItem(keys.token)],
    STORAGE_KEYS,
  );
  const cart = await page.request.get(`${PLATFORM}/api/v2/shop/orders/${token}`, { headers: { Authorization: `Bearer ${bearer}` } });
  expect(cart.status(), await cart.text()).toBe(200);
  const items = ((await cart.json()) as { items: Array<{ variantCode: string; subscriptionInterval: number }> }).items;
  expect(items).toHaveLength(1 + Math.min(3, count));
  for (const item of items) expect(DELIVERY_FREQUENCIES.map((f) => f.days)).toContain(item.subscriptionInterval);
});

test('mini guide: the engine picks the kibble; the step survives a reload; three times a week', async ({ page }, info) => {
  const t = textsOf(info);
  const cat = await customerWithPet(page, info);
  await page.goto(pathOf(info, 'miniBiNutritionGuide', { animal: cat }));
  await expect(page.getByText(t('biNutrition.steps.progress', { current: 1, total: 4 }))).toBeVisible();
  await page.getByRole('button', { name: t('biNutrition.actions.next') }).click();
  await expect(stepTitle(page, info, 'selection')).toBeVisible();
  await page.getByRole('checkbox').first().check();
  await page.getByRole('button', { name: t('biNutrition.actions.next') }).click();
  await expect(stepTitle(page, info, 'ration')).toBeVisible();
  await page.reload();
  await expect(stepTitle(page, info, 'ration')).toBeVisible();
  await expect(page.getByRole('radio', { name: t('biNutrition.ration.three') })).toBeChecked();
  await expect(page.getByRole('heading', { level: 3, name: t('biNutrition.menu.wetDays', { days: 3 }) })).toBeVisible();
  await expectPhoneFit(page, t('biNutrition.actions.results'));
  await page.getByRole('button', { name: t('biNutrition.actions.results') }).click();
  await expect(page).toHaveURL(atPath(pathOf(info, 'miniBiNutritionResults', { animal: cat })));
  await expect(page.locator('.bi-day')).toHaveCount(2);
  await expect(page.getByRole('button', { name: new RegExp(t('biNutrition.result.buyOnce')) })).toBeVisible();
});

test('an overweight cat and one with a pathology needing a vet: each refused at the profile with the vet’s advice, no menu', async ({
  page,
}, info) => {
  const t = textsOf(info);
  // One customer with both cats: the refusals are two states of the same page.
  const session = await signInThroughApi(page, info, await createCustomer(page.request, info));
  for (const [pet, reason] of [
    [{ condition: 4 }, 'overweight'],
    [{ feature: 'kidney-disease' }, 'pathology'],
  ] as const) {
    const cat = String(await catOfCustomer(page.request, PLATFORM, localeOf(info), session.token, pet));
    await page.goto(pathOf(info, 'biNutritionGuide', { animal: cat }));
    await page.getByRole('button', { name: t('biNutrition.actions.next') }).click();
    const alert = page.locator(`[data-reason="${reason}"]`);
    await expect(alert).toContainText(BI_NUTRITION_MESSAGES[languageOf(info)][reason]);
    await expect(alert).toContainText(t('biNutrition.result.vet'));
    await expect(stepTitle(page, info, 'profile')).toBeVisible();
    await expectNoSeriousViolation(page, `bi-nutrition ${reason}`);
  }
});

test('a dog’s path: the dogType error and a way back to the pets', async ({ page }, info) => {
  const t = textsOf(info);
  const dog = await customerWithPet(page, info, { species: 'dog' });
  await page.goto(pathOf(info, 'miniBiNutritionGuide', { animal: dog }));
  await expect(page.getByRole('alert')).toContainText(BI_NUTRITION_MESSAGES[languageOf(info)].dogType);
  await expect(page.getByRole('link', { name: t('biNutrition.actions.pets') })).toHaveAttribute('href', pathOf(info, 'animals'));
});

test('the service failing: the technical error, in the shop’s words', async ({ page }, info) => {
  const t = textsOf(info);
  const cat = await customerWithPet(page, info);
  await page.route('**/b2c-recommendation/getReco**', (route) => route.fulfill({ status: 503, body: 'down' }));
  await page.goto(pathOf(info, 'miniBiNutritionGuide', { animal: cat }));
  await page.getByRole('button', { name: t('biNutrition.actions.next') }).click();
  await expect(page.getByText(BI_NUTRITION_MESSAGES[languageOf(info)].technical)).toBeVisible();
});

test('the pets list and a cat’s page lead to its bi-nutrition guide; a dog’s do not', async ({ page }, info) => {
  const t = textsOf(info);
  const session = await signInThroughApi(page, info, await createCustomer(page.request, info));
  const cat = String(await catOfCustomer(page.request, PLATFORM, localeOf(info), session.token));
  const dog = String(await catOfCustomer(page.request, PLATFORM, localeOf(info), session.token, { species: 'dog' }));
  // The pets list: one link, the cat's.
  await page.goto(pathOf(info, 'animals'));
  await expect(page.getByRole('link', { name: t('biNutrition.link') })).toHaveAttribute(
    'href',
    pathOf(info, 'biNutritionGuide', { animal: cat }),
  );
  await page.goto(pathOf(info, 'animal', { animal: cat }));
  await expect(page.getByRole('link', { name: t('biNutrition.link') })).toHaveAttribute(
    'href',
    pathOf(info, 'biNutritionGuide', { animal: cat }),
  );
  await page.goto(pathOf(info, 'animal', { animal: dog }));
  await expect(page.getByRole('heading', { level: 2, name: 'Rex' })).toBeVisible();
  await expect(page.getByRole('link', { name: t('biNutrition.link') })).toHaveCount(0);
});

// The entrance without a cat asking for one: calculator.spec.ts (the nutrition guides' entrance).
test('a link to a cat that is not the shopper’s: the guide and its results say so and lead to the guide’s entrance; the results without the guide’s answers lead back to the guide', async ({
  page,
}, info) => {
  const t = textsOf(info);
  const cat = await customerWithPet(page, info);
  const entrances = [
    ['biNutritionGuide', 'nutritionGuideFull'],
    ['miniBiNutritionResults', 'nutritionGuideShort'],
  ] as const;
  for (const [route, entrance] of entrances) {
    await page.goto(pathOf(info, route, { animal: '999999999' }));
    await expect(page.getByText(t('pets.view.missing'))).toBeVisible();
    await expect(page.getByRole('link', { name: t('guide.actions.chooseAnimal') })).toHaveAttribute('href', pathOf(info, entrance));
  }
  // The shopper's own cat, whose guide was never answered.
  await page.goto(pathOf(info, 'miniBiNutritionResults', { animal: cat }));
  await expect(page.getByText(t('biNutrition.result.missing'))).toBeVisible();
  await expect(page.getByRole('link', { name: t('biNutrition.actions.restart') })).toHaveAttribute(
    'href',
    pathOf(info, 'miniBiNutritionGuide', { animal: cat }),
  );
});

test('a kitten: adult kibble refused at the Meals step, kitten kibble accepted', async ({ page }, info) => {
  const t = textsOf(info);
  const catalogue = await productsOnSale(page, localeOf(info));
  const adult = catalogue.find((p) => p.animal === 'cat' && p.kind === 'dry' && p.filters.lifeStage === 'adult')!;
  const kitten = catalogue.find((p) => p.animal === 'cat' && p.kind === 'dry' && p.filters.lifeStage === 'kitten')!;
  const cat = await customerWithPet(page, info, { ageMonths: 5 });
  await page.goto(pathOf(info, 'biNutritionGuide', { animal: cat }));
  const next = page.getByRole('button', { name: t('biNutrition.actions.next') });
  await next.click();
  await expect(stepTitle(page, info, 'meals')).toBeVisible();
  await page.getByRole('radio', { name: adult.name }).check();
  await next.click();
  await expect(page.locator('[data-reason="adultKibbleForKitten"]')).toContainText(
    BI_NUTRITION_MESSAGES[languageOf(info)].adultKibbleForKitten,
  );
  // The way forward: another kibble, the list's first choice focused.
  await page.getByRole('button', { name: t('biNutrition.actions.otherKibble') }).click();
  await expect(page.locator('.bi-choices input').first()).toBeFocused();
  await page.getByRole('radio', { name: kitten.name }).check();
  await next.click();
  await expect(stepTitle(page, info, 'selection')).toBeVisible();
});
