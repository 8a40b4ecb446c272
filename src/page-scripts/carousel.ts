/**
 * The home carousel, over its pre-rendered markup (components/home/Carousel.astro): without this script
 * the slides are a row the shopper scrolls, every link reachable. With it, one slide shows at a time and
 * the others are inert; the previous, next and pause buttons appear; arrow keys and swipes move it; it
 * turns by itself (carousel-logic.ts) unless the shopper asks for less motion, and its live region only
 * speaks when it is not turning by itself. No framework: a few hundred bytes.
 */
import { carousel, swipeStep } from './carousel-logic.ts';

for (const root of document.querySelectorAll<HTMLElement>('[data-carousel]')) {
  const track = root.querySelector<HTMLElement>('[data-carousel-track]')!;
  const slides = [...track.children] as HTMLElement[];
  const toggle = root.querySelector<HTMLButtonElement>('[data-carousel-toggle]')!;
  const still = matchMedia('(prefers-reduced-motion: reduce)').matches;

  const turns = carousel(
    slides.length,
    {
      show(index) {
        const focused = track.contains(document.activeElement);
        track.style.transform = `translateX(${-100 * index}%)`;
        slides.forEach((slide, i) => {
          slide.inert = i !== index;
        });
        // A keyboard user moving from a slide's link lands on the new slide's, not on the page's start.
        if (focused) slides[index]!.querySelector('a')?.focus({ preventScroll: true });
      },
      turning(playing, turning) {
        toggle.textContent = toggle.dataset[playing ? 'pause' : 'play']!;
        track.setAttribute('aria-live', turning ? 'off' : 'polite');
      },
    },
    !still,
  );
  slides.forEach((slide, i) => {
    slide.inert = i !== 0;
  });
  root.classList.add('is-enhanced');
  root.querySelector<HTMLElement>('[data-carousel-controls]')!.hidden = false;

  root.querySelector('[data-carousel-previous]')!.addEventListener('click', () => turns.move(-1));
  root.querySelector('[data-carousel-next]')!.addEventListener('click', () => turns.move(1));
  toggle.addEventListener('click', () => turns.toggle());
  root.addEventListener('keydown', (event) => {
    const step = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
    if (step && !(event.target instanceof HTMLInputElement)) {
      event.preventDefault();
      turns.move(step);
    }
  });

  // Held still while the pointer or the focus is in it; not for the focus on its pause control, which the
  // shopper may have just pressed to play it (the carousel pattern of WAI-ARIA's practices).
  let pointer = false;
  let focus = false;
  const hold = () => turns.hold(pointer || focus);
  const holdsFocus = (target: EventTarget | null) => target instanceof Node && target !== toggle && root.contains(target);
  root.addEventListener('pointerenter', (event) => {
    pointer = event.pointerType === 'mouse';
    hold();
  });
  root.addEventListener('pointerleave', () => {
    pointer = false;
    hold();
  });
  root.addEventListener('focusin', (event) => {
    focus = holdsFocus(event.target);
    hold();
  });
  root.addEventListener('focusout', (event) => {
    focus = holdsFocus(event.relatedTarget);
    hold();
  });

  let start: { x: number; y: number } | undefined;
  track.addEventListener('pointerdown', (event) => {
    start = { x: event.clientX, y: event.clientY };
  });
  track.addEventListener('pointerup', (event) => {
    if (start) turns.move(swipeStep(event.clientX - start.x, event.clientY - start.y));
    start = undefined;
  });
  track.addEventListener('pointercancel', () => {
    start = undefined;
  });
}
