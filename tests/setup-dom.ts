// Setup for the "dom" test project (jsdom): shared by tests/renderer, tests/app and tests/shop.
import { afterEach, beforeAll } from 'vitest';
import { cleanup } from '@testing-library/react';
import { preloadStepComponents } from '../renderer/index';

// Step kinds load on demand in the app; tests load them all first, as a shopper's browser does once they start answering.
beforeAll(() => preloadStepComponents());

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
