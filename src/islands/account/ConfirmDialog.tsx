/**
 * A confirmation dialog: a modal `<dialog>` (showModal: the page behind is inert, Escape cancels), the
 * focus on the safe choice when it opens and back where it was when it closes.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { ErrorList } from '../shared/forms/ErrorList.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  pending?: boolean;
  errors?: string[];
  onConfirm: () => void;
  /** Called once the dialog closed (cancel, Escape, or after the action). */
  onClose: () => void;
}

/**
 * A modal `<dialog>` that opens and closes with `open` (showModal: the page behind is inert, Escape
 * closes it); `opened` runs once it shows (to place the focus). `closed` gives the focus back to where it
 * was before: call it from the dialog's close event.
 */
export function useModal(open: boolean, opened?: () => void) {
  const dialog = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows `open` only; `opened` is a new function at each render.
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.showModal();
      opened?.();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);
  const closed = () => {
    // The element that opened the dialog may be gone (the address was deleted): the caller then moves the focus.
    if (returnTo.current?.isConnected) returnTo.current.focus();
    returnTo.current = null;
  };
  return { dialog, closed };
}

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  pending = false,
  errors = [],
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  const id = useId();
  const modal = useModal(open, () => cancel.current?.focus());
  const dialog = modal.dialog;
  const closed = () => {
    modal.closed();
    onClose();
  };

  return (
    <dialog ref={dialog} className="confirm-dialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} onClose={closed}>
      <h2 id={`${id}-title`}>{title}</h2>
      <div id={`${id}-text`}>{children}</div>
      <ErrorList messages={errors} />
      <div className="form-actions">
        <button type="button" className="button" onClick={onConfirm} disabled={pending} aria-busy={pending || undefined}>
          {confirmLabel}
        </button>
        <button ref={cancel} type="button" className="button secondary" onClick={() => dialog.current?.close()} disabled={pending}>
          {cancelLabel}
        </button>
      </div>
    </dialog>
  );
}
