/**
 * The page's look follows the session: CSS shows or hides what is for logged-in shoppers and subscribers
 * through classes on <body>, so static pages need no island to adapt.
 */
import type { ReadableAtom } from 'nanostores';

/** Keeps `is-logged`/`is-anonymous` and `is-subscriber` on an element (document.body). */
export function bindBodyClasses(
  element: { classList: { toggle(name: string, force?: boolean): unknown } },
  $loggedIn: ReadableAtom<boolean>,
  $subscriber: ReadableAtom<boolean>,
): () => void {
  const update = () => {
    const logged = $loggedIn.get();
    element.classList.toggle('is-logged', logged);
    element.classList.toggle('is-anonymous', !logged);
    element.classList.toggle('is-subscriber', logged && $subscriber.get());
  };
  const stops = [$loggedIn.subscribe(update), $subscriber.subscribe(update)];
  return () => {
    for (const stop of stops) stop();
  };
}
