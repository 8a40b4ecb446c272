import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPlatform, type TestPlatform } from './platform.ts';

let platform: TestPlatform;
/** A dry dog food, a dry cat food and a treat of the seed catalogue, read from it. */
let dogKibble: { sku: string; energy: number };
let catKibble: string;
let treat: string;

beforeAll(async () => {
  platform = await testPlatform();
  const [dog] = await platform.db.query<{ sku: string; energy_kcal_per_kg: number }>(
    `SELECT sku, energy_kcal_per_kg FROM content.products WHERE language = 'fr' AND animal = 'dog' AND kind = 'dry' AND NOT is_sample
     AND filters ->> 'lifeStage' = 'adult' ORDER BY position LIMIT 1`,
  );
  dogKibble = { sku: dog!.sku, energy: dog!.energy_kcal_per_kg };
  catKibble = (
    await platform.db.query<{ sku: string }>(
      `SELECT sku FROM content.products WHERE language = 'fr' AND animal = 'cat' AND kind = 'dry' AND NOT is_sample
       AND NOT (filters ->> 'sterilised')::boolean AND filters ->> 'lifeStage' = 'adult' LIMIT 1`,
    )
  )[0]!.sku;
  treat = (
    await platform.db.query<{ sku: string }>(`SELECT sku FROM content.products WHERE language = 'fr' AND kind = 'treat' LIMIT 1`)
  )[0]!.sku;
});
afterAll(async () => {
  await platform.db.close();
});

const getReco = (body: unknown, query = 'locale=fr') =>
  platform.request(`/content/b2c-recommendation/getReco?${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('b2c-rations/getReco', () => {
  it('the daily ration of a product for a 15 kg adult dog: 838 kcal over the food’s energy, in two meals, with each format’s frequency', async () => {
    const res = await platform.get(`/content/b2c-rations/getReco?ref=${dogKibble.sku}&weight=15&month=36&locale=fr`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const grams = Math.round((838 * 1000) / dogKibble.energy);
    expect(res.body.data).toMatchObject({ ref: dogKibble.sku, puppy: false, energy: { kcal: 838 }, gramsPerDay: grams, meals: 2 });
    expect(res.body.data.formats.length).toBeGreaterThan(0);
    for (const format of res.body.data.formats) {
      if (format.frequency) expect(format.frequency.days).toBeLessThanOrEqual(format.lastsDays);
    }
    expect(res.body.data.explanation.text).toMatch(/^Votre chien a besoin d’environ 838 kcal par jour/);
  });
  it('a puppy under 12 months is fed for growth, in Dutch too', async () => {
    const res = await platform.get(`/content/b2c-rations/getReco?ref=${dogKibble.sku}&weight=8&month=4&locale=nl`);
    expect(res.body.data).toMatchObject({ puppy: true, energy: { factor: 175, lifeStage: 'growth' }, meals: 3 });
    expect(res.body.data.explanation.text).toMatch(/^Je hond heeft ongeveer/);
  });
  it('takes a cat on a food for neutered cats as neutered: 4 kg, 190 kcal a day (FEDIAF 75 × 4^0.67)', async () => {
    const [food] = await platform.db.query<{ sku: string }>(
      `SELECT sku FROM content.products WHERE language = 'fr' AND animal = 'cat' AND kind = 'dry' AND NOT is_sample
       AND (filters ->> 'sterilised')::boolean AND filters ->> 'lifeStage' = 'adult' LIMIT 1`,
    );
    const res = await platform.get(`/content/b2c-rations/getReco?ref=${food!.sku}&weight=4&month=36&locale=fr`);
    expect(res.body.data).toMatchObject({ assumedSterilised: true, energy: { kcal: 190, factor: 75 } });
    const intact = await platform.get(`/content/b2c-rations/getReco?ref=${catKibble}&weight=4&month=36&locale=fr`);
    expect(intact.body.data.energy.kcal).toBeGreaterThan(190);
  });
  it('refuses bad inputs, an unknown product, and has no ration for a treat', async () => {
    for (const query of [
      `ref=${dogKibble.sku}&weight=0&month=3`,
      `ref=${dogKibble.sku}&weight=abc&month=3`,
      `ref=${dogKibble.sku}&weight=12`,
      'weight=12&month=3',
      `ref=${dogKibble.sku}&weight=101&month=3`,
      // Younger than a month, as the calculator's form refuses too.
      `ref=${dogKibble.sku}&weight=2&month=0`,
      // A cat of 40 kg or 0.5 kg: a dog's bounds do not fit a cat.
      `ref=${catKibble}&weight=40&month=36`,
      `ref=${catKibble}&weight=0.5&month=36`,
      // A weight the age cannot carry: a 2-month puppy of 90 kg, a 2-month kitten of 12 kg.
      `ref=${dogKibble.sku}&weight=90&month=2`,
      `ref=${catKibble}&weight=12&month=2`,
    ]) {
      const res = await platform.get(`/content/b2c-rations/getReco?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.name).toBe('ValidationError');
    }
    expect((await platform.get(`/content/b2c-rations/getReco?ref=${catKibble}&weight=4&month=36`)).status).toBe(200);
    // The heaviest breeds' young stay within the bound: a mastiff puppy of 18 kg at 2 months.
    expect((await platform.get(`/content/b2c-rations/getReco?ref=${dogKibble.sku}&weight=18&month=2`)).status).toBe(200);
    expect((await platform.get(`/content/b2c-rations/getReco?ref=NOPE&weight=12&month=30`)).status).toBe(404);
    const none = await platform.get(`/content/b2c-rations/getReco?ref=${treat}&weight=12&month=30&locale=fr`);
    expect(none.status).toBe(404);
    expect(none.body.error.message).toBe(
      'Nous ne pouvons pas calculer de ration pour ce produit\u00A0: merci de contacter notre service client.',
    );
  });
  it('a pregnant or nursing female gets no ration but the referral to a vet; the field is checked', async () => {
    const res = await platform.get(`/content/b2c-rations/getReco?ref=${catKibble}&weight=4&month=36&pregnantOrNursing=true&locale=nl`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({
      ref: catKibble,
      referral: { reason: 'pregnantOrNursing', message: expect.stringMatching(/^Een drachtig of zogend vrouwtje.*dierenarts/) },
    });
    const no = await platform.get(`/content/b2c-rations/getReco?ref=${catKibble}&weight=4&month=36&pregnantOrNursing=false&locale=fr`);
    expect(no.body.data).toMatchObject({ ref: catKibble, gramsPerDay: expect.any(Number) });
    for (const query of [
      `ref=${catKibble}&weight=4&month=36&pregnantOrNursing=yes`,
      // A kitten is fed for growth: a pregnancy is not one of its answers.
      `ref=${catKibble}&weight=2&month=6&pregnantOrNursing=true`,
    ]) {
      const bad = await platform.get(`/content/b2c-rations/getReco?${query}`);
      expect(bad.status, query).toBe(400);
      expect(bad.body.error.name).toBe('ValidationError');
      expect(bad.body.error.message).toMatch(/pregnantOrNursing/);
    }
  });
});

/** A 4 kg neutered adult cat of low activity: 190 kcal a day. */
const cat = {
  type: '/api/v2/shop/animal-types/2',
  name: 'Minou',
  weight: 4,
  month: 36,
  sterilized: true,
  condition: 'ideal',
  activity: 'low',
};

describe('b2c-recommendation/getReco', () => {
  it('recommends at most three cat kibbles, each with its ration (190 kcal for a 4 kg neutered cat) and the explanation', async () => {
    const res = await getReco(cat);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({ eligible: true, energy: { kcal: 190 } });
    expect(data.recipes.length).toBeGreaterThan(0);
    expect(data.recipes.length).toBeLessThanOrEqual(3);
    for (const r of data.recipes) {
      expect(r.product).toMatchObject({ animal: 'cat', kind: 'dry' });
      expect(r.product.isSample).toBe(false);
      expect(r.ration.kcal).toBe(190);
    }
    // Sterilised recipes come first for a sterilised cat.
    expect(data.recipes[0].product.filters.sterilised).toBe(true);
    expect(data.recipes[0].explanation.text).toMatch(/^Minou a besoin d’environ 190 kcal par jour/);
  });
  it('with list=true answers the products only', async () => {
    const res = await getReco(cat, 'locale=nl&list=true');
    expect(res.status).toBe(200);
    expect(res.body.data.every((p: { sku: string; animal: string }) => p.animal === 'cat')).toBe(true);
  });
  it('a mixed menu: kibble every day, wet food three times a week', async () => {
    const res = await getReco({ ...cat, kinds: ['dry', 'wet'], wet: { share: 0.3, daysPerWeek: 3 } });
    const [first] = res.body.data.recipes;
    expect(first.ration.days.map((d: { daysPerWeek: number }) => d.daysPerWeek)).toEqual([3, 4]);
    expect(first.ration.days[0].foods).toHaveLength(2);
  });
  it('a cat that has hairballs is offered the hairball recipe first', async () => {
    const res = await getReco({ ...cat, sterilized: false, activity: 'moderate', feature: 'hairballs' });
    expect(res.body.data.recipes[0].sku).toBe('CAT-DRY-HAIRBALL-TURKEY');
    // And is told why, from the reasons the rule used.
    expect(res.body.data.recipes[0].why).toEqual({
      reasons: ['adult', 'particularity'],
      text: 'Pourquoi cette recette pour Minou\u00A0: elle est faite pour les chats adultes et conçue pour limiter les boules de poils.',
    });
  });
  it('each recipe says why it was chosen, in the locale’s language, with the reasons the rule used only', async () => {
    const res = await getReco(cat, 'locale=nl');
    for (const r of res.body.data.recipes) {
      expect(r.why.text).toMatch(/^Waarom dit recept voor Minou\? Het is /);
      if (r.product.filters.sterilised) expect(r.why.reasons).toContain('sterilised');
      else expect(r.why.reasons).not.toContain('sterilised');
      expect(r.why.reasons).not.toContain('grainFree');
    }
  });
  it('a pregnant or nursing female: not eligible, sent to the vet; never said of a kitten or a sterilised pet', async () => {
    const res = await getReco({ ...cat, sterilized: false, pregnantOrNursing: true });
    expect(res.body.data).toEqual({
      eligible: false,
      reason: 'pregnantOrNursing',
      message: expect.stringMatching(/^Une femelle gestante ou qui allaite.*vétérinaire/),
    });
    for (const body of [
      { ...cat, pregnantOrNursing: true },
      { ...cat, sterilized: false, month: 6, weight: 2, pregnantOrNursing: true },
      { ...cat, sterilized: false, pregnantOrNursing: 'yes' },
    ]) {
      const bad = await getReco(body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.error.message).toMatch(/pregnantOrNursing/);
    }
  });
  it('a crossbreed puppy’s adult size answered by its owner: a giant grows until 24 months on growth recipes', async () => {
    const giant = await getReco({ type: 'dog', weight: 40, month: 15, expectedAdultWeight: 60 });
    expect(giant.body.data.energy.lifeStage).toBe('growth');
    const unknown = await getReco({ type: 'dog', weight: 40, month: 15 });
    expect(unknown.body.data.energy.lifeStage).toBe('adult');
  });
  it('a pathology that needs a vet: not eligible, with the message to consult one', async () => {
    const res = await getReco({ ...cat, feature: 'kidney-disease' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      eligible: false,
      reason: 'pathology',
      message:
        'Votre animal a besoin d’une alimentation adaptée à sa pathologie\u00A0: nous vous conseillons de consulter votre vétérinaire.',
    });
  });
  it('an obese or very thin pet: sent to the vet by the kibble guide too, in its species’ words and the locale’s language', async () => {
    const obese = await getReco({ ...cat, condition: 'obese' });
    expect(obese.body.data).toEqual({
      eligible: false,
      reason: 'overweight',
      message: expect.stringMatching(/^Votre chat est en surpoids/),
    });
    const thin = await getReco({ ...cat, type: 'dog', weight: 20, condition: 'very-thin' }, 'locale=nl');
    expect(thin.body.data).toEqual({ eligible: false, reason: 'underweight', message: expect.stringMatching(/^Je hond is erg mager/) });
  });
  it('refuses a profile that is not one', async () => {
    for (const body of [
      '{',
      {},
      { ...cat, weight: 14 },
      { ...cat, type: '/api/v2/shop/animal-types/3' },
      { ...cat, month: -1 },
      { ...cat, condition: 'round' },
    ]) {
      const res = await getReco(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.name).toBe('ValidationError');
    }
    expect(catKibble).toBeTruthy();
  });
});

describe('b2c-recommendation/getReco for the bi-nutrition guides', () => {
  const skuOf = async (where: string) =>
    (
      await platform.db.query<{ sku: string }>(
        `SELECT sku FROM content.products WHERE language = 'fr' AND NOT is_sample AND viewable AND NOT old_product AND ${where} ORDER BY position LIMIT 1`,
      )
    )[0]!.sku;
  let adultKibble: string;
  let kittenKibble: string;
  let wet: string[];
  beforeAll(async () => {
    adultKibble = await skuOf(`animal = 'cat' AND kind = 'dry' AND filters ->> 'lifeStage' IN ('adult')`);
    kittenKibble = await skuOf(`animal = 'cat' AND kind = 'dry' AND filters ->> 'lifeStage' = 'kitten'`);
    const list = await getReco({ ...cat, kinds: ['wet'] }, 'locale=fr&list=true');
    wet = list.body.data.map((p: { sku: string }) => p.sku);
  });

  it('lists every wet recipe that fits the cat for the Selection step', async () => {
    expect(wet.length).toBeGreaterThan(0);
    const res = await getReco({ ...cat, kinds: ['wet'] }, 'locale=nl&list=true');
    for (const p of res.body.data) expect(p).toMatchObject({ animal: 'cat', kind: 'wet' });
  });

  it('lists our kibbles for the Meals step, the cats’ first then the dogs’, and refuses a profile that cannot have a menu', async () => {
    const res = await getReco({ ...cat, wet: { daysPerWeek: 3 } }, 'locale=fr&list=true');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const animals = res.body.data.map((p: { animal: string; kind: string }) => {
      expect(p.kind).toBe('dry');
      return p.animal;
    });
    expect(animals).toContain('dog');
    expect(animals.indexOf('dog')).toBeGreaterThan(animals.lastIndexOf('cat'));
    expect(res.body.data.map((p: { sku: string }) => p.sku)).toEqual(expect.arrayContaining([adultKibble, kittenKibble, dogKibble.sku]));
    // The kibble guide's own list (no wet days) is unchanged: at most three recommended kibbles.
    expect((await getReco(cat, 'locale=fr&list=true')).body.data.length).toBeLessThanOrEqual(3);
    const refused = await getReco({ ...cat, feature: 'diabetes', wet: { daysPerWeek: 7 } }, 'locale=nl&list=true');
    expect(refused.body.data).toMatchObject({ eligible: false, reason: 'pathology' });
    // A pregnant or nursing cat: the referral rule's, as in the kibble guide.
    const pregnant = await getReco({ ...cat, sterilized: false, pregnantOrNursing: true, kibble: adultKibble, wet: { daysPerWeek: 3 } });
    expect(pregnant.body.data).toEqual({
      eligible: false,
      reason: 'pregnantOrNursing',
      message: expect.stringMatching(/^Une femelle gestante ou qui allaite/),
    });
  });

  it('the menu: wet food three times a week brings half the energy those days, the kibble the rest and all of it the other days', async () => {
    const res = await getReco({ ...cat, kibble: adultKibble, wetRecipes: [wet[0]], wet: { daysPerWeek: 3 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { menu } = res.body.data;
    expect(res.body.data).toMatchObject({ eligible: true, energy: { kcal: 190 } });
    expect(menu).toMatchObject({ kibble: adultKibble, wetRecipes: [wet[0]], daysPerWeek: 3 });
    expect(menu.ration.days.map((d: { daysPerWeek: number }) => d.daysPerWeek)).toEqual([3, 4]);
    const [wetDay, otherDay] = menu.ration.days;
    const kibbleWet = wetDay.foods.find((f: { key: string }) => f.key === adultKibble).gramsPerDay;
    const kibbleOther = otherDay.foods.find((f: { key: string }) => f.key === adultKibble).gramsPerDay;
    expect(Math.abs(kibbleOther - 2 * kibbleWet)).toBeLessThanOrEqual(1);
    expect(otherDay.foods).toHaveLength(1);
    expect(menu.products.map((p: { sku: string }) => p.sku)).toEqual([adultKibble, wet[0]]);
    expect(Object.keys(menu.formats)).toEqual([adultKibble, wet[0]]);
    expect(menu.explanation.text).toMatch(/^Minou a besoin d’environ 190 kcal par jour/);
  });

  it('every day: one day type; the mini guide (no kibble named) gets the engine’s kibble', async () => {
    const res = await getReco({ ...cat, wetRecipes: wet.slice(0, 2), wet: { daysPerWeek: 7 } }, 'locale=nl');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { menu } = res.body.data;
    expect(menu.ration.days).toHaveLength(1);
    expect(menu.ration.days[0].foods).toHaveLength(1 + Math.min(2, wet.length));
    expect(menu.kibble).toBeTruthy();
    expect(menu.explanation.text).toMatch(/^Minou heeft ongeveer/);
    // The engine chose the kibble: it says why (a sterilised cat's lighter recipe, when it is one).
    expect(menu.why.text).toMatch(/^Waarom dit recept voor Minou\? Het is /);
    expect(menu.why.reasons[0]).toBe('adult');
    // A kibble the shopper chose needs no reason of ours.
    const chosen = await getReco({ ...cat, kibble: menu.kibble, wetRecipes: wet.slice(0, 1), wet: { daysPerWeek: 7 } }, 'locale=nl');
    expect(chosen.body.data.menu.why).toBeNull();
  });

  it('refuses a dog, a dog kibble, an overweight cat, a pathology, and kitten/adult mismatches, in the locale’s language', async () => {
    const cases: Array<[object, string, string, string]> = [
      [
        { ...cat, type: '/api/v2/shop/animal-types/1', weight: 20 },
        'fr',
        'dogType',
        'Le guide bi-nutrition compose des menus pour les chats',
      ],
      [{ ...cat, kibble: dogKibble.sku }, 'fr', 'dogKibble', 'Ces croquettes sont destinées aux chiens'],
      [{ ...cat, condition: 'overweight', kibble: adultKibble }, 'nl', 'overweight', 'Je kat heeft overgewicht'],
      [{ ...cat, condition: 'obese' }, 'fr', 'overweight', 'Votre chat est en surpoids'],
      [{ ...cat, feature: 'kidney-disease' }, 'fr', 'pathology', 'Votre animal a besoin d’une alimentation adaptée'],
      [{ ...cat, month: 5, sterilized: false, kibble: adultKibble }, 'fr', 'adultKibbleForKitten', 'Votre chaton a moins de 12'],
      [{ ...cat, kibble: kittenKibble }, 'nl', 'kittenKibbleForAdult', 'Je kat is ouder dan 12 maanden'],
    ];
    for (const [body, lang, reason, start] of cases) {
      const res = await getReco({ ...body, wetRecipes: [wet[0]], wet: { daysPerWeek: 3 } }, `locale=${lang}`);
      expect(res.status, reason).toBe(200);
      expect(res.body.data, reason).toMatchObject({ eligible: false, reason });
      expect(res.body.data.message.startsWith(start), res.body.data.message).toBe(true);
    }
    // The Selection step's list is refused the same way.
    const list = await getReco({ ...cat, condition: 'obese', kinds: ['wet'] }, 'locale=fr&list=true');
    expect(list.body.data).toMatchObject({ eligible: false, reason: 'overweight' });
  });

  it('a cat of the bi-nutrition guides weighs above 0 and below 13 kg', async () => {
    const kitten = { ...cat, weight: 0.8, month: 3, sterilized: false, kinds: ['wet'], wet: { daysPerWeek: 3 } };
    expect((await getReco(kitten, 'locale=fr&list=true')).status).toBe(200);
    expect((await getReco({ ...cat, weight: 12.9, wetRecipes: [wet[0]], wet: { daysPerWeek: 3 } })).status).toBe(200);
    const heavy = await getReco({ ...cat, weight: 13, wetRecipes: [wet[0]], wet: { daysPerWeek: 3 } });
    expect(heavy.status).toBe(400);
    expect(heavy.body.error.name).toBe('ValidationError');
    // The kibble guide keeps 1 to 13 kg.
    expect((await getReco({ ...cat, weight: 0.8 })).status).toBe(400);
    expect((await getReco({ ...cat, weight: 13 })).status).toBe(200);
  });

  it('refuses a wet recipe the Selection step would not offer the cat: a senior’s for a kitten, one with grain for a grain-intolerant cat', async () => {
    const senior = await skuOf(`animal = 'cat' AND kind = 'wet' AND filters ->> 'lifeStage' = 'senior'`);
    const withGrain = await skuOf(
      `animal = 'cat' AND kind = 'wet' AND filters ->> 'lifeStage' = 'adult' AND NOT (filters ->> 'grainFree')::boolean`,
    );
    const kitten = { ...cat, month: 5, sterilized: false, kibble: kittenKibble, wet: { daysPerWeek: 3 } };
    for (const body of [
      { ...kitten, wetRecipes: [senior] },
      { ...cat, feature: 'grain-intolerance', wetRecipes: [withGrain], wet: { daysPerWeek: 3 } },
    ]) {
      const res = await getReco(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toMatch(/does not fit this cat's profile/);
    }
  });

  it('refuses an unknown or wrong kibble, a wet recipe that is not one, and more than three wet recipes', async () => {
    for (const body of [
      { ...cat, kibble: 'NOPE', wetRecipes: [wet[0]] },
      { ...cat, kibble: wet[0], wetRecipes: [wet[0]] },
      { ...cat, kibble: adultKibble, wetRecipes: [adultKibble] },
      { ...cat, kibble: adultKibble, wetRecipes: [] },
      { ...cat, kibble: adultKibble, wetRecipes: ['A', 'B', 'C', 'D'] },
      { ...cat, kibble: adultKibble, wetRecipes: [wet[0]], wet: { daysPerWeek: 5 } },
    ]) {
      const res = await getReco(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.name).toBe('ValidationError');
    }
  });
});
