/**
 * The home carousel's sizes as a style sheet, written from the shop's numbers (CAROUSEL) rather than
 * typed again in CSS, where a media query cannot read a custom property. Each height applies from its
 * breakpoint up: 320 px below 768 px, 329 px from 768, 401 px from 1024, 500 px from 1260. A slide
 * travels for the move lock's time, and does not travel at all for a shopper who asks for less motion.
 */
import { createHash } from 'node:crypto';
import { CAROUSEL } from '../lib/constants.ts';

export function carouselCss(): string {
  const { heights, breakpoints, moveLockMs } = CAROUSEL;
  const height = (px: number) => `.carousel-viewport{height:${px}px}`;
  return [
    height(heights.default),
    `@media (min-width:${breakpoints.sm}px){${height(heights.mobile)}}`,
    `@media (min-width:${breakpoints.md}px){${height(heights.tablet)}}`,
    `@media (min-width:${breakpoints.lg}px){${height(heights.desktop)}}`,
    `.carousel.is-enhanced .carousel-track{transition:transform ${moveLockMs}ms ease-in-out}`,
    '@media (prefers-reduced-motion:reduce){.carousel.is-enhanced .carousel-track{transition:none}}',
  ].join('\n');
}

/**
 * The page policy's source for that sheet. The page's view admits it (Astro.csp.insertStyleHash) before its
 * layout writes the policy into the head: a component inside the layout's body would come too late.
 */
export const carouselCssHash = (): `sha256-${string}` => `sha256-${createHash('sha256').update(carouselCss()).digest('base64')}`;
