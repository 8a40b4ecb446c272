/**
 * The labelling block of every product page (src/lib/content/labelling.ts, drawn by
 * src/components/catalogue/LabellingMentions.astro in src/components/views/ProductView.astro): the operator
 * responsible for the labelling with its address, the establishment's approval number, and a contact for
 * information on the additives, in French and in Dutch.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { translator } from '../../../../src/i18n/translate.ts';
import { labellingMentions } from '../../../../src/lib/content/labelling.ts';
import type { ProductLabelling } from '../../../../src/lib/content/wire.ts';

const labelling: ProductLabelling = {
  approval_number: 'FR 56 178 001 CE',
  operator: { name: 'Maison Gamelle SAS', address: ['12 rue de la Fosse', '44000 Nantes', 'France'] },
  additives_contact: { phone: '0 800 91 24 78', email: 'additifs@maisongamelle.com' },
};

const read = (language: 'fr' | 'nl', l: ProductLabelling = labelling) => {
  const t = translator(language);
  return labellingMentions(l, t).map((m) => ({
    term: t(m.term),
    lines: m.lines.map((line) => ('href' in line ? `${line.label} ${line.text} <${line.href}>` : line.text)),
  }));
};

describe('the labelling mentions', () => {
  it('name the operator and its address, the approval number and where to ask about the additives (fr)', () => {
    expect(read('fr')).toEqual([
      { term: 'Responsable de l’étiquetage', lines: ['Maison Gamelle SAS', '12 rue de la Fosse', '44000 Nantes', 'France'] },
      { term: 'Numéro d’agrément de l’établissement', lines: ['FR 56 178 001 CE'] },
      {
        term: 'Informations sur les additifs',
        lines: [
          'Numéro gratuit depuis la France\u00A0: 0 800 91 24 78 <tel:0800912478>',
          'Par e-mail\u00A0: additifs@maisongamelle.com <mailto:additifs@maisongamelle.com>',
        ],
      },
    ]);
  });

  it('read in Dutch', () => {
    expect(read('nl').map((m) => m.term)).toEqual([
      'Verantwoordelijke voor de etikettering',
      'Erkenningsnummer van de inrichting',
      'Informatie over de toevoegingsmiddelen',
    ]);
    expect(read('nl')[2]!.lines[1]).toBe('Per e-mail: additifs@maisongamelle.com <mailto:additifs@maisongamelle.com>');
  });

  it('leave out an approval number the entry does not have yet, rather than print a wrong one', () => {
    expect(read('fr', { ...labelling, approval_number: null }).map((m) => m.term)).toEqual([
      'Responsable de l’étiquetage',
      'Informations sur les additifs',
    ]);
  });

  it('are drawn on the product page, near the composition', () => {
    const view = readFileSync(new URL('../../../../src/components/views/ProductView.astro', import.meta.url), 'utf8');
    const block = view.indexOf('<LabellingMentions labelling={product.labelling}');
    expect(block).toBeGreaterThan(view.indexOf("t('catalogue.product.composition')"));
    expect(block).toBeLessThan(view.indexOf("t(product.kind === 'treat' ? 'catalogue.product.dailyMaximum'"));
    const component = readFileSync(new URL('../../../../src/components/catalogue/LabellingMentions.astro', import.meta.url), 'utf8');
    expect(component).toContain("t('catalogue.product.labelling.title')");
    expect(component).toContain('labellingMentions(labelling, t)');
  });

  it('have a title in both languages', () => {
    expect(translator('fr')('catalogue.product.labelling.title')).toBe('Mentions d’étiquetage');
    expect(translator('nl')('catalogue.product.labelling.title')).toBe('Vermeldingen op het etiket');
  });
});
