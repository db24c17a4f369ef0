import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { StepHarness } from './support/step-harness';
import { at } from './support/viewports';
import { goals } from './fixtures/haircare-screens';

const meta = {
  title: 'Steps/Goals',
  component: StepHarness,
  args: { screen: goals, onChange: fn(), onNext: fn() },
} satisfies Meta<typeof StepHarness>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Hair goals (spec 000 §5.3): Next waits for one goal. */
const pick: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const next = canvas.getByRole('button', { name: 'Next' });
    await expect(next).toBeDisabled();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Volume' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Shine' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(['volume', 'shine']);
    await userEvent.click(next);
    await expect(args.onNext).toHaveBeenCalledTimes(1);
  },
};
export const PickGoals360 = at('xs', pick);
export const PickGoals768 = at('sm', pick);
export const PickGoals1280 = at('lg', pick);
