import type { StorybookConfig } from '@storybook/react-vite';

/** Storybook: every step kind and renderer part, drawn by the real renderer, with msw mocks typed by api/. */
const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../stories/**/*.stories.tsx'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-vitest'],
  staticDirs: ['../public'],
  // The machines have no outside network.
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // Storybook builds with the project's vite.config.ts (flows plugin, `flows` alias).
};
export default config;
