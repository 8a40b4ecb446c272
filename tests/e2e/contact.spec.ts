/**
 * The contact page, in French on the FR site and in Dutch on the BE site: the customer care hours, files
 * appended and removed one by one with their errors ("Fichier trop volumineux", "Type de fichier non
 * supporté" word for word), several files sent with the message, the acknowledgement in the outbox, and
 * axe on the page with its errors shown.
 */
import type { Page } from '@playwright/test';
import { CONTACT_FILES } from '../../src/lib/shop-api/requests/contact.ts';
import { createCustomer, expect, expectNoSeriousViolation, pathOf, signInThroughApi, test, textsOf, uniqueEmail } from './helpers.ts';
import { mailsTo } from './offer-helpers.ts';
import { hydrated } from './page-checks.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = (name: string, size = 2048) => ({ name, mimeType: 'image/png', buffer: Buffer.concat([PNG, Buffer.alloc(size - PNG.length)]) });
const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n% contact test\n') });
const program = (name: string) => ({ name, mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ\u0090\u0000') });

const fileInput = (page: Page) => page.locator('.contact-files input[type="file"]');
const fileItem = (page: Page, name: string) => page.locator(`li[data-file="${name}"]`);

test('an anonymous shopper appends files, removes the refused ones and sends the message with the others', async ({ page }, info) => {
  const t = textsOf(info);
  await page.goto(pathOf(info, 'contact'));
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: t('pages.titles.contact') })).toBeVisible();
  await expect(page.getByText(t('contact.hours'))).toBeVisible();
  await expect(page.getByText(t('contact.files.limits', { maxFiles: 5, maxFile: 10, maxTotal: 20 }))).toBeVisible();

  await fileInput(page).setInputFiles([
    png('grande-photo.png', CONTACT_FILES.maxFileBytes + 1),
    program('setup.exe'),
    png('sac-perce.png'),
  ]);
  await expect(fileItem(page, 'grande-photo.png')).toContainText(t('contact.files.tooLarge'));
  await expect(fileItem(page, 'setup.exe')).toContainText(t('contact.files.type'));
  await expect(fileItem(page, 'sac-perce.png')).not.toContainText(t('contact.files.type'));
  // Files are appended, not replaced.
  await fileInput(page).setInputFiles([pdf('facture.pdf')]);
  await expect(page.locator('li[data-file]')).toHaveCount(4);
  await expectNoSeriousViolation(page, 'contact page with refused files');

  // Sending with a refused file left (and no message) says what to do, and sends nothing.
  await page.getByRole('button', { name: t('contact.submit') }).click();
  await expect(page.getByText(t('forms.errors.required')).first()).toBeVisible();
  await page.getByLabel(t('contact.fields.email'), { exact: true }).fill(uniqueEmail());
  await page.getByLabel(t('contact.fields.message'), { exact: true }).fill('Bonjour, le sac est arrivé percé.');
  await page.getByRole('button', { name: t('contact.submit') }).click();
  await expect(page.getByText(t('contact.files.refused'))).toBeVisible();

  await page.getByRole('button', { name: t('contact.files.removeNamed', { name: 'grande-photo.png' }) }).click();
  await page.getByRole('button', { name: t('contact.files.removeNamed', { name: 'setup.exe' }) }).click();
  await expect(page.locator('li[data-file]')).toHaveCount(2);
  await expect(page.getByText(t('contact.files.refused'))).toBeHidden();

  const email = await page.getByLabel(t('contact.fields.email'), { exact: true }).inputValue();
  // Optional fields' labels end with "(facultatif)".
  await page.locator('input[name="name"]').fill('Anne Peeters');
  await page.locator('input[name="productName"]').fill('Croquettes Poulet Adulte');
  await page.getByRole('button', { name: t('contact.submit') }).click();
  await expect(page.getByRole('heading', { name: t('contact.sent.title') })).toBeVisible();
  const reference = /C-[A-Z2-9]{8}/.exec((await page.locator('.contact-sent').textContent()) ?? '')?.[0];
  expect(reference).toBeDefined();
  // Kept whole on a phone: the reference sits in its own unbreakable span.
  await expect(page.locator('.contact-sent .contact-reference')).toHaveCSS('white-space', 'nowrap');
  await expect(page.locator('.contact-sent')).toContainText(email);

  const [ack] = await mailsTo(page.request, email);
  expect(ack?.subject).toContain(reference!);
  const notice = (await mailsTo(page.request, 'abonnements@maison-gamelle.test')).find((m) => m.subject.includes(reference!));
  expect(notice?.text).toContain('sac-perce.png');
  expect(notice?.text).toContain('facture.pdf');
  expect(notice?.text).not.toContain('setup.exe');

  // Another message starts from an empty form.
  await page.getByRole('button', { name: t('contact.sent.again') }).click();
  await expect(page.getByLabel(t('contact.fields.message'), { exact: true })).toHaveValue('');
  await expect(page.locator('li[data-file]')).toHaveCount(0);
});

test('takes five files at most, and the platform’s own check of a file’s bytes lands on that file', async ({ page }, info) => {
  const t = textsOf(info);
  await page.goto(pathOf(info, 'contact'));
  await hydrated(page);
  await fileInput(page).setInputFiles(Array.from({ length: 6 }, (_, i) => png(`photo-${i + 1}.png`)));
  await expect(page.locator('li[data-file]')).toHaveCount(5);
  await expect(page.getByText(t('contact.files.tooMany', { max: 5 }))).toBeVisible();
  for (let i = 1; i <= 5; i++) await page.getByRole('button', { name: t('contact.files.removeNamed', { name: `photo-${i}.png` }) }).click();
  await expect(page.getByText(t('contact.files.tooMany', { max: 5 }))).toBeHidden();

  // A program renamed as a photo passes the form's check (name and type), not the platform's (its bytes).
  await fileInput(page).setInputFiles([{ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('MZ\u0090\u0000 not a jpeg') }]);
  await page.getByLabel(t('contact.fields.email'), { exact: true }).fill(uniqueEmail());
  await page.getByLabel(t('contact.fields.message'), { exact: true }).fill('Voici la photo du sac.');
  await page.getByRole('button', { name: t('contact.submit') }).click();
  await expect(fileItem(page, 'photo.jpg')).toContainText(t('contact.files.type'));
  await expect(page.getByText(t('contact.files.refused'))).toBeVisible();
  await expect(page.getByRole('heading', { name: t('contact.sent.title') })).toBeHidden();
});

test('a signed-in shopper writes as themself: no e-mail to type, the acknowledgement goes to their account', async ({ page }, info) => {
  const t = textsOf(info);
  const shopper = await createCustomer(page.request, info);
  await signInThroughApi(page, info, shopper);
  await page.goto(pathOf(info, 'contact'));
  await hydrated(page);
  await expect(page.getByText(t('contact.signedInAs', { name: 'Camille Martin', email: shopper.email }))).toBeVisible();
  await expect(page.getByLabel(t('contact.fields.email'), { exact: true })).toHaveCount(0);
  await page.getByLabel(t('contact.fields.message'), { exact: true }).fill('Puis-je changer de parfum pour ma prochaine livraison ?');
  await fileInput(page).setInputFiles([pdf('ordonnance.pdf')]);
  await page.getByRole('button', { name: t('contact.submit') }).click();
  await expect(page.locator('.contact-sent')).toContainText(shopper.email);
  await expect.poll(async () => (await mailsTo(page.request, shopper.email)).some((m) => /C-[A-Z2-9]{8}/.test(m.subject))).toBe(true);
});
