/**
 * What Strapi's public role may read: the content types the sites read on their own, and those they read inside
 * another's answer (Strapi populates a relation only for a role that may `find` its target), with read actions
 * only; the bootstrap gives exactly the generated list.
 */
import { describe, expect, it } from 'vitest';
import { type Attribute, components, contentTypes, type ContentType, publicReads } from '../../../scripts/lib/cms-model.ts';
import { readableActions } from '../../../cms/src/bootstrap/public-role.ts';
import { cmsRoot } from '../../../scripts/cms-schemas.ts';

describe('the public role’s reads', () => {
  it('cover the types the sites read, and the formats and questions read inside products and rubrics', () => {
    const reads = publicReads();
    for (const [name, type] of Object.entries(contentTypes)) if (type.wire) expect(reads[`api::${name}.${name}`], name).toBeDefined();
    expect(reads['api::b2c-product-variant.b2c-product-variant']).toEqual(['find', 'findOne']);
    expect(reads['api::b2c-faq-entry.b2c-faq-entry']).toEqual(['find', 'findOne']);
    // A single type has one entry: no findOne.
    expect(reads['api::b2c-header.b2c-header']).toEqual(['find']);
    expect(reads['api::site-setting.site-setting']).toEqual(['find']);
  });

  it('leave out a type the sites do not read, and one reached only by a relation they do not read', () => {
    const note: ContentType = {
      kind: 'collectionType',
      singularName: 'editor-note',
      pluralName: 'editor-notes',
      displayName: 'Note',
      description: 'Note',
      localized: false,
      attributes: {},
    };
    // A page linking an editor's note: read by the sites (then the note is the public role's too) or not.
    const withNote = (read: Attribute['read']) => {
      const page = contentTypes['b2c-page']!;
      const link: Attribute = { type: 'relation', relation: 'manyToOne', target: 'api::editor-note.editor-note', localized: false, read };
      return {
        components,
        contentTypes: { ...contentTypes, 'editor-note': note, 'b2c-page': { ...page, attributes: { ...page.attributes, note: link } } },
      };
    };
    expect(Object.keys(publicReads(withNote({ notRead: 'editors only' })))).not.toContain('api::editor-note.editor-note');
    expect(publicReads(withNote('as-is'))['api::editor-note.editor-note']).toEqual(['find', 'findOne']);
  });

  it('are what the bootstrap gives, as Strapi names the actions, and never a write', async () => {
    const actions = await readableActions(`${cmsRoot}src`);
    expect(actions).toContain('api::b2c-product.b2c-product.find');
    expect(actions).toContain('api::b2c-product.b2c-product.findOne');
    expect(actions).toContain('api::b2c-footer.b2c-footer.find');
    expect(actions.filter((action) => !/\.(find|findOne)$/.test(action))).toEqual([]);
    expect(actions).toHaveLength(Object.values(publicReads()).flat().length);
  });
});
