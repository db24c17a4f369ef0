import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ProgressTracker } from '../renderer/components';
import { at } from './support/viewports';
import { inStepFrame } from './support/frame';
import { sectionsAt } from './fixtures/build-screen';

const meta = {
  title: 'Parts/Progress tracker',
  component: ProgressTracker,
  decorators: [inStepFrame],
  args: { sections: sectionsAt('treatments') },
} satisfies Meta<typeof ProgressTracker>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Hair & Scalp done, Treatments current (spec 000 §2.2). */
const treatments: Story = {
  play: async ({ canvasElement }) => {
    const current = within(canvasElement).getByText('Treatments').closest('li');
    await expect(current).toHaveAttribute('aria-current', 'step');
  },
};
export const Treatments360 = at('xs', treatments);
export const Treatments768 = at('sm', treatments);
export const Treatments1280 = at('lg', treatments);

/** The last section: "Preferences" on phones, "Preferences & Goals" from 768px; the full name is always what is read. */
const preferences: Story = {
  args: { sections: sectionsAt('preferences') },
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Consultation progress' });
    await expect(within(list).getByText('Preferences & Goals')).toBeInTheDocument();
  },
};
export const Preferences360 = at('xs', preferences);
export const Preferences768 = at('sm', preferences);
export const Preferences1280 = at('lg', preferences);
