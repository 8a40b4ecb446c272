/** Site-wide toasts shared by the islands: short messages that go away by themselves. */
import { atom, type ReadableAtom } from 'nanostores';
import { systemTimers, type Timers } from './browser.ts';

type ToastKind = 'success' | 'error' | 'info';
interface Toast {
  id: number;
  kind: ToastKind;
  /** Already translated. */
  message: string;
}
const TOAST_DURATION_MS = 5000;

export function createUiStore(timers: Timers = systemTimers) {
  const $toasts = atom<Toast[]>([]);
  let nextId = 1;

  function dismissToast(id: number) {
    $toasts.set($toasts.get().filter((toast) => toast.id !== id));
  }

  return {
    $toasts: $toasts as ReadableAtom<Toast[]>,
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

/** The page's toasts: atoms only, nothing touches the browser until a toast times out. */
const ui = createUiStore();
export const { $toasts, toast, dismissToast } = ui;
