import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Tip } from '../renderer/components';
import { at } from './support/viewports';
import { inStepFrame } from './support/frame';
import { length, texture } from './fixtures/haircare-screens';

const meta = {
  title: 'Parts/Tip',
  component: Tip,
  decorators: [inStepFrame],
  args: { tip: length.tip! },
} satisfies Meta<typeof Tip>;
export default meta;
type Story = StoryObj<typeof meta>;

/** "Why we ask:" and its text. */
const text: Story = {};
export const Text360 = at('xs', text);
export const Text768 = at('sm', text);
export const Text1280 = at('lg', text);

/** "Did you know…" with picture slides; previous/next wrap around. */
const slides: Story = {
  args: { tip: texture.tip! },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group', { name: '1 of 4' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Next picture' }));
    await expect(canvas.getByRole('img', { name: 'Wavy strands in an S shape' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Previous picture' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Previous picture' }));
    await expect(canvas.getByRole('group', { name: '4 of 4' })).toBeInTheDocument();
  },
};
export const Slides360 = at('xs', slides);
export const Slides768 = at('sm', slides);
export const Slides1280 = at('lg', slides);
