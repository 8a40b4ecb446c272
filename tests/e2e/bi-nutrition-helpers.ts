/** A cat for the bi-nutrition guides' end-to-end tests, and the guide's choices kept as the guide keeps them. */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { channelOf, type LocaleCode } from '../../src/lib/channels.ts';

const query = (locale: LocaleCode) => `channelCode=${channelOf(locale).code}&locale=${locale}`;

/** A cat (or a dog) of the signed-in customer, through the shop API: 3 years old, 4 kg (a kitten 2 kg), ideal shape unless told. */
export async function catOfCustomer(
  request: APIRequestContext,
  platform: string,
  locale: LocaleCode,
  token: string,
  pet: { species?: 'cat' | 'dog'; condition?: number; feature?: string; ageMonths?: number } = {},
): Promise<number> {
  const dog = pet.species === 'dog';
  const res = await request.post(`${platform}/api/v2/shop/animals?${query(locale)}`, {
    headers: { 'Content-Type': 'application/ld+json', Accept: 'application/ld+json', Authorization: `Bearer ${token}` },
    data: {
      type: `/api/v2/shop/animal-types/${dog ? 1 : 2}`,
      gender: '/api/v2/shop/animal-genders/2',
      name: dog ? 'Rex' : 'Minou',
      breed: `/api/v2/shop/animal-breeds/${dog ? 1 : 101}`,
      crossbreed: false,
      birthday: null,
      ageYears: pet.ageMonths === undefined ? 3 : Math.floor(pet.ageMonths / 12),
      ageMonths: pet.ageMonths === undefined ? 0 : pet.ageMonths % 12,
      weight: dog ? 20 : pet.ageMonths !== undefined && pet.ageMonths < 12 ? 2 : 4,
      sterilized: true,
      condition: `/api/v2/shop/animal-body-conditions/${pet.condition ?? 3}`,
      activity: '/api/v2/shop/animal-activities/2',
      hasFeature: Boolean(pet.feature),
      feature: pet.feature ?? null,
      feeds: ['kibble'],
      kibbleBrand: 'Une autre marque',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** The full guide's choices for this cat (the first wet recipe that fits, three times a week), kept where the guide keeps them. */
export async function keepBiNutritionChoice(page: Page, request: APIRequestContext, platform: string, locale: LocaleCode, cat: number) {
  const res = await request.post(`${platform}/content/b2c-recommendation/getReco?locale=${locale}&list=true`, {
    data: { type: 'cat', weight: 4, month: 36, sterilized: true, kinds: ['wet'] },
  });
  expect(res.ok()).toBe(true);
  const [wet] = ((await res.json()) as { data: Array<{ sku: string }> }).data;
  const draft = { animal: cat, version: 'full', step: 3, kibble: null, wetRecipes: [wet!.sku], daysPerWeek: 3 };
  await page.addInitScript((value) => localStorage.setItem('store/guide/bi-nutrition', value), JSON.stringify(draft));
}
