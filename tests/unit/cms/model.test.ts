/**
 * The Strapi project (cms/) and the embedded content service describe one content model. The project's files are
 * written from scripts/lib/cms-model.ts (scripts/cms-schemas.ts); this holds that description equal to the
 * embedded service: every field of its answers (src/lib/content/wire.ts, the marketing and site-setting wires) is
 * an attribute of the same name and type or is said to be computed, every attribute the sites read is on the wire,
 * and a text is per language in Strapi exactly where the seed keeps one per language. The last cases add a field
 * on one side only, and check that the comparison sees it.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cmsFiles, cmsRoot, staleFiles } from '../../../scripts/cms-schemas.ts';
import { components, contentTypes, type Attribute, type ContentType } from '../../../scripts/lib/cms-model.ts';
import { catalogueFixture } from '../../../src/backend/seed/fixture-schema.ts';
import { productFull } from '../../../src/lib/content/wire.ts';
import { type Model, seedDrift, strapiDrift, wireDrift } from './model-drift.ts';

const model: Model = { contentTypes, components };

// The seed's entries for each content type it fills (its `{ fr, nl }` fields are the texts kept per language).
const seed = catalogueFixture.shape;
const fixtures = {
  'b2c-product': seed.products.element,
  'b2c-category': seed.categories.element,
  'b2c-page': seed.pages.element,
  'b2c-faq': seed.faq.shape.categories.element,
  'b2c-faq-entry': seed.faq.shape.entries.element,
  'b2c-shop': seed.shops.element,
  'b2c-cross-sell': seed.crossSells.element,
  // The menus are single types: the seed's menus object holds both.
  'b2c-header': seed.menus,
  'b2c-footer': seed.menus,
};

/** The model with one content type changed. */
const withType = (name: string, change: (type: ContentType) => ContentType): Model => ({
  components,
  contentTypes: { ...contentTypes, [name]: change(contentTypes[name]!) },
});
const withAttributes = (name: string, attributes: Record<string, Attribute>): Model =>
  withType(name, (type) => ({ ...type, attributes: { ...type.attributes, ...attributes } }));

describe('the Strapi content model', () => {
  it('is what scripts/cms-schemas.ts writes from its description (run it after changing scripts/lib/cms-model.ts)', async () => {
    expect(await staleFiles()).toEqual([]);
  });

  it('has a schema.json, a router, a controller and a service for every content type', () => {
    const files = [...cmsFiles().keys()];
    for (const name of Object.keys(contentTypes))
      for (const part of [`content-types/${name}/schema.json`, `routes/${name}.ts`, `controllers/${name}.ts`, `services/${name}.ts`])
        expect(files).toContain(`src/api/${name}/${part}`);
  });

  it('writes schema.json in Strapi 5’s form: i18n per type and per attribute, draft and publish on', async () => {
    const schema = JSON.parse(await readFile(join(cmsRoot, 'src/api/b2c-product/content-types/b2c-product/schema.json'), 'utf8'));
    expect(schema).toMatchObject({
      kind: 'collectionType',
      collectionName: 'b2c_products',
      info: { singularName: 'b2c-product', pluralName: 'b2c-products' },
      options: { draftAndPublish: true },
      pluginOptions: { i18n: { localized: true } },
    });
    expect(schema.attributes.name).toEqual({
      type: 'string',
      required: true,
      maxLength: 200,
      pluginOptions: { i18n: { localized: true } },
    });
    expect(schema.attributes.sku.pluginOptions).toEqual({ i18n: { localized: false } });
    expect(schema.attributes.image).toMatchObject({ type: 'media', multiple: false, allowedTypes: ['images'] });
    // Relations take no language setting: they follow their entry's.
    expect(schema.attributes.categories.pluginOptions).toBeUndefined();
    // What only the description knows stays out of Strapi's files.
    for (const attribute of Object.values<Record<string, unknown>>(schema.attributes))
      expect(Object.keys(attribute).filter((k) => ['localized', 'read', 'fixture'].includes(k))).toEqual([]);
    const shared = JSON.parse(await readFile(join(cmsRoot, 'src/api/b2c-cross-sell/content-types/b2c-cross-sell/schema.json'), 'utf8'));
    expect(shared.pluginOptions).toEqual({});
    expect(shared.attributes.key.pluginOptions).toBeUndefined();
  });

  it('keeps what Strapi 5 asks of names, relations, components and languages', () => {
    expect(strapiDrift(model)).toEqual([]);
  });

  it('answers every field the sites read, of the same type, and nothing they do not', () => {
    expect(wireDrift(model)).toEqual([]);
  });

  it('keeps a text per language exactly where the embedded service’s seed does', () => {
    expect(seedDrift(model, fixtures)).toEqual([]);
  });
});

describe('the comparison', () => {
  it('sees a field added to the wire only', () => {
    const model = withType('b2c-product', (type) => ({ ...type, wire: productFull.extend({ gift_note: z.string() }) }));
    expect(wireDrift(model)).toEqual(['b2c-product.gift_note: on the wire, but no attribute holds it']);
  });

  it('sees an attribute added to the model only', () => {
    const model = withAttributes('b2c-shop', { parking: { type: 'string', localized: false } });
    expect(wireDrift(model)).toEqual(['b2c-shop.parking: an attribute the sites read, missing from the wire']);
  });

  it('sees a field added to a format (read inside the product) or a component on one side only', () => {
    expect(wireDrift(withAttributes('b2c-product-variant', { ean: { type: 'string', localized: false } }))).toEqual([
      'b2c-product.ProductVariants.ean: an attribute the sites read, missing from the wire',
    ]);
    const filters = components['product.filters']!;
    const model: Model = {
      contentTypes,
      components: {
        ...components,
        'product.filters': { ...filters, attributes: { ...filters.attributes, organic: { type: 'boolean', localized: false } } },
      },
    };
    expect(wireDrift(model)).toEqual(['b2c-product.filters.organic: an attribute the sites read, missing from the wire']);
  });

  it('sees a type that does not carry the wire’s values, and a required flag that does not match', () => {
    expect(wireDrift(withAttributes('b2c-product', { position: { type: 'decimal', localized: false, required: true } }))).toEqual([
      'b2c-product.position: a decimal where the wire has an integer',
    ]);
    expect(wireDrift(withAttributes('b2c-shop', { country: { type: 'string', localized: false, required: true } }))).toEqual([
      'b2c-shop.country: a string where the wire has enum (an enumeration, then)',
    ]);
    expect(wireDrift(withAttributes('b2c-page', { title: { type: 'string', localized: true } }))).toEqual([
      'b2c-page.title: the wire always has it: required',
    ]);
  });

  it('sees a text shared in Strapi that the seed keeps per language, and the other way round', () => {
    expect(seedDrift(withAttributes('b2c-shop', { city: { type: 'string', localized: false, required: true } }), fixtures)).toEqual([
      'b2c-shop.city: one value, where the seed keeps one per language',
    ]);
    expect(
      seedDrift(withAttributes('b2c-product-variant', { base_price: { type: 'integer', localized: true, required: true } }), fixtures),
    ).toEqual(['b2c-product.ProductVariants.base_price: per language, where the seed keeps one value']);
  });

  it('sees a relation whose other side does not name it back, and a name Strapi reserves', () => {
    const model = withAttributes('b2c-faq-entry', {
      category: { type: 'relation', relation: 'manyToOne', target: 'api::b2c-faq.b2c-faq', inversedBy: 'questions', localized: true },
      status: { type: 'string', localized: false },
    });
    expect(strapiDrift(model)).toEqual([
      'b2c-faq.entries: api::b2c-faq-entry.b2c-faq-entry.category does not name it back',
      'b2c-faq-entry.category: api::b2c-faq.b2c-faq.questions does not name it back',
      'b2c-faq-entry.status: a name Strapi reserves',
    ]);
  });
});
