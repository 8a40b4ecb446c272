/**
 * What a cart surface (the cart page, the mini cart) says to screen readers when something changes out
 * of the shopper's focus: a line removed, the cart link's outcome. One polite live region per surface,
 * so a message is read once, where the shopper acted.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

interface Announcement {
  id: number;
  text: string;
}
interface AnnouncerValue {
  announce: (text: string) => void;
  /** Where focus goes when the surface's last line is removed (the page's or the panel's heading). */
  emptyFocus: () => HTMLElement | null;
}

const Context = createContext<AnnouncerValue>({ announce: () => undefined, emptyFocus: () => null });

export function Announcer({ children, emptyFocus }: { children: ReactNode; emptyFocus: () => HTMLElement | null }) {
  const [message, setMessage] = useState<Announcement | null>(null);
  const announce = useCallback((text: string) => setMessage((last) => ({ id: (last?.id ?? 0) + 1, text })), []);
  const value = useMemo(() => ({ announce, emptyFocus }), [announce, emptyFocus]);
  return (
    <Context.Provider value={value}>
      {children}
      <p className="visually-hidden" role="status" aria-live="polite" data-cart-announcer>
        {/* A new node per message: the same words said twice are read twice. */}
        {message && <span key={message.id}>{message.text}</span>}
      </p>
    </Context.Provider>
  );
}

export const useAnnouncer = (): AnnouncerValue => useContext(Context);

/** Focuses an element that is not focusable by itself (a heading), without scrolling the page away. */
export function focusHeading(heading: HTMLElement | null): void {
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
}
