/**
 * The facts the content services compute with, and their version (src/backend/content/facts.ts): Strapi's copy
 * (cms/src/site-reads/facts.json) is the same facts, and a changed fact is a new version, so the build reads the
 * whole catalogue again.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { factsVersion, SERVICE_VERSION, serviceFacts } from '../../../src/backend/content/facts.ts';

describe('the content services’ facts', () => {
  it('are Strapi’s too, with the same version', () => {
    const strapi = JSON.parse(readFileSync(new URL('../../../cms/src/site-reads/facts.json', import.meta.url), 'utf8'));
    expect(strapi).toEqual(serviceFacts());
    expect(factsVersion(strapi)).toBe(SERVICE_VERSION);
  });

  it('change version with any fact: a VAT rate, the label’s mentions', () => {
    const facts = serviceFacts();
    const vat = structuredClone(facts);
    vat.locales.fr_BE!.vatRate = 0.22;
    const label = structuredClone(facts);
    label.labelling.nl!.operator.address[0] = '14 rue de la Fosse';
    expect(new Set([factsVersion(facts), factsVersion(vat), factsVersion(label)]).size).toBe(3);
  });
});
