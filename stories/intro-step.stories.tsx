import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { StepHarness } from './support/step-harness';
import { at } from './support/viewports';
import { treatmentsIntro } from './fixtures/haircare-screens';

const meta = {
  title: 'Steps/Intro (transition)',
  component: StepHarness,
  args: { screen: treatmentsIntro, onChange: fn(), onNext: fn() },
} satisfies Meta<typeof StepHarness>;
export default meta;
type Story = StoryObj<typeof meta>;

/** "Section 2 How you style" (spec 000 §2.2): the picture keeps its space while it loads. */
const section2: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Section 2 How you style');
    const image = canvasElement.querySelector('img');
    await expect(image).toHaveAttribute('width', '640');
    await expect(image).toHaveAttribute('height', '360');
  },
};
export const SectionTwo360 = at('xs', section2);
export const SectionTwo768 = at('sm', section2);
export const SectionTwo1280 = at('lg', section2);
