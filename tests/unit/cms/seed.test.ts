/**
 * The seed catalogue as Strapi entries (scripts/lib/cms-seed.ts): every attribute is one of the content type's, a
 * text per language exactly where the model keeps one, every required attribute filled, and every relation naming
 * an entry that comes before it (Strapi's bootstrap links to what it already made).
 */
import { describe, expect, it } from 'vitest';
import { contentTypes } from '../../../scripts/lib/cms-model.ts';
import { type SeedEntry, seedEntries } from '../../../scripts/lib/cms-seed.ts';
import { loadFixtures } from '../../../src/backend/seed/seed.ts';

/** What is wrong with the entries, one line each. */
function problems(entries: SeedEntry[]): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    const type = contentTypes[entry.type];
    const where = `${entry.type} ${entry.key}`;
    if (!type) {
      found.push(`${where}: no such content type`);
      continue;
    }
    if (type.localized !== (entry.perLanguage !== undefined)) found.push(`${where}: languages ${type.localized ? 'missing' : 'given'}`);
    const filled = new Set([...Object.keys(entry.shared), ...Object.keys(entry.links ?? {})]);
    for (const name of Object.keys(entry.shared)) {
      const attribute = type.attributes[name];
      if (!attribute) found.push(`${where}.${name}: no such attribute`);
      else if (attribute.localized && type.localized) found.push(`${where}.${name}: one value, where the model keeps one per language`);
    }
    for (const [language, fields] of Object.entries(entry.perLanguage ?? {}))
      for (const name of Object.keys(fields)) {
        const attribute = type.attributes[name];
        if (!attribute) found.push(`${where}.${name} (${language}): no such attribute`);
        else if (!attribute.localized) found.push(`${where}.${name}: per language, where the model keeps one value`);
      }
    // A required text per language is required in each.
    const languages = entry.perLanguage ? Object.entries(entry.perLanguage) : [['', {}] as const];
    for (const [name, attribute] of Object.entries(type.attributes))
      for (const [language, fields] of languages)
        if (attribute.required && !filled.has(name) && !(name in fields))
          found.push(`${where}.${name}: required, not filled${language ? ` (${language})` : ''}`);
    for (const [name, link] of Object.entries(entry.links ?? {})) {
      const attribute = type.attributes[name];
      if (attribute?.type !== 'relation' || attribute.target !== `api::${link.type}.${link.type}`)
        found.push(`${where}.${name}: not a relation to ${link.type}`);
      for (const key of link.keys)
        if (!seen.has(`${link.type}/${key}`)) found.push(`${where}.${name}: ${link.type} ${key} is not made before it`);
    }
    seen.add(`${entry.type}/${entry.key}`);
  }
  return found;
}

describe('the seed catalogue as Strapi entries', () => {
  const fixtures = loadFixtures();
  const entries = seedEntries(fixtures);

  it('has every fixture entry, and a product the sites do not show as a draft', () => {
    const count = (type: string) => entries.filter((entry) => entry.type === type).length;
    expect(count('b2c-product')).toBe(fixtures.products.length);
    expect(count('b2c-product-variant')).toBe(fixtures.products.flatMap((p) => p.variants).length);
    expect(count('b2c-category')).toBe(fixtures.categories.length);
    expect(count('b2c-faq-entry')).toBe(fixtures.faq.entries.length);
    expect(count('b2c-header')).toBe(1);
    const hidden = fixtures.products.filter((p) => !p.viewable).map((p) => p.sku);
    expect(entries.filter((entry) => entry.type === 'b2c-product' && !entry.published).map((entry) => entry.key)).toEqual(hidden);
  });

  it('fills the model’s attributes, per language where it keeps texts per language, with relations pointing back', () => {
    expect(problems(entries)).toEqual([]);
  });

  it('gives a category its parents’ slugs as its path, in each language', () => {
    const child = fixtures.categories.find((category) => category.parent !== null)!;
    const parent = fixtures.categories.find((category) => category.key === child.parent)!;
    const entry = entries.find((e) => e.type === 'b2c-category' && e.key === child.key)!;
    expect(entry.perLanguage?.nl.path).toMatch(new RegExp(`${parent.slug.nl}/${child.slug.nl}$`));
    expect(entry.links).toEqual({ parent: { type: 'b2c-category', keys: [parent.key] } });
  });

  it('sees a missing required text, a text given once, and a relation to an entry made later', () => {
    const product = entries.find((entry) => entry.type === 'b2c-product')!;
    const { composition: _, ...fr } = product.perLanguage!.fr;
    const broken: SeedEntry = {
      ...product,
      shared: { ...product.shared, name: 'Croquettes' },
      perLanguage: { fr, nl: product.perLanguage!.nl },
      links: {},
    };
    expect(problems([broken])).toEqual([
      `b2c-product ${product.key}.name: one value, where the model keeps one per language`,
      `b2c-product ${product.key}.composition: required, not filled (fr)`,
    ]);
    expect(problems([product])).toEqual(
      product.links!.categories!.keys.map((key) => `b2c-product ${product.key}.categories: b2c-category ${key} is not made before it`),
    );
  });
});
