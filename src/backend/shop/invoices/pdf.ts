/**
 * The invoice of a placed order as a PDF (pdfkit, its standard Helvetica: no font file to ship), in the
 * customer's language: the seller as the terms of sale name it (with its legal form and share capital), the
 * invoice number and date, the customer and both addresses, one line per item (unit price including and
 * excluding tax, quantity, VAT rate, amounts excluding and including tax), shipping, service fees and
 * discounts, the totals and how the order was paid. Prices are stored tax included, so each amount excluding
 * tax is the included one divided by 1 + the channel's rate.
 */
import PDFDocument from 'pdfkit';
import { taxFreePrice } from '../../../lib/catalogue/pricing.ts';
import type { Language } from '../../../lib/channels.ts';
import { accountingLines } from '../../../lib/orders/accounting-lines.ts';
import type { Order } from '../../../lib/shop-api/orders.ts';
import { SELLER } from '../../../lib/seller.ts';
import { addressLines, amount, longDate, type PaymentView, relayPointLines, subscriptionMention } from '../../mail/format.ts';

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
    columns: ['Désignation', 'Prix unitaire TTC', 'Prix unitaire HT', 'Qté', 'TVA', 'Total HT', 'Total TTC'],
    legalForm: (capital: string) => `SAS au capital de ${capital}`,
    rounding:
      'Prix unitaires HT arrondis au centime\u00A0: multipliés par la quantité, ils peuvent différer de quelques centimes du total HT de la ligne.',
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
    columns: [
      'Omschrijving',
      'Eenheidsprijs incl. btw',
      'Eenheidsprijs excl. btw',
      'Aantal',
      'Btw',
      'Totaal excl. btw',
      'Totaal incl. btw',
    ],
    legalForm: (capital: string) => `SAS (vereenvoudigde vennootschap op aandelen) met een kapitaal van ${capital}`,
    rounding:
      'Eenheidsprijzen excl. btw afgerond op de cent: vermenigvuldigd met het aantal kunnen ze enkele centen afwijken van het totaal excl. btw van de lijn.',
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
  { x: 48, width: 166, align: 'left' },
  { x: 216, width: 60, align: 'right' },
  { x: 278, width: 60, align: 'right' },
  { x: 340, width: 30, align: 'right' },
  { x: 372, width: 32, align: 'right' },
  { x: 406, width: 64, align: 'right' },
  { x: 474, width: 73, align: 'right' },
] as const;
/** The client's block is this wide: an e-mail address longer than that breaks at its @, then shrinks. */
const BLOCK_WIDTH = 160;
const INK = '#2b2622';
const MUTED = '#5c544c';

/** A table line: a designation and its amounts (null where a column does not apply). */
type Row = [string, string | null, string | null, string | null, string | null, string, string];

/** A line of the invoice in minor units, tax included, before it is written. */
interface InvoiceLine {
  label: string;
  unitPrice: number | null;
  quantity: number | null;
  total: number;
}

/**
 * Each line's amount excluding tax, so that they add up to the order's: the order's total excluding tax is
 * its total divided by 1 + the rate, rounded once (orders/totals.ts), whereas rounding each line on its own
 * can drift a cent or two from it. The cents lost or gained go first to the lines whose unit price excluding
 * tax times their quantity does not make their rounded amount anyway (shipping, fees, discounts, several
 * units), so a line of one unit keeps reading its unit price; among those, to the closest calls (largest
 * remainder); never to a free line. When the lines do not make the order's total, or drift further than
 * rounding can (a cent per line), each line is rounded on its own.
 */
export function linesExcludingTax(
  lines: ReadonlyArray<Pick<InvoiceLine, 'unitPrice' | 'quantity' | 'total'>>,
  vatRate: number,
  total: number,
  totalExcludingTax: number,
): number[] {
  const rounded = lines.map((line) => taxFreePrice(line.total, vatRate));
  if (lines.reduce((sum, line) => sum + line.total, 0) !== total) return rounded;
  let drift = totalExcludingTax - rounded.reduce((sum, excl) => sum + excl, 0);
  const step = Math.sign(drift);
  const reads = lines.map(
    (line, i) => line.unitPrice !== null && line.quantity !== null && taxFreePrice(line.unitPrice, vatRate) * line.quantity === rounded[i],
  );
  // How far each line's exact amount is from its rounding, in the direction the sum must move.
  const order = lines
    .map((line, i) => ({ i, reads: reads[i] ? 1 : 0, gap: step * (line.total / (1 + vatRate) - rounded[i]!) }))
    .filter(({ i }) => lines[i]!.total !== 0)
    .sort((a, b) => a.reads - b.reads || b.gap - a.gap || a.i - b.i);
  if (Math.abs(drift) > order.length) return rounded;
  for (let k = 0; drift !== 0; k++) {
    rounded[order[k]!.i]! += step;
    drift -= step;
  }
  return rounded;
}

/** "120 000 €", "120.000 €": a round amount of euros, as a legal mention writes it. */
const wholeEuros = (lang: Language, euros: number) =>
  new Intl.NumberFormat(lang === 'nl' ? 'nl-BE' : 'fr-FR', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 })
    .format(euros)
    .replace(/[\u202f\u00a0]/g, '\u00a0');

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
    // The share capital: a legal mention of a French company's invoices (Code de commerce R123-237).
    t.legalForm(wholeEuros(lang, SELLER.shareCapitalEuros)),
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
    doc.font('Helvetica-Bold').fontSize(10).text(heading, x, top, { width: BLOCK_WIDTH });
    doc.font('Helvetica').fontSize(9);
    for (const line of lines) {
      // pdfkit breaks a word too long for its width anywhere, which splits an e-mail address mid-word:
      // shrink such a word to fit (down to 6 pt) instead, and keep it whole.
      const widest = (size: number) => Math.max(...line.split(' ').map((word) => doc.fontSize(size).widthOfString(word)));
      let size = 9;
      while (size > 6 && widest(size) > BLOCK_WIDTH) size -= 0.5;
      doc.fontSize(size).text(line, x, undefined, { width: BLOCK_WIDTH });
      doc.fontSize(9);
    }
    return doc.y;
  };
  const emailLines = (email: string): string[] => {
    const at = email.lastIndexOf('@');
    doc.font('Helvetica').fontSize(9);
    return doc.widthOfString(email) <= BLOCK_WIDTH || at <= 0 ? [email] : [email.slice(0, at), email.slice(at)];
  };
  const shipment = o.shipments[0];
  const bottoms = [
    block(PAGE.margin, t.customer, [input.customer.fullName, ...emailLines(input.customer.email)]),
    block(PAGE.margin + 170, t.billing, o.billingAddress ? addressLines(lang, o.billingAddress) : []),
    shipment?.relayPoint
      ? block(PAGE.margin + 340, t.relayPoint, relayPointLines(lang, shipment.relayPoint))
      : block(PAGE.margin + 340, t.shipping, o.shippingAddress ? addressLines(lang, o.shippingAddress) : []),
  ];

  // The lines: items, then shipping, service fees and discounts, each with its VAT.
  const lines: InvoiceLine[] = o.items.map((i) => ({
    label: `${i.productName} – ${i.variantName}${i.subscriptionInterval > 0 ? ` (${subscriptionMention(lang, i.subscriptionInterval)})` : ''}`,
    unitPrice: i.unitPrice,
    quantity: i.quantity,
    total: i.total,
  }));
  const extra = (label: string, total: number): InvoiceLine => ({ label, unitPrice: null, quantity: null, total });
  lines.push(extra(shipment?.carrier ? `${t.shippingLine} (${shipment.carrier})` : t.shippingLine, o.shippingTotal));
  if (o.serviceFeesTotal !== 0) lines.push(extra(t.serviceFees, o.serviceFeesTotal));
  for (const p of o.promotions) lines.push(extra(`${t.discount} (${p.label || p.code})`, p.amount));
  const linesExcl = linesExcludingTax(lines, input.vatRate, o.total, o.totalExcludingTax);
  const rows: Row[] = lines.map((line, i) => [
    line.label,
    line.unitPrice === null ? null : amount(lang, line.unitPrice),
    line.unitPrice === null ? null : amount(lang, excl(line.unitPrice)),
    line.quantity === null ? null : String(line.quantity),
    rate,
    amount(lang, linesExcl[i]!),
    amount(lang, line.total),
  ]);

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

  doc
    .font('Helvetica')
    .fontSize(7.5)
    .fillColor(MUTED)
    .text(t.rounding, PAGE.margin, y, { width: right - PAGE.margin });
  y = doc.y + 4;
  doc.fillColor(INK);

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
