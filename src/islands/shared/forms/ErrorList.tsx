/** Error and status texts: the form-level alert region, the errors under one field, a status line. */
import { useEffect, useRef } from 'react';

export function ErrorList({ messages, focus = false }: { messages: string[]; focus?: boolean }) {
  const ref = useFocus<HTMLDivElement>(focus);
  // Always in the page (empty when there is nothing to say), so screen readers announce what appears in it.
  return (
    <div ref={ref} className="form-errors" role="alert" tabIndex={-1} data-form-errors>
      {messages.length === 1 ? (
        <p>{messages[0]}</p>
      ) : (
        messages.length > 1 && (
          <ul>
            {messages.map((m, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: texts without state, rebuilt whole on each render; two errors may read the same, so the text is no key.
              <li key={i}>{m}</li>
            ))}
          </ul>
        )
      )}
    </div>
  );
}

/**
 * A field's errors, under it. The line is in the page before any error, one line tall: an error that appears
 * when the shopper leaves a field (for the next one) moves nothing, so their tap lands where they aimed.
 */
export function FieldErrors({ id, messages }: { id: string; messages: string[] }) {
  return (
    <p className="field-error" id={id}>
      {messages.map((message, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: texts without state, rebuilt whole on each render; two errors may read the same, so the text is no key.
        <span key={i}>{message}</span>
      ))}
    </p>
  );
}

/**
 * A polite status line (saved, sent…), kept in the page so its changes are announced. With `focus`, it
 * takes the focus when it appears (the form that had it is gone).
 */
export function StatusMessage({ message, focus = false }: { message: string | null; focus?: boolean }) {
  const ref = useFocus<HTMLDivElement>(focus && Boolean(message), message);
  return (
    <div ref={ref} className="form-status" role="status" tabIndex={focus ? -1 : undefined}>
      {message && <p>{message}</p>}
    </div>
  );
}

/** Focuses the element when `when` holds, again whenever `key` changes (a new message). */
function useFocus<T extends HTMLElement>(when: boolean, key: unknown = null) {
  const ref = useRef<T>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the trigger (a new message takes the focus again) although the effect does not read it.
  useEffect(() => {
    if (when) ref.current?.focus();
  }, [when, key]);
  return ref;
}
