/**
 * Carriers and their rates (shop.shipping_methods, shop.shipping_rates): a method is offered on a channel
 * for a country when it has a rate there. Home delivery reaches FR, BE and LU; relay points France only.
 */
import type { Queryable } from '../../db/database.ts';
import type { ChannelCode, Language } from '../../../lib/channels.ts';

export interface ShippingMethodRow {
  code: string;
  kind: 'home' | 'relay_point';
  carrier: string;
  name: Record<Language, string>;
  description: Record<Language, string>;
  /** The fee for this channel and country, before the free-shipping rule. */
  fee: number;
}

// Texts come out of SQL as { fr, nl } already (jsonb_build_object), so rows need no mapping.
const SELECT = `SELECT m.code, m.kind, m.carrier, jsonb_build_object('fr', m.name_fr, 'nl', m.name_nl) AS name,
  jsonb_build_object('fr', m.description_fr, 'nl', m.description_nl) AS description, r.fee
  FROM shop.shipping_methods m JOIN shop.shipping_rates r ON r.method_code = m.code`;

/** The methods a channel offers for a shipping country, in the shop's order. */
export async function shippingMethodsFor(q: Queryable, channel: ChannelCode, country: string): Promise<ShippingMethodRow[]> {
  const rows = await q.query<ShippingMethodRow>(
    `${SELECT} WHERE m.enabled AND r.channel_code = $1 AND r.country_code = $2 ORDER BY m.position`,
    [channel, country],
  );
  return rows;
}

/** One method, if the channel offers it for that country. */
export async function shippingMethodFor(
  q: Queryable,
  code: string,
  channel: ChannelCode,
  country: string,
): Promise<ShippingMethodRow | null> {
  const [row] = await q.query<ShippingMethodRow>(
    `${SELECT} WHERE m.enabled AND m.code = $1 AND r.channel_code = $2 AND r.country_code = $3`,
    [code, channel, country],
  );
  return row ?? null;
}
