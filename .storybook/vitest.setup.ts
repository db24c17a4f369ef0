import { setProjectAnnotations } from '@storybook/react-vite';
import { configure } from 'storybook/test';
import * as a11yAddonAnnotations from '@storybook/addon-a11y/preview';
import * as projectAnnotations from './preview';

// Stories run as tests with the preview's loaders, parameters and the a11y addon's axe check.
setProjectAnnotations([a11yAddonAnnotations, projectAnnotations]);

// A play function's findBy* and waitFor wait for their condition; their 1 s default would fail a story on a busy
// machine, so the test's own timeout (vitest.config.ts) is the limit that counts.
configure({ asyncUtilTimeout: 60_000 });
