/**
 * Cart items. Names and prices come from the catalogue (asked of the content module) in the cart's
 * language and are copied onto the item: the order keeps what was sold even if the catalogue changes.
 * A line is one variant at one interval: adding the same again adds to its quantity.
 */
import { Hono } from 'hono';
import { subscriptionPrice } from '../../../lib/catalogue/pricing.ts';
import { VARIANT_CODE } from '../../../lib/constants.ts';
import { channels, type Language, languageOf } from '../../../lib/channels.ts';
import { SHOP_API_PREFIX } from '../../../lib/shop-api/iri.ts';
import { findVariant, type SellableVariant } from '../../content/repository.ts';
import { notFound, refuse } from '../shared/errors.ts';
import { ld, noContent, parseBody } from '../shared/request.ts';
import { idParam } from '../shared/ids.ts';
import type { ShopContext, ShopDeps, ShopEnv } from '../shared/deps.ts';
import { addItemRequest, QUANTITY, updateItemRequest } from '../../../lib/shop-api/requests/carts.ts';
import { answerView } from '../orders/view.ts';
import { orderJson } from '../orders/answer.ts';
import type { OrderRow } from '../orders/repository.ts';
import { withCart, withCartForAdd } from './cart.ts';
import { addToCart, findItem, findLine, removeItem, setItem, setItemQuantity, touchOrder } from './repository.ts';

/** Distinct lines a cart may hold: bounds the work of pricing one. */
const MAX_CART_LINES = 50;

/** A variant code from a code or an IRI (`/api/v2/shop/product-variants/12345678`). */
function variantCodeOf(reference: string): string | null {
  const prefix = `${SHOP_API_PREFIX}/product-variants/`;
  const code = reference.startsWith(prefix) ? reference.slice(prefix.length) : reference;
  return VARIANT_CODE.test(code) ? code : null;
}

/**
 * The variant as the cart's channel sells it. The catalogue has no assortment but its languages: a product is on
 * a site when it is published in a language the site speaks (FR: French; BE: French and Dutch, one cart serving
 * both). So a variant published only in Dutch is not sold on the FR site, and a BE cart takes it whichever of
 * its two languages it was made in. Read in the cart's language first: the line keeps those names.
 */
function onChannel(order: OrderRow, variants: Partial<Record<Language, SellableVariant>>): SellableVariant | null {
  const spoken = channels[order.channel_code].locales.map(languageOf);
  for (const language of [languageOf(order.locale_code), ...spoken]) {
    const variant = spoken.includes(language) ? variants[language] : undefined;
    if (variant) return variant;
  }
  return null;
}

const unitPriceOf = (originalPrice: number, interval: number) => (interval > 0 ? subscriptionPrice(originalPrice) : originalPrice);

export function itemRoutes(deps: ShopDeps): Hono<ShopEnv> {
  const app = new Hono<ShopEnv>();
  const tooMany = (c: ShopContext) => refuse(c.get('lang'), { path: 'quantity', code: 'OUT_OF_RANGE', params: QUANTITY });
  // A sample is sent once with an order: a subscription would ship it again and again.
  const sampleNotSubscribable = (c: ShopContext) =>
    refuse(c.get('lang'), { path: 'subscriptionInterval', code: 'SAMPLE_NOT_SUBSCRIBABLE' });

  app.patch('/orders/:token/items', async (c) => {
    const lang = c.get('lang');
    const body = await parseBody(c, addItemRequest);
    const code = variantCodeOf(body.productVariant);
    // The order row is locked first by every item call: parallel adds to one cart queue up on it. A malformed
    // code finds no variant, after the cart was found.
    return ld(
      c,
      await withCartForAdd(c, deps, code ?? '', async (tx, order, variants) => {
        const variant = onChannel(order, variants);
        if (!variant) throw refuse(lang, { path: 'productVariant', code: 'VARIANT_NOT_FOUND' });
        if (!variant.shown) throw refuse(lang, { path: 'productVariant', code: 'VARIANT_NOT_AVAILABLE' });
        if (!variant.inStock) throw refuse(lang, { path: 'productVariant', code: 'VARIANT_OUT_OF_STOCK' });
        if (variant.isSample && body.subscriptionInterval > 0) throw sampleNotSubscribable(c);
        const content = {
          ...variant,
          variantCode: variant.code,
          originalUnitPrice: variant.basePrice,
          unitPrice: unitPriceOf(variant.basePrice, body.subscriptionInterval),
        };
        // One statement writes the line and answers the cart's lines with their variants in the answer's language:
        // the answer is priced and written from them, not read again.
        const view = answerView(c, deps, order);
        const { items, displays, ...shipmentAndPayments } = await addToCart(
          tx,
          order.id,
          { ...content, ...body, interval: body.subscriptionInterval, now: deps.clock() },
          { maxQuantity: QUANTITY.max, maxLines: MAX_CART_LINES },
          languageOf(view.locale),
        );
        const line = items.find((i) => i.variant_code === variant.code && i.subscription_interval === body.subscriptionInterval);
        if (!line) throw refuse(lang, { path: 'productVariant', code: 'CART_FULL', params: { max: MAX_CART_LINES } });
        if (!line.written) throw tooMany(c);
        return orderJson(tx, order, deps.clock(), view, { items, displays: displays ?? [], ...shipmentAndPayments });
      }),
    );
  });

  app.patch('/orders/:token/items/:id', async (c) => {
    const id = idParam(c);
    const body = await parseBody(c, updateItemRequest);
    return ld(
      c,
      await withCart(c, deps, async (tx, order) => {
        const item = await findItem(tx, order.id, id);
        if (!item) throw notFound();
        const quantity = body.quantity ?? item.quantity;
        const interval = body.subscriptionInterval ?? item.subscription_interval;
        if (interval > 0 && interval !== item.subscription_interval) {
          const variant = await findVariant(tx, item.variant_code, languageOf(order.locale_code));
          if (variant?.isSample) throw sampleNotSubscribable(c);
        }
        const twin = interval === item.subscription_interval ? null : await findLine(tx, order.id, item.variant_code, interval);
        if (twin) {
          // Moving a line to an interval the variant already has there: the two lines become one.
          if (twin.quantity + quantity > QUANTITY.max) throw tooMany(c);
          await removeItem(tx, order.id, item.id);
          await setItemQuantity(tx, twin.id, twin.quantity + quantity);
        } else {
          await setItem(tx, item.id, { quantity, interval, unitPrice: unitPriceOf(item.original_unit_price, interval) });
        }
        await touchOrder(tx, order.id, deps.clock());
        return orderJson(tx, order, deps.clock(), answerView(c, deps, order));
      }),
    );
  });

  app.delete('/orders/:token/items/:id', async (c) => {
    const id = idParam(c);
    await withCart(c, deps, async (tx, order) => {
      if (!(await removeItem(tx, order.id, id))) throw notFound();
      await touchOrder(tx, order.id, deps.clock());
    });
    return noContent(c);
  });

  return app;
}
