// Setup for the "dom" test project (jsdom): shared by tests/renderer, tests/app and tests/shop.
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// Vitest runs without globals, so Testing Library cannot register its own cleanup: unmount after each test.
afterEach(() => {
  cleanup();
});

// jsdom has no matchMedia; components and app code may ask for it (reduced motion, breakpoints).
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
