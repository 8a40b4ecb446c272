/**
 * What a guide's result says once its food is in the cart, with the way there: the guides' pages show the
 * logo alone (no cart in their header), and a toast went away before the shopper could act on it. The line
 * stays where the shopper clicked, in a live region drawn from the start so that a screen reader says it.
 */
import { pathTo } from '../../lib/routes/paths.ts';
import { useIsland } from './island.tsx';

export function AddedToCart({ message }: { message: string | null }) {
  const { t, locale } = useIsland();
  return (
    <div role="status" className="guide-added" data-guide-added>
      {message && (
        <p>
          <span>{message}</span> <a href={pathTo('cart', locale)}>{t('cart.mini.viewCart')}</a>
        </p>
      )}
    </div>
  );
}
