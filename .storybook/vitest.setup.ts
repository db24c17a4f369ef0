import { setProjectAnnotations } from '@storybook/react-vite';
import * as a11yAddonAnnotations from '@storybook/addon-a11y/preview';
import * as projectAnnotations from './preview';

// Stories run as tests with the preview's loaders, parameters and the a11y addon's axe check.
setProjectAnnotations([a11yAddonAnnotations, projectAnnotations]);
