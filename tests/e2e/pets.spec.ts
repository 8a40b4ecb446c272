/**
 * The account's pets, in French on the FR site and in Dutch on the BE site: adding a cat with a photo
 * (imported, then rotated), the form's refusals in words (a 14 kg cat, no feed), the pet's page, editing
 * it, deleting it after the reason question; axe on the list, the form and the pet's page.
 */
import sharp from 'sharp';
import { activityLabel } from '../../src/lib/pets/labels.ts';
import {
  atPath,
  createCustomer,
  expect,
  expectNoSeriousViolation,
  languageOf,
  pathOf,
  signInThroughApi,
  test,
  textsOf,
} from './helpers.ts';

/** A small real picture (the media service reads what it stores). */
const png = () =>
  sharp({ create: { width: 4, height: 2, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();

test('a pet added with its photo, refused then saved, viewed, edited and deleted with a reason', async ({ page }, info) => {
  const t = textsOf(info);
  await signInThroughApi(page, info, await createCustomer(page.request, info));

  await page.goto(pathOf(info, 'animals'));
  await expect(page.getByText(t('pets.list.empty'))).toBeVisible();
  await expectNoSeriousViolation(page, 'pet list (empty)');
  await page.getByRole('link', { name: t('pets.list.add') }).click();
  await expect(page).toHaveURL(atPath(pathOf(info, 'animalAdd')));

  const form = page.locator('form');
  await form.getByRole('radio', { name: t('catalogue.animals.cat') }).check();
  await form.getByLabel(t('pets.fields.name')).fill('Minette');
  await form.getByRole('radio', { name: languageOfNames(info).female }).check();
  const breed = form.getByLabel(t('pets.fields.breed'));
  await expect(breed.locator('option')).not.toHaveCount(1);
  await breed.selectOption({ index: 1 });
  await form.locator('input[type="date"]').fill('2021-03-01');
  await form.getByLabel(t('pets.fields.weight')).fill('14');
  await form
    .getByRole('group', { name: t('pets.fields.sterilized') })
    .getByRole('radio', { name: t('pets.yesNo.yes') })
    .check();
  await form.getByLabel(t('pets.fields.condition')).selectOption({ index: 3 });
  // A cat's activity in a cat's words (a dog's speaks of walks).
  const activity = form.getByLabel(t('pets.fields.activity'));
  await activity.selectOption({ index: 1 });
  await expect(activity.locator('option:checked')).toHaveText(activityLabel(languageOf(info), 'low', 'cat'));
  await form
    .getByRole('group', { name: t('pets.fields.hasFeature') })
    .getByRole('radio', { name: t('pets.yesNo.no') })
    .check();
  await form.getByLabel(t('pets.fields.kibbleBrand')).fill('Croquettes du coin');

  // The photo: the types and size are said first; an unsupported file is refused in words.
  await expect(page.getByText(t('pets.photo.hint', { types: 'JPEG, PNG, WEBP, GIF', max: 5 }))).toBeVisible();
  const file = form.getByLabel(t('pets.photo.choose'));
  await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
  await expect(page.getByText(languageOfNames(info).unsupported)).toBeVisible();
  await file.setInputFiles({ name: 'minette.png', mimeType: 'image/png', buffer: await png() });
  const photo = form.getByRole('img', { name: t('pets.photo.alt', { name: 'Minette' }) });
  await expect(photo).toBeVisible();
  const firstUrl = await photo.getAttribute('src');
  await form.getByRole('button', { name: t('pets.photo.rotate') }).click();
  await expect(photo).not.toHaveAttribute('src', firstUrl ?? '');

  await form.getByRole('button', { name: t('pets.form.save') }).click();
  await expect(form.getByText(t('forms.errors.weight_range', { min: 1, max: 13 }))).toBeVisible();
  await expect(form.getByText(t('forms.errors.min_values'))).toBeVisible();
  await expectNoSeriousViolation(page, 'pet form with errors');
  await form.getByLabel(t('pets.fields.weight')).fill('4,5');
  await form.getByRole('checkbox', { name: t('pets.feeds.kibble') }).check();
  await form.getByRole('button', { name: t('pets.form.save') }).click();

  await expect(page.getByRole('heading', { name: 'Minette', level: 2 })).toBeVisible();
  await expect(page.getByRole('img', { name: t('pets.photo.alt', { name: 'Minette' }) })).toBeVisible();
  // Each fact under the question it answers: the activity as chosen, no particularity.
  const facts = page.locator('.pet-facts');
  await expect(facts.getByRole('definition').filter({ hasText: activityLabel(languageOf(info), 'low', 'cat') })).toHaveCount(1);
  await expect(
    facts
      .locator('div')
      .filter({ hasText: t('pets.fields.hasFeature') })
      .getByRole('definition'),
  ).toHaveText(t('pets.view.none'));
  await expectNoSeriousViolation(page, 'pet page');

  await page.getByRole('link', { name: t('pets.view.edit') }).click();
  await expect(page.getByLabel(t('pets.fields.weight'))).toHaveValue('4,5');
  await page.getByLabel(t('pets.fields.weight')).fill('5');
  await page.getByRole('button', { name: t('pets.form.save') }).click();
  await expect(page.getByText(t('pets.view.kg', { weight: '5' }), { exact: false })).toBeVisible();

  await page.getByRole('button', { name: t('pets.view.delete') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: t('pets.delete.confirm') }).click();
  // The reason is required: its error goes with its choices (not under the optional words), which take the focus.
  const reasons = dialog.getByRole('group', { name: t('pets.delete.question') });
  await expect(reasons.getByText(t('forms.errors.required'))).toBeVisible();
  await expect(reasons).toHaveAccessibleDescription(t('forms.errors.required'));
  await expect(reasons.getByRole('radio').first()).toBeFocused();
  await dialog.getByRole('radio', { name: t('pets.delete.reasons.rehomed') }).check();
  await dialog.getByRole('button', { name: t('pets.delete.confirm') }).click();
  await expect(page).toHaveURL(atPath(pathOf(info, 'animals')));
  await expect(page.getByText(t('pets.delete.deleted', { name: 'Minette' }))).toBeVisible();
  await expect(page.getByText(t('pets.list.empty'))).toBeVisible();
});

test('a pet that is not the customer’s (deleted, another account’s): its page and form say so and lead back to the pets', async ({
  page,
}, info) => {
  const t = textsOf(info);
  await signInThroughApi(page, info, await createCustomer(page.request, info));
  for (const route of ['animal', 'animalEdit'] as const) {
    await page.goto(pathOf(info, route, { animal: '999999999' }));
    await expect(page.getByText(t('pets.view.missing'))).toBeVisible();
    await expect(page.getByRole('link', { name: t('pets.view.back') })).toHaveAttribute('href', pathOf(info, 'animals'));
  }
  await expectNoSeriousViolation(page, 'a missing pet');
});

test('a guest adding a pet is asked to sign in for its photo, and offered no upload', async ({ page }, info) => {
  const t = textsOf(info);
  await page.goto(pathOf(info, 'animalAdd'));
  const form = page.locator('form');
  await expect(form.getByLabel(t('pets.fields.name'))).toBeVisible();
  await expect(form.getByText(t('pets.photo.signIn'))).toBeVisible();
  await expect(form.getByLabel(t('pets.photo.choose'))).toHaveCount(0);
  await expect(form.getByText(t('pets.photo.hint', { types: 'JPEG, PNG, WEBP, GIF', max: 5 }))).toHaveCount(0);
});

/** Texts that live outside the message catalogue (the pets' lists and the media service's errors). */
function languageOfNames(info: { project: { name: string } }) {
  return info.project.name === 'be'
    ? { female: 'Vrouwtje', unsupported: 'Bestandstype niet ondersteund' }
    : { female: 'Femelle', unsupported: 'Type de fichier non supporté' };
}
