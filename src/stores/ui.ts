/** Site-wide UI state shared by islands and plain scripts: the mini cart and toasts. */
import { atom, type ReadableAtom } from 'nanostores';
import { systemTimers, type Timers } from './platform.ts';

export type ToastKind = 'success' | 'error' | 'info';
export interface Toast {
  id: number;
  kind: ToastKind;
  /** Already translated. */
  message: string;
}
export const TOAST_DURATION_MS = 5000;

export function createUiStore(timers: Timers = systemTimers) {
  const $miniCartOpen = atom(false);
  const $toasts = atom<Toast[]>([]);
  let nextId = 1;

  function dismissToast(id: number) {
    $toasts.set($toasts.get().filter((toast) => toast.id !== id));
  }

  return {
    $miniCartOpen: $miniCartOpen as ReadableAtom<boolean>,
    $toasts: $toasts as ReadableAtom<Toast[]>,
    openMiniCart: () => $miniCartOpen.set(true),
    closeMiniCart: () => $miniCartOpen.set(false),
    toggleMiniCart: () => $miniCartOpen.set(!$miniCartOpen.get()),
    /** Shows a toast; it goes away after `durationMs` (0: stays until dismissed). Returns its id. */
    toast(kind: ToastKind, message: string, durationMs: number = TOAST_DURATION_MS): number {
      const id = nextId++;
      $toasts.set([...$toasts.get(), { id, kind, message }]);
      if (durationMs > 0) timers.setTimeout(() => dismissToast(id), durationMs);
      return id;
    },
    dismissToast,
  };
}
export type UiStore = ReturnType<typeof createUiStore>;

/** The page's UI store: atoms only, nothing touches the browser until a toast times out. */
export const ui = createUiStore();
export const { $miniCartOpen, $toasts, openMiniCart, closeMiniCart, toggleMiniCart, toast, dismissToast } = ui;
