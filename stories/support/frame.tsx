import type { Decorator } from '@storybook/react-vite';

/** Draws a renderer part inside the step frame, where its fonts and spacing come from. */
export const inStepFrame: Decorator = (Story) => (
  <div className="step-view">
    <Story />
  </div>
);
