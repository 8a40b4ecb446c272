/**
 * `client:intent`: an island whose server-rendered HTML already works (a form that is a cart link) loads
 * its code, React included, only when the shopper reaches for it: the pointer over it, a touch, focus, a
 * key. Nothing is fetched for it before any interaction, so the page's first load carries no framework.
 * A form submitted before the island has taken it is held (marked HELD_SUBMIT); the island, once it runs,
 * marks the form ISLAND_READY and submits a held form again, reading the fields as the shopper left them.
 * If the code cannot be loaded, a held form goes as it would without JavaScript. Registered in
 * astro.config.mjs; its attribute's type in ./client-directives.d.ts.
 */
import type { ClientDirective } from 'astro';

/** On a form submitted before its island ran: the island submits it again once it runs. */
export const HELD_SUBMIT = 'data-held-submit';
/** On a form its island has taken: its submissions are the island's. */
export const ISLAND_READY = 'data-island-ready';

/** What says the shopper is about to use the island. */
const INTENT = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

const hydrateOnIntent: ClientDirective = (load, _options, island) => {
  let loading = false;
  const start = async () => {
    if (loading) return;
    loading = true;
    for (const type of INTENT) island.removeEventListener(type, start, true);
    try {
      const hydrate = await load();
      await hydrate();
    } catch (error) {
      // The form still works as its HTML says: the cart link, as without JavaScript.
      for (const form of island.querySelectorAll<HTMLFormElement>(`form[${HELD_SUBMIT}]`)) {
        form.removeAttribute(HELD_SUBMIT);
        HTMLFormElement.prototype.submit.call(form);
      }
      throw error;
    }
  };
  for (const type of INTENT) island.addEventListener(type, start, { capture: true, passive: true });
  island.addEventListener(
    'submit',
    (event) => {
      const form = event.target as HTMLFormElement;
      if (form.hasAttribute(ISLAND_READY)) return;
      event.preventDefault();
      form.setAttribute(HELD_SUBMIT, '');
      start();
    },
    true,
  );
};

export default hydrateOnIntent;
