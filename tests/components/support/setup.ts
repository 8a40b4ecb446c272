/** Before each component test file: React Testing Library unmounts what a test rendered, and the page's storage is emptied. */
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
