/**
 * The invoice of a placed order as a PDF (pdfkit, its standard Helvetica: no font file to ship), in the
 * customer's language: the seller as the terms of sale name it, the invoice number and date, the customer
 * and both addresses, one line per item (unit price, quantity, VAT rate, amounts excluding and including
 * tax), shipping, service fees and discounts, the totals and how the order was paid. Prices are stored
 * tax included, so each amount excluding tax is the included one divided by 1 + the channel's rate.
 */
import PDFDocument from 'pdfkit';
import { taxFreePrice } from '../../../lib/catalogue/pricing.ts';
import type { Language } from '../../../lib/channels.ts';
import { accountingLines } from '../../../lib/orders/accounting-lines.ts';
import type { Order } from '../../../lib/shop-api/wire.ts';
import { addressLines, amount, longDate, type PaymentView, relayPointLines, SELLER, subscriptionMention } from '../order-mails/format.ts';

export interface InvoiceInput {
  lang: Language;
  order: Order;
  customer: { fullName: string; email: string };
  payment: PaymentView | null;
  /** VAT on the order's channel, as a fraction (0.2 in France, 0.21 in Belgium). */
  vatRate: number;
  /** The invoice is issued when the parcel ships. */
  issuedAt: string;
}

/** FA-000001001: one invoice per order, numbered after it, so invoice numbers follow each other without gaps or doubles. */
export const invoiceNumberOf = (orderNumber: string): string => `FA-${orderNumber}`;

const TEXTS = {
  fr: {
    title: 'Facture',
    colon: '\u00A0: ',
    percent: '\u00A0%',
    number: 'Facture n°',
    date: 'Date de facture',
    order: 'Commande n°',
    orderDate: 'Date de commande',
    customer: 'Client',
    billing: 'Adresse de facturation',
    shipping: 'Adresse de livraison',
    relayPoint: 'Point relais',
    columns: ['Désignation', 'Prix unitaire TTC', 'Qté', 'TVA', 'Total HT', 'Total TTC'],
    shippingLine: 'Livraison',
    serviceFees: 'Frais de service',
    discount: 'Réduction',
    payment: 'Moyen de paiement',
    paid: 'Payée',
    awaiting: 'En attente de paiement',
    free: 'Commande gratuite\u00A0: aucun paiement',
    vatNumber: 'TVA intracommunautaire',
    footer: 'Prix en euros. Merci pour votre confiance.',
  },
  nl: {
    title: 'Factuur',
    colon: ': ',
    percent: '%',
    number: 'Factuur nr.',
    date: 'Factuurdatum',
    order: 'Bestelling nr.',
    orderDate: 'Besteldatum',
    customer: 'Klant',
    billing: 'Factuuradres',
    shipping: 'Leveringsadres',
    relayPoint: 'Afhaalpunt',
    columns: ['Omschrijving', 'Eenheidsprijs incl. btw', 'Aantal', 'Btw', 'Totaal excl. btw', 'Totaal incl. btw'],
    shippingLine: 'Levering',
    serviceFees: 'Servicekosten',
    discount: 'Korting',
    payment: 'Betaalmethode',
    paid: 'Betaald',
    awaiting: 'Wacht op betaling',
    free: 'Gratis bestelling: geen betaling',
    vatNumber: 'Btw-nummer',
    footer: 'Prijzen in euro. Bedankt voor je vertrouwen.',
  },
} as const;

const PAGE = { margin: 48, width: 595.28 } as const;
/** Column x positions and widths of the lines' table (A4, 48 pt margins). */
const COLUMNS = [
  { x: 48, width: 200, align: 'left' },
  { x: 250, width: 70, align: 'right' },
  { x: 322, width: 34, align: 'right' },
  { x: 358, width: 40, align: 'right' },
  { x: 400, width: 70, align: 'right' },
  { x: 474, width: 73, align: 'right' },
] as const;
const INK = '#2b2622';
const MUTED = '#5c544c';

/** A table line: a designation and its amounts (null where a column does not apply). */
type Row = [string, string | null, string | null, string | null, string, string];

/** The invoice as PDF bytes. `compress: false` writes the text streams uncompressed (tests read them). */
export function invoicePdf(input: InvoiceInput, { compress = true }: { compress?: boolean } = {}): Promise<Buffer> {
  const { lang, order: o } = input;
  const t = TEXTS[lang];
  const number = invoiceNumberOf(o.number ?? '');
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    compress,
    lang: lang === 'nl' ? 'nl-BE' : 'fr-FR',
    info: { Title: `${t.title} ${number}`, Author: SELLER.name, Subject: `${t.order} ${o.number}`, CreationDate: new Date(input.issuedAt) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const rate = `${Math.round(input.vatRate * 1000) / 10}${t.percent}`.replace('.', ',');
  const excl = (incl: number) => taxFreePrice(incl, input.vatRate);
  const right = PAGE.width - PAGE.margin;

  // The seller, then the invoice's own facts on the right.
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(16).text(SELLER.name, PAGE.margin, PAGE.margin);
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  for (const line of [
    SELLER.street,
    `${SELLER.city}, ${SELLER.country[lang]}`,
    SELLER.registration,
    `${t.vatNumber}${t.colon}${SELLER.vatNumber}`,
  ])
    doc.text(line);
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(20)
    .text(t.title, 340, PAGE.margin, { width: right - 340, align: 'right' });
  doc.font('Helvetica').fontSize(9);
  for (const [label, value] of [
    [t.number, number],
    [t.date, longDate(lang, input.issuedAt)],
    [t.order, o.number ?? ''],
    [t.orderDate, o.checkoutCompletedAt ? longDate(lang, o.checkoutCompletedAt) : ''],
  ] as const) {
    doc.text(`${label} ${value}`, 300, undefined, { width: right - 300, align: 'right' });
  }

  // The customer and the addresses, side by side.
  const top = 150;
  const block = (x: number, heading: string, lines: string[]) => {
    doc.font('Helvetica-Bold').fontSize(10).text(heading, x, top, { width: 160 });
    doc.font('Helvetica').fontSize(9);
    for (const line of lines) doc.text(line, x, undefined, { width: 160 });
    return doc.y;
  };
  const shipment = o.shipments[0];
  const bottoms = [
    block(PAGE.margin, t.customer, [input.customer.fullName, input.customer.email]),
    block(PAGE.margin + 170, t.billing, o.billingAddress ? addressLines(lang, o.billingAddress) : []),
    shipment?.relayPoint
      ? block(PAGE.margin + 340, t.relayPoint, relayPointLines(lang, shipment.relayPoint))
      : block(PAGE.margin + 340, t.shipping, o.shippingAddress ? addressLines(lang, o.shippingAddress) : []),
  ];

  // The lines: items, then shipping, service fees and discounts, each with its VAT.
  const rows: Row[] = o.items.map((i) => [
    `${i.productName} – ${i.variantName}${i.subscriptionInterval > 0 ? ` (${subscriptionMention(lang, i.subscriptionInterval)})` : ''}`,
    amount(lang, i.unitPrice),
    String(i.quantity),
    rate,
    amount(lang, excl(i.total)),
    amount(lang, i.total),
  ]);
  const extra = (label: string, incl: number): Row => [label, null, null, rate, amount(lang, excl(incl)), amount(lang, incl)];
  rows.push(extra(shipment?.carrier ? `${t.shippingLine} (${shipment.carrier})` : t.shippingLine, o.shippingTotal));
  if (o.serviceFeesTotal !== 0) rows.push(extra(t.serviceFees, o.serviceFeesTotal));
  for (const p of o.promotions) rows.push(extra(`${t.discount} (${p.label || p.code})`, p.amount));

  let y = Math.max(...bottoms) + 28;
  const drawRow = (cells: ReadonlyArray<string | null>, bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    const heights = cells.map((cell, i) => (cell === null ? 0 : doc.heightOfString(cell, { width: COLUMNS[i]!.width })));
    const height = Math.max(...heights) + 8;
    if (y + height > doc.page.height - PAGE.margin - 140) {
      doc.addPage();
      y = PAGE.margin;
    }
    cells.forEach((cell, i) => {
      if (cell !== null) doc.text(cell, COLUMNS[i]!.x, y + 4, { width: COLUMNS[i]!.width, align: COLUMNS[i]!.align });
    });
    y += height;
    doc.moveTo(PAGE.margin, y).lineTo(right, y).lineWidth(0.5).strokeColor('#d9d2c7').stroke();
  };
  drawRow(t.columns, true);
  for (const row of rows) drawRow(row);

  // The totals, as the accounting lines of the order say them.
  y += 12;
  const totals = accountingLines(lang, o).filter((line) => ['totalExcludingTax', 'taxTotal', 'total'].includes(line.key));
  for (const line of totals) {
    const bold = line.key === 'total';
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 11 : 9);
    const label = line.key === 'taxTotal' ? `${line.label} (${rate})` : line.label;
    doc.text(label, 330, y, { width: 140, align: 'right' });
    doc.text(amount(lang, line.amount), 474, y, { width: 73, align: 'right' });
    y += bold ? 18 : 14;
  }

  // How it was paid.
  y += 12;
  const payment = input.payment;
  const state = o.total === 0 ? t.free : o.paymentState === 'paid' ? t.paid : t.awaiting;
  const method = payment ? `${payment.name}${payment.card ? ` (${payment.card.brand} •••• ${payment.card.last4})` : ''}` : null;
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(INK)
    .text(method ? `${t.payment}${t.colon}${method} – ${state}` : state, PAGE.margin, y, { width: right - PAGE.margin });
  doc
    .fillColor(MUTED)
    .text(t.footer, PAGE.margin, doc.page.height - PAGE.margin - 20, { width: right - PAGE.margin, align: 'center', lineBreak: false });

  doc.end();
  return done;
}
