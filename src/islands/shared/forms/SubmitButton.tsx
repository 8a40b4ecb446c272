/** The form's submit button: disabled while the submission is under way. */
import type { ReactNode } from 'react';
import { useFormPending } from './Form.tsx';

export function SubmitButton({ children, busy = false }: { children: ReactNode; busy?: boolean }) {
  const pending = useFormPending() || busy;
  return (
    <button type="submit" className="button" disabled={pending} aria-busy={pending || undefined}>
      {children}
    </button>
  );
}
