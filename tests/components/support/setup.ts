/** Before each component test file: React Testing Library unmounts what a test rendered, and the page's storage is emptied. */
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy… and waitFor end as soon as the page shows what they wait for; on two cores shared with the other passes of
// `npm test`, a file's first render (its imports) took over the default second.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
