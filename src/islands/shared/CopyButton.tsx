/** A button that copies a text (a code, a link) and says so until the text changes. */
import { useState } from 'react';

export function CopyButton({
  text,
  label,
  done,
  className = 'button secondary',
}: {
  text: string;
  label: string;
  done: string;
  className?: string;
}) {
  const [copied, setCopied] = useState<string | null>(null);
  return (
    <button
      type="button"
      className={className}
      onClick={() =>
        navigator.clipboard?.writeText(text).then(
          () => setCopied(text),
          () => setCopied(null),
        )
      }
    >
      <span aria-live="polite">{copied === text ? done : label}</span>
    </button>
  );
}
