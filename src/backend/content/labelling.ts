/**
 * The label's mentions the shop gives every product (EU Regulation 767/2009): the operator responsible for the
 * labelling (art. 17(1)(b)) and the contact for information on the additives (art. 19). The operator is the
 * seller, the same company the invoices, the terms of sale and the legal notice name: its name and address are
 * read from SELLER, the one place they are kept, so a move changes the label with the invoice. They are not a
 * site setting: editors change those while the site runs (the maintenance routes), and the company's identity
 * is no editor's choice. The establishment's approval number is each product's (the plant that makes it), in
 * the product's entry.
 */
import type { Language } from '../../lib/channels.ts';
import type { ProductLabelling } from '../../lib/content/wire.ts';
import { SELLER } from '../../lib/seller.ts';

/**
 * Art. 19 asks for a free telephone number or another means: a freephone (free from France) and an address
 * that answers from every country the shop serves. The number's spaces do not break: it never wraps mid-number on a phone.
 */
export const ADDITIVES_CONTACT = { phone: '0\u00A0800\u00A091\u00A024\u00A078', email: 'additifs@maisongamelle.com' } as const;

/** A product's labelling mentions in one language, given its approval number (`null` when it has none yet). */
export const labellingOf = (approvalNumber: string | null, language: Language): ProductLabelling => ({
  approval_number: approvalNumber,
  operator: { name: SELLER.name, address: [SELLER.street, SELLER.city, SELLER.country[language]] },
  additives_contact: { ...ADDITIVES_CONTACT },
});
