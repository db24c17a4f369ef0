import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { StepHarness } from './support/step-harness';
import { at } from './support/viewports';
import { geoAggressors, newYorkAggressors } from './fixtures/haircare-screens';

const meta = {
  title: 'Steps/Geo-aggressors',
  component: StepHarness,
  args: { screen: geoAggressors, facts: { city: 'New York', aggressors: newYorkAggressors }, onChange: fn(), onNext: fn() },
} satisfies Meta<typeof StepHarness>;
export default meta;
type Story = StoryObj<typeof meta>;

/** "Here's what affects your hair in New York." with the aggressors there. */
const newYork: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent("Here's what affects your hair in New York.");
    await expect(canvasElement.querySelectorAll('.aggressors > li')).toHaveLength(4);
  },
};
export const NewYork360 = at('xs', newYork);
export const NewYork768 = at('sm', newYork);
export const NewYork1280 = at('lg', newYork);

/** The aggressors have not arrived: the title and Next only. */
const noAggressors: Story = { args: { facts: { city: 'New York' } } };
export const WithoutAggressors360 = at('xs', noAggressors);
export const WithoutAggressors768 = at('sm', noAggressors);
export const WithoutAggressors1280 = at('lg', noAggressors);
