/**
 * SPEC §9: the next page's payload is fetched on link hover (Astro's prefetch, astro.config.mjs) or
 * visibility. One second after the page is drawn, the links marked `data-prefetch-visible` (the product
 * cards: from a grid, the likeliest next page) are fetched once each as they come into view, so a shopper
 * who taps a card on a phone (no hover there) finds its page already fetched. Astro's prefetch() skips a
 * save-data or 2g connection (slow-2g included), an address already fetched and another origin.
 */
import { prefetch } from 'astro:prefetch';
import { PAYLOAD_PRELOAD_DELAY_MS } from '../lib/constants.ts';

function watchVisibleLinks(): void {
  if (!('IntersectionObserver' in window)) return;
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      prefetch((entry.target as HTMLAnchorElement).href);
    }
  });
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-prefetch-visible]')) observer.observe(link);
}

const afterLoad = () => setTimeout(watchVisibleLinks, PAYLOAD_PRELOAD_DELAY_MS);
if (document.readyState === 'complete') afterLoad();
else addEventListener('load', afterLoad, { once: true });
