import type { Decorator } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router';

/** Draws a renderer part inside the step frame, where its fonts and spacing come from. */
export const inStepFrame: Decorator = (Story) => (
  <div className="step-view">
    <Story />
  </div>
);

/** Draws a part of the results page inside the page frame the app gives it (app.css `.page`, results.css), under a router (its product links). */
export const inResultsPage: Decorator = (Story) => (
  <MemoryRouter>
    <div className="page page--narrow results">
      <Story />
    </div>
  </MemoryRouter>
);
