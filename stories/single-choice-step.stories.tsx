import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { StepHarness } from './support/step-harness';
import { at } from './support/viewports';
import { length, sensitivity, texture } from './fixtures/haircare-screens';

const meta = {
  title: 'Steps/Single choice',
  component: StepHarness,
  args: { screen: length, onChange: fn(), onNext: fn() },
} satisfies Meta<typeof StepHarness>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Length, nothing chosen yet; choosing reports the answer once (the engine moves on after 300 ms). */
const empty: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: 'Short' }));
    await expect(args.onChange).toHaveBeenCalledTimes(1);
    await expect(args.onChange).toHaveBeenCalledWith('short');
    await expect(canvas.getByRole('radio', { name: 'Short' })).toHaveAttribute('value', 'short');
  },
};
export const Empty360 = at('xs', empty);
export const Empty768 = at('sm', empty);
export const Empty1280 = at('lg', empty);

/** Integer answers pre-filled: the value attributes are the stored numbers. */
const prefilled: Story = {
  args: { screen: sensitivity },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radio', { name: 'Yes, for sure' })).toBeChecked();
    await expect(canvas.getByRole('radio', { name: 'Not at all' })).toHaveAttribute('value', '0');
  },
};
export const Prefilled360 = at('xs', prefilled);
export const Prefilled768 = at('sm', prefilled);
export const Prefilled1280 = at('lg', prefilled);

/** A tip with picture slides. */
const withSlides: Story = { args: { screen: texture } };
export const WithTipSlides360 = at('xs', withSlides);
export const WithTipSlides768 = at('sm', withSlides);
export const WithTipSlides1280 = at('lg', withSlides);

/** Waiting to move on, and an error from the save. */
const busyWithError: Story = { args: { screen: sensitivity, busy: true, error: 'We could not save your answer. Check your connection and try again.' } };
export const BusyWithError360 = at('xs', busyWithError);
export const BusyWithError768 = at('sm', busyWithError);
export const BusyWithError1280 = at('lg', busyWithError);
