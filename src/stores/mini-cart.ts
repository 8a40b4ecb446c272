/**
 * Whether the mini cart under the header is open. The islands and the header's script meet here and
 * nowhere else: the add-to-cart island opens it after an add, the header's toggle opens and closes it,
 * and the header mounts the mini cart's island the first time it opens (src/page-scripts/header.ts), so a page
 * where nobody opens it never loads React for it. Atoms only: safe to import while Astro renders.
 */
import { atom, type ReadableAtom } from 'nanostores';

const $open = atom(false);
export const $miniCartOpen: ReadableAtom<boolean> = $open;
export const openMiniCart = (): void => $open.set(true);
export const closeMiniCart = (): void => $open.set(false);
export const toggleMiniCart = (): void => $open.set(!$open.get());
