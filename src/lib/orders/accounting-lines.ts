/**
 * The accounting lines of a placed order, in the shop's words in both languages: the items, each
 * promotion (by its label), shipping (shown even when free: the shopper sees it was), the service fees when
 * the payment method costs any, then the totals excluding tax, the VAT they contain, and including tax.
 * The account page, the mails and the invoice all read them from here.
 */
import type { Language } from '../channels.ts';
import type { Order } from '../shop-api/orders.ts';

type Totals = Pick<
  Order,
  'promotions' | 'itemsTotal' | 'orderPromotionTotal' | 'shippingTotal' | 'serviceFeesTotal' | 'taxTotal' | 'total' | 'totalExcludingTax'
>;

const LINE_LABELS = {
  fr: {
    itemsTotal: 'Sous-total des articles',
    promotion: 'Réduction',
    shippingTotal: 'Frais de livraison',
    serviceFeesTotal: 'Frais de service',
    totalExcludingTax: 'Total HT',
    taxTotal: 'dont TVA',
    total: 'Total TTC',
  },
  nl: {
    itemsTotal: 'Subtotaal artikelen',
    promotion: 'Korting',
    shippingTotal: 'Verzendkosten',
    serviceFeesTotal: 'Servicekosten',
    totalExcludingTax: 'Totaal excl. btw',
    taxTotal: 'waarvan btw',
    total: 'Totaal incl. btw',
  },
} as const satisfies Record<Language, Record<string, string>>;

export interface AccountingLine {
  key: keyof (typeof LINE_LABELS)['fr'];
  label: string;
  amount: number;
}

/**
 * The accounting lines of a placed order: items, each promotion (by its label), shipping, service fees
 * when the payment method costs any, then the totals. Shipping shows even when free: the shopper sees it was.
 */
export function accountingLines(lang: Language, o: Totals): AccountingLine[] {
  const labels = LINE_LABELS[lang];
  const promotions: AccountingLine[] = o.promotions.map((p) => ({
    key: 'promotion',
    label: `${labels.promotion} (${p.label || p.code})`,
    amount: p.amount,
  }));
  if (promotions.length === 0 && o.orderPromotionTotal !== 0)
    promotions.push({ key: 'promotion', label: labels.promotion, amount: o.orderPromotionTotal });
  return [
    { key: 'itemsTotal', label: labels.itemsTotal, amount: o.itemsTotal },
    ...promotions,
    { key: 'shippingTotal', label: labels.shippingTotal, amount: o.shippingTotal },
    ...(o.serviceFeesTotal !== 0 ? [{ key: 'serviceFeesTotal' as const, label: labels.serviceFeesTotal, amount: o.serviceFeesTotal }] : []),
    { key: 'totalExcludingTax', label: labels.totalExcludingTax, amount: o.totalExcludingTax },
    { key: 'taxTotal', label: labels.taxTotal, amount: o.taxTotal },
    { key: 'total', label: labels.total, amount: o.total },
  ];
}
