/**
 * The phone's buy bar on a product page (ProductView.astro): once the purchase form's button has scrolled
 * up out of the screen, a bar with the price and an add button (submitting that same form) slides in at the
 * screen's foot; it slides away when the button comes back. Fixed and moved by a transform, it shifts
 * nothing, and the page keeps room for it at its end (the view's styles). Hidden from 768 px by the styles.
 */

/** Whether the bar shows: the form's button out of the screen, above it (scrolled past, not yet to come). */
export function buyBarShown(entry: { isIntersecting: boolean; boundingClientRect: { bottom: number } }): boolean {
  return !entry.isIntersecting && entry.boundingClientRect.bottom <= 0;
}

export function followBuyBar(bar: HTMLElement, button: HTMLElement): void {
  const observer = new IntersectionObserver((entries) => {
    const entry = entries.at(-1);
    if (entry) bar.classList.toggle('is-shown', buyBarShown(entry));
  });
  observer.observe(button);
}
