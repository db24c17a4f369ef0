import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { StepHarness } from './support/step-harness';
import { at } from './support/viewports';
import { color } from './fixtures/haircare-screens';

const meta = {
  title: 'Steps/Boolean',
  component: StepHarness,
  args: { screen: color, onChange: fn(), onNext: fn() },
} satisfies Meta<typeof StepHarness>;
export default meta;
type Story = StoryObj<typeof meta>;

/** "Do you color your hair?": Yes/No radios whose values are "true" and "false". */
const yesNo: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radio', { name: 'Yes' })).toHaveAttribute('value', 'true');
    await userEvent.click(canvas.getByRole('radio', { name: 'No' }));
    await expect(args.onChange).toHaveBeenCalledWith(false);
  },
};
export const YesNo360 = at('xs', yesNo);
export const YesNo768 = at('sm', yesNo);
export const YesNo1280 = at('lg', yesNo);
