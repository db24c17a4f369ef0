import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { StepHarness } from './support/step-harness';
import { at } from './support/viewports';
import { diet, dietAnswered } from './fixtures/skincare-screens';

const meta = {
  title: 'Steps/Diet matrix',
  component: StepHarness,
  args: { screen: diet, onChange: fn(), onNext: fn() },
} satisfies Meta<typeof StepHarness>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Five foods, one frequency each (spec 000 §2.5 step 11): Next waits for every row (§5.1). */
const empty: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const next = canvas.getByRole('button', { name: 'Next' });
    await expect(next).toBeDisabled();
    const meat = canvas.getByRole('group', { name: 'Meat' });
    await userEvent.click(within(meat).getByRole('radio', { name: '3 times a week' }));
    await expect(args.onChange).toHaveBeenLastCalledWith({ profile_diet_meat: 'often' });
    await expect(next).toBeDisabled();
  },
};
export const Empty360 = at('xs', empty);
export const Empty768 = at('sm', empty);
export const Empty1280 = at('lg', empty);

/** Every row answered, as a returning shopper sees it: Next goes on. */
const answered: Story = {
  args: { screen: dietAnswered },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const dairy = canvas.getByRole('group', { name: 'Dairy' });
    await expect(within(dairy).getByRole('radio', { name: '1-2 times a week' })).toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(args.onNext).toHaveBeenCalledTimes(1);
  },
};
export const Answered360 = at('xs', answered);
export const Answered768 = at('sm', answered);
export const Answered1280 = at('lg', answered);
