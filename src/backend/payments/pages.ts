/**
 * The sandbox's hosted pages, in the payment's language: PayPal or Bancontact approval, the 3-D Secure
 * challenge, the bank transfer instructions, and a page for a payment that waits for nothing any more.
 * Plain server-rendered HTML with no script and no external asset; its one style element carries the
 * nonce of the page's own strict Content-Security-Policy.
 */
import { randomBytes } from 'node:crypto';
import { languageOfLocale, pageTexts } from './messages.ts';
import type { PaymentRow } from './wire.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#222}' +
  '.notice{background:#fff4d6;padding:.5rem 1rem;border-radius:.5rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}' +
  'dt{font-weight:600}button,a.button{display:block;width:100%;margin:.5rem 0;padding:.75rem;font-size:1rem;text-align:center;border-radius:.5rem}';

const amountOf = (row: PaymentRow, lang: 'fr' | 'nl') =>
  new Intl.NumberFormat(lang === 'nl' ? 'nl-BE' : 'fr-FR', { style: 'currency', currency: row.amount_currency }).format(
    Number(row.amount_value),
  );

const originOf = (url: string | null) => {
  try {
    return url ? new URL(url).origin : '';
  } catch {
    return '';
  }
};

export interface HostedPage {
  html: string;
  headers: Record<string, string>;
}

export function hostedPage(row: PaymentRow): HostedPage {
  const lang = languageOfLocale(row.locale);
  const t = pageTexts[lang];
  const nonce = randomBytes(16).toString('base64');
  const form = (buttons: [action: string, label: string][]) =>
    `<form method="post">${buttons
      .map(([action, label]) => `<button type="submit" name="action" value="${action}">${escapeHtml(label)}</button>`)
      .join('')}</form>`;
  const back = row.redirect_url ? `<a class="button" href="${escapeHtml(row.redirect_url)}">${escapeHtml(t.backToShop)}</a>` : '';
  let title: string;
  let body: string;
  if (row.status !== 'open') {
    title = t.closedTitle;
    body = `<p>${escapeHtml(t.closedText)} « ${escapeHtml(row.status)} ».</p>${back}`;
  } else if (row.method === 'banktransfer') {
    const details = row.details as { bankName: string; bankAccount: string; bankBic: string; transferReference: string };
    title = t.transferTitle;
    body =
      `<p>${escapeHtml(t.transferText)}</p><dl><dt>${escapeHtml(t.amount)}</dt><dd>${escapeHtml(amountOf(row, lang))}</dd>` +
      `<dt>${escapeHtml(t.beneficiary)}</dt><dd>${escapeHtml(details.bankName)}</dd><dt>${t.iban}</dt><dd>${escapeHtml(details.bankAccount)}</dd>` +
      `<dt>${t.bic}</dt><dd>${escapeHtml(details.bankBic)}</dd><dt>${escapeHtml(t.reference)}</dt><dd>${escapeHtml(details.transferReference)}</dd></dl>${back}`;
  } else if (row.method === 'creditcard') {
    title = t.challengeTitle;
    body = `<p>${escapeHtml(t.challengeText)}</p><p>${escapeHtml(t.amount)} : ${escapeHtml(amountOf(row, lang))}</p>${form([
      ['confirm', t.confirm],
      ['fail', t.fail],
    ])}`;
  } else {
    title = row.method === 'paypal' ? t.paypalTitle : t.bancontactTitle;
    body = `<p>${escapeHtml(row.description)}</p><p>${escapeHtml(t.amount)} : ${escapeHtml(amountOf(row, lang))}</p>${form([
      ['approve', t.approve],
      ['cancel', t.cancel],
    ])}`;
  }
  const html =
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)} · ${escapeHtml(t.title)}</title><style nonce="${nonce}">${STYLE}</style></head>` +
    `<body><main><p class="notice">${escapeHtml(t.sandboxNotice)}</p><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
  // The forms post here and are then sent on to the shop: form-action must allow both.
  const formAction = ["'self'", originOf(row.redirect_url)].filter(Boolean).join(' ');
  return {
    html,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': `default-src 'none'; style-src 'nonce-${nonce}'; form-action ${formAction}; base-uri 'none'; frame-ancestors 'none'`,
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
    },
  };
}
