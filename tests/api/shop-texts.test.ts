/**
 * The shop's own texts kept in its database (payment and shipping methods, their instructions, coupons'
 * labels, breeds, and any `_fr`/`_nl` text column a later migration adds) follow the voice and
 * typography of their language, as the site's messages, the API's errors and the mails do
 * (tests/unit/i18n/typography.ts). A shopper reads them on the funnel and the confirmation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slipsOf } from '../unit/i18n/typography.ts';
import { testPlatform } from './platform.ts';

let platform: Awaited<ReturnType<typeof testPlatform>>;
beforeAll(async () => {
  platform = await testPlatform();
});
afterAll(async () => {
  await platform.db.close();
});

/** Every text of the shop's columns in one language, as "table.column[key]" and the text. */
async function shopTexts(language: 'fr' | 'nl'): Promise<Array<[string, string]>> {
  const columns = await platform.db.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = 'shop' AND column_name LIKE $1 AND data_type = 'text'
      ORDER BY table_name, column_name`,
    [`%\\_${language}`],
  );
  const texts: Array<[string, string]> = [];
  for (const { table_name: table, column_name: column } of columns) {
    const rows = await platform.db.query<{ text: string | null }>(`SELECT "${column}" AS text FROM shop."${table}" ORDER BY 1`);
    rows.forEach((row, index) => {
      if (row.text) texts.push([`${table}.${column}[${index}]`, row.text]);
    });
  }
  return texts;
}

describe('the texts of the shop’s database', () => {
  it('include the payment methods’ instructions in both languages', async () => {
    const columns = (await shopTexts('nl')).map(([path]) => path.replace(/\[\d+\]$/, ''));
    expect(columns).toContain('payment_methods.instructions_nl');
    expect((await shopTexts('fr')).map(([path]) => path)).toContain('payment_methods.instructions_fr[0]');
  });

  it('have the bank transfer’s instructions speak of the details shown below them, where the shopper already is', async () => {
    const [bank] = await platform.db.query<{ fr: string; nl: string }>(
      `SELECT instructions_fr AS fr, instructions_nl AS nl FROM shop.payment_methods WHERE code = 'bank_transfer'`,
    );
    expect(bank!.fr).toContain('coordonnées ci-dessous');
    expect(bank!.nl).toContain('gegevens hieronder');
    expect(`${bank!.fr} ${bank!.nl}`).not.toMatch(/page de confirmation|bevestigingspagina/);
  });

  for (const language of ['fr', 'nl'] as const)
    it(`follow the ${language === 'fr' ? 'French' : 'Dutch'} site’s voice and typography`, async () => {
      expect(slipsOf(language, await shopTexts(language))).toEqual([]);
    });
});
