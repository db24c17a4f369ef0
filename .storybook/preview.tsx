import type { Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { signUpHandler } from '../stories/mocks/sign-up-mocks';
import '../ui/index.css';
import '../renderer/styles/index.css';
import { preloadStepComponents } from '../renderer/index';
import { appTokens } from '../app/app-services';
import { setErrorTransport } from '../app/error-reports';
import { forgetFlags } from '../app/flags';

// A story has no server to take error reports: the console shows them (app/report-error.ts logs every error).
setErrorTransport(() => undefined);
import './preview.css';

/** The spec's breakpoints (000 §9); stories render at xs, sm and lg, the others are there to look at. */
export const viewportOptions = {
  xs: { name: 'Phone (360)', styles: { width: '360px', height: '780px' }, type: 'mobile' },
  sm: { name: 'Tablet (768)', styles: { width: '768px', height: '1024px' }, type: 'tablet' },
  md: { name: 'Small laptop (1024)', styles: { width: '1024px', height: '768px' }, type: 'desktop' },
  lg: { name: 'Desktop (1280)', styles: { width: '1280px', height: '800px' }, type: 'desktop' },
  xl: { name: 'Wide (1920)', styles: { width: '1920px', height: '1080px' }, type: 'desktop' },
} as const;

const preview: Preview = {
  // Step kinds load on demand in the app; stories load them first so each renders at once.
  loaders: [mswLoader(), async () => ({ stepKinds: await preloadStepComponents() })],
  beforeEach({ msw }) {
    // Every story starts as a first-time visitor on a fresh device: tokens a story before it stored (signing up), the
    // cart's count, the label's name and anything else kept on the device are forgotten, so no story depends on which
    // ran first (a story's own beforeEach, which runs after this one, sets what it needs).
    appTokens.clear();
    localStorage.clear();
    sessionStorage.clear();
    // Each story is a new page load: the flags it mocks are asked again (app/flags.ts keeps them for a page load).
    forgetFlags();
    // Sign-up succeeds unless a story says otherwise.
    msw.use(signUpHandler('signed-up'));
  },
  parameters: {
    layout: 'fullscreen',
    viewport: { options: viewportOptions },
    // Any axe violation fails the story's test.
    a11y: { test: 'error' },
    controls: { expanded: true },
  },
};
export default preview;
