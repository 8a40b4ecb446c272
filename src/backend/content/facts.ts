/**
 * The shop's facts the content service computes into its answers, beside what editors wrote: each site locale's
 * language and VAT rate (a format's price without VAT), the subscription's discount (its subscription price), and a
 * product label's mentions (the seller, the additives' contact). Strapi's reads compute with the same facts, written
 * into cms/src/site-reads/facts.json from here (scripts/cms-schemas.ts).
 *
 * Their version is in the catalogue's answers (`meta.version`): no entry's stamp moves when a fact does (a new VAT
 * rate, the seller's new address), so the build's loader reads every product again when the version changes.
 */
import { createHash } from 'node:crypto';
import { channelOf, languageOf, localeCodes } from '../../lib/channels.ts';
import { SUBSCRIPTION_DISCOUNT } from '../../lib/constants.ts';
import { labellingOf } from './labelling.ts';

export function serviceFacts() {
  return {
    locales: Object.fromEntries(localeCodes.map((l) => [l, { language: languageOf(l), vatRate: channelOf(l).vatRate }])),
    subscriptionDiscount: SUBSCRIPTION_DISCOUNT,
    labelling: Object.fromEntries(
      (['fr', 'nl'] as const).map((language) => {
        const { approval_number: _each, ...mentions } = labellingOf(null, language);
        return [language, mentions];
      }),
    ),
  };
}

/** A short digest of the facts, as cms/src/site-reads computes it from facts.json: the same facts, the same version. */
export const factsVersion = (facts: object): string => createHash('sha256').update(JSON.stringify(facts)).digest('hex').slice(0, 16);

export const SERVICE_VERSION = factsVersion(serviceFacts());
