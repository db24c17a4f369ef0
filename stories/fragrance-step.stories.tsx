import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { StepHarness } from './support/step-harness';
import { at } from './support/viewports';
import { fragrance } from './fixtures/haircare-screens';

const meta = {
  title: 'Steps/Fragrance',
  component: StepHarness,
  args: { screen: fragrance, onChange: fn(), onNext: fn() },
} satisfies Meta<typeof StepHarness>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The haircare fragrances with their notes (spec 000 §3.5) and the fragrance-free choice. */
const choose: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const arcadia = canvas.getByRole('radio', { name: 'Arcadia' });
    await expect(arcadia).toHaveAccessibleDescription('Citrusy + Woody');
    await userEvent.click(canvas.getByRole('radio', { name: 'Fragrance-Free' }));
    await expect(args.onChange).toHaveBeenCalledWith('NONE');
  },
};
export const Choose360 = at('xs', choose);
export const Choose768 = at('sm', choose);
export const Choose1280 = at('lg', choose);
