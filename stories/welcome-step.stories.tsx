import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { StepHarness } from './support/step-harness';
import { at } from './support/viewports';
import { welcome, welcomeWithResume } from './fixtures/haircare-screens';

const meta = {
  title: 'Steps/Welcome',
  component: StepHarness,
  args: { screen: welcome, onChange: fn(), onNext: fn() },
} satisfies Meta<typeof StepHarness>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The haircare welcome: picture, title, subtitle, body and "Begin". */
const plain: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveFocus();
    await userEvent.click(canvas.getByRole('button', { name: 'Begin' }));
    await expect(args.onNext).toHaveBeenCalledTimes(1);
  },
};
export const Plain360 = at('xs', plain);
export const Plain768 = at('sm', plain);
export const Plain1280 = at('lg', plain);

/** With the "Resume here" link for shoppers who already gave an e-mail. */
const withResume: Story = {
  args: { screen: welcomeWithResume },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Already gave us your email? Resume here.' })).toHaveAttribute('href', '/signin');
  },
};
export const WithResumeLink360 = at('xs', withResume);
export const WithResumeLink768 = at('sm', withResume);
export const WithResumeLink1280 = at('lg', withResume);
