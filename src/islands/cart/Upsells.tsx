/**
 * A few products to complete the order, chosen at build time (the best-selling treats of each species) and
 * offered for the species in the cart (stores/cart/upsells.ts); added with the item call's `upsell` flag.
 */
import { type CSSProperties, useState } from 'react';
import type { PictureFiles } from '../../lib/catalogue/picture-files.ts';
import type { Order } from '../../lib/shop-api/orders.ts';
import { upsellsFor, type Species } from '../../stores/cart/upsells.ts';
import { toast } from '../../stores/ui.ts';
import { useIsland, useShop } from '../shared/island.tsx';
import { cartErrorText } from './errors.ts';

export interface Upsell {
  name: string;
  variantCode: string;
  variantName: string;
  price: number;
  animal: Species;
  /** The cart page's cards: the product's card picture (without one, the card keeps its frame) and its page. */
  picture?: PictureFiles;
  path?: string;
}

/** The treat's card picture: decorative, since the card's text names it; its frame is kept without one. */
function UpsellPicture({ picture }: { picture: PictureFiles | undefined }) {
  if (!picture) return <span className="upsell-picture" aria-hidden="true" />;
  return (
    <picture>
      {picture.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={picture.sizes} />
      ))}
      <img
        className="upsell-picture has-placeholder"
        src={picture.src}
        srcSet={picture.srcset}
        sizes={picture.sizes}
        width={picture.width}
        height={picture.height}
        alt=""
        loading="lazy"
        decoding="async"
        style={{ '--placeholder': `url(${picture.placeholder})` } as CSSProperties}
      />
    </picture>
  );
}

/** How many are offered: the frame of the cart page keeps their place. */
const SHOWN = 3;

export function Upsells({ upsells, cart }: { upsells: Upsell[]; cart: Order | null }) {
  const { t, price } = useIsland();
  const shop = useShop();
  const [pending, setPending] = useState<string | null>(null);
  const shown = upsellsFor(upsells, cart, SHOWN);
  if (shown.length === 0) return null;
  const add = async (upsell: Upsell) => {
    setPending(upsell.variantCode);
    try {
      await shop.cart.add({ variantCode: upsell.variantCode, quantity: 1, interval: 0, sourceItemList: 'cart_upsell', upsell: true });
      toast('success', t('cart.added', { name: upsell.name }));
    } catch (error) {
      toast('error', cartErrorText(error, t));
    } finally {
      setPending(null);
    }
  };
  return (
    <section className="upsells" aria-labelledby="upsells-title">
      <h2 id="upsells-title">{t('cart.upsells')}</h2>
      <ul>
        {/* Keyed by place: once the cart's species is known, the offers change in their cards, which stay where they are. */}
        {shown.map((u, place) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the place is the identity here (see above).
          <li key={place} className="card" data-animal={u.animal}>
            <UpsellPicture picture={u.picture} />
            <strong>{u.path ? <a href={u.path}>{u.name}</a> : u.name}</strong> <span className="muted">{u.variantName}</span>
            <span className="upsell-price">{price(u.price)}</span>
            <button
              type="button"
              className="button secondary"
              disabled={pending !== null}
              aria-busy={pending === u.variantCode || undefined}
              onClick={() => void add(u)}
              aria-label={`${t('cart.addUpsell')} ${u.name} ${u.variantName}`}
            >
              {t('cart.addUpsell')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
