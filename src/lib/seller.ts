/**
 * The company that sells, as the terms of sale and the legal notice name it: the one place its identity is kept,
 * read by every invoice (backend/shop/invoices) and every product label (backend/content/labelling.ts), so a
 * move changes both at once.
 */
export const SELLER = {
  name: 'Maison Gamelle SAS',
  street: '12 rue de la Fosse',
  city: '44000 Nantes',
  country: { fr: 'France', nl: 'Frankrijk' },
  registration: 'RCS Nantes 912 478 351',
  vatNumber: 'FR05 912 478 351',
  /** A simplified joint-stock company (SAS) and its share capital in euros, as the legal notice says. */
  shareCapitalEuros: 120_000,
} as const;
