/**
 * How an answer about an order reads: in which locale (an API call's, else the order's own) and where the
 * lines' pictures are served; and the order's lines as every answer shows them (the cart's, the checkout's,
 * a mail's, an invoice's).
 */
import type { Queryable } from '../../db/database.ts';
import { iri } from '../../../lib/shop-api/iri.ts';
import type { OrderItem } from '../../../lib/shop-api/orders.ts';
import { channels, htmlLangOf, languageOf, type LocaleCode } from '../../../lib/channels.ts';
import { pathTo } from '../../../lib/routes/paths.ts';
import { findVariantDisplays, type VariantDisplay, type VariantDisplayRow, variantDisplaysOf } from '../../content/repository.ts';
import type { ShopContext, ShopDeps } from '../shared/deps.ts';
import type { ShippingMethodRow } from '../shipping/repository.ts';
import { type ItemRow, itemsOf, type OrderRow, type ShipmentAndPayments } from './repository.ts';

/** The tags of an Accept-Language header, most wanted first (`q=0` excluded). */
function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { tag: tag.trim().toLowerCase(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/**
 * The locale an answer about a cart is written in (names, labels, page paths): the one the request
 * names (the `locale` query parameter, or Sylius's `localeCode`), else the first language of
 * Accept-Language that the cart's channel speaks, else the cart's own locale. One cart serves both
 * languages of the BE site: each page reads it in its own. A placed order keeps its own locale: it is
 * what was sold, in the words of its confirmation and invoice.
 */
function answerLocale(c: ShopContext, order: Pick<OrderRow, 'state' | 'channel_code' | 'locale_code'>): LocaleCode {
  if (order.state !== 'cart') return order.locale_code;
  if (c.req.query('locale') !== undefined) return c.get('locale');
  const spoken = channels[order.channel_code].locales;
  const named = c.req.query('localeCode');
  if (named !== undefined && (spoken as readonly string[]).includes(named)) return named as LocaleCode;
  for (const tag of acceptedLanguages(c.req.header('accept-language'))) {
    const exact = spoken.find((locale) => htmlLangOf(locale).toLowerCase() === tag);
    const sameLanguage = spoken.find((locale) => languageOf(locale) === tag);
    if (exact ?? sameLanguage) return (exact ?? sameLanguage)!;
  }
  return order.locale_code;
}

/**
 * How an answer about an order is written for its caller: in which locale (answerLocale), and where the
 * caller's browser finds the content service's uploads (the lines' pictures): the platform's public
 * address (SHOP_API_URL, as the payment provider is given it), else the address the request reached.
 */
export interface AnswerView {
  locale: LocaleCode;
  uploadsUrl: string;
}
export function answerView(
  c: ShopContext,
  deps: Pick<ShopDeps, 'env'>,
  order: Pick<OrderRow, 'state' | 'channel_code' | 'locale_code'>,
): AnswerView {
  const platform = (deps.env.SHOP_API_URL ?? new URL(c.req.url).origin).replace(/\/+$/, '');
  return { locale: answerLocale(c, order), uploadsUrl: `${platform}${CONTENT_UPLOADS_PATH}` };
}
/** Where the embedded platform serves the content service's uploads (app.ts mounts it at /content). */
const CONTENT_UPLOADS_PATH = '/content/uploads/';

/** The view with what the caller did not say (no request: a mail, an invoice): the order's locale, a path for pictures. */
interface View extends AnswerView {
  /** The lines keep the names they were sold under (a placed order). */
  copiedNames: boolean;
}
/** A locale alone says the language, the pictures keeping their path. */
export type AnswerOptions = LocaleCode | Partial<AnswerView>;
export function viewOf(order: OrderRow, answer: AnswerOptions): View {
  const view = typeof answer === 'string' ? { locale: answer } : answer;
  return {
    locale: view.locale ?? order.locale_code,
    uploadsUrl: view.uploadsUrl ?? CONTENT_UPLOADS_PATH,
    copiedNames: order.frozen !== null,
  };
}

/** The page of a line's product in the view's language: a sample's page, else its format's page. */
function productPathOf(shown: VariantDisplay, locale: LocaleCode): string | null {
  if (!shown.listed) return null;
  return shown.isSample
    ? pathTo('sample', locale, { sample: shown.productSlug })
    : pathTo('product', locale, { product: shown.productSlug, format: shown.variantSlug });
}

const itemJson = (order: OrderRow, r: ItemRow, view: View, shown: VariantDisplay | undefined): OrderItem => ({
  '@id': iri.orderItem(order.token_value, r.id),
  '@type': 'OrderItem',
  id: r.id,
  variant: iri.variant(r.variant_code),
  variantCode: r.variant_code,
  // A cart line is named in the language of the page that reads it, not in the one it was added from;
  // a variant gone from the catalogue keeps the name it was added under.
  productName: (!view.copiedNames && shown?.productName) || r.product_name,
  variantName: (!view.copiedNames && shown?.variantName) || r.variant_name,
  quantity: r.quantity,
  unitPrice: r.unit_price,
  originalUnitPrice: r.original_unit_price,
  total: r.unit_price * r.quantity,
  subscriptionInterval: r.subscription_interval,
  sourceItemList: r.source_item_list,
  upsell: r.upsell,
  productPath: shown ? productPathOf(shown, view.locale) : null,
  image: shown?.image ?? null,
  animal: shown?.animal ?? null,
  sample: shown?.isSample ?? false,
});

/** `read`: the order's lines when the call already has them (an add answers them with its write, their variants' displays with them). */
export async function itemsJson(q: Queryable, order: OrderRow, view: View, read?: OrderRead): Promise<OrderItem[]> {
  const rows = read?.items ?? (await itemsOf(q, order.id));
  const shown = read?.displays
    ? variantDisplaysOf(read.displays, view.uploadsUrl)
    : await findVariantDisplays(q, [...new Set(rows.map((r) => r.variant_code))], languageOf(view.locale), view.uploadsUrl);
  return rows.map((r) => itemJson(order, r, view, shown.get(r.variant_code)));
}

/** What a call already read of the order (an add answers it with its write): the answer reads none of it again. */
export interface OrderRead extends ShipmentAndPayments {
  items: readonly ItemRow[];
  /** The lines' variants as the answer's view shows them (its language), when the call read them. */
  displays?: readonly VariantDisplayRow[];
  /** The shipment's carrier as the channel offers it to the shipping country (null: not offered), when the call read it. */
  shippingMethod?: ShippingMethodRow | null;
}
