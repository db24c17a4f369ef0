// Setup for the "dom" test project (jsdom): shared by tests/renderer, tests/app and tests/shop.
import { afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { preloadStepComponents } from '../renderer/index';
import { resetErrorReports, setErrorTransport, type ClientErrorReport } from '../app/error-reports';
import { forgetFlags } from '../app/flags';

/** What the app reported during the current test (app/report-error.ts); there is no server to send it to here. */
export const errorReports: ClientErrorReport[] = [];
setErrorTransport((report) => errorReports.push(report));
afterEach(() => {
  errorReports.length = 0;
  resetErrorReports();
  // The flags store lives for a page load (app/flags.ts); each test is a new page load, with its own flags and GET /flags.
  forgetFlags();
});

// Step kinds load on demand in the app; tests load them all first, as a shopper's browser does once they start answering.
beforeAll(() => preloadStepComponents());

// findBy* and waitFor wait for their condition; their 1 s default would fail a test on a busy machine, so the
// test's own timeout (vitest.config.ts) is the limit that counts.
configure({ asyncUtilTimeout: 60_000 });

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
