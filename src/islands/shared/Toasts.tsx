/** The page's toasts (ui store), announced politely; errors assertively. */
import { useStore } from '@nanostores/react';
import { $toasts, dismissToast } from '../../stores/ui.ts';

export function Toasts({ closeLabel }: { closeLabel: string }) {
  const toasts = useStore($toasts);
  return (
    <div className="toasts">
      <div role="status" aria-live="polite">
        {toasts
          .filter((t) => t.kind !== 'error')
          .map((t) => (
            <Toast key={t.id} id={t.id} kind={t.kind} message={t.message} closeLabel={closeLabel} />
          ))}
      </div>
      <div role="alert">
        {toasts
          .filter((t) => t.kind === 'error')
          .map((t) => (
            <Toast key={t.id} id={t.id} kind={t.kind} message={t.message} closeLabel={closeLabel} />
          ))}
      </div>
    </div>
  );
}

function Toast({ id, kind, message, closeLabel }: { id: number; kind: string; message: string; closeLabel: string }) {
  return (
    <p className={`toast toast-${kind}`}>
      <span>{message}</span>
      <button type="button" onClick={() => dismissToast(id)} aria-label={closeLabel}>
        ×
      </button>
    </p>
  );
}
