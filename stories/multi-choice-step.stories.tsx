import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within, screen as page } from 'storybook/test';
import { StepHarness } from './support/step-harness';
import { at, settled } from './support/viewports';
import { otherHairLossCauses, stressIntensity, styles } from './fixtures/haircare-screens';

const meta = {
  title: 'Steps/Multi choice',
  component: StepHarness,
  args: { screen: styles, onChange: fn(), onNext: fn() },
} satisfies Meta<typeof StepHarness>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Products and tools in three groups (spec 000 §3.2), two pre-filled. */
const groups: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group', { name: 'STYLING PRODUCTS + TOOLS' })).toBeInTheDocument();
    await expect(canvas.getByRole('checkbox', { name: 'Shampoo' })).toBeChecked();
  },
};
export const Groups360 = at('xs', groups);
export const Groups768 = at('sm', groups);
export const Groups1280 = at('lg', groups);

/** "None of the above" clears the others and the others clear it (spec 000 §5.1). */
const exclusive: Story = {
  args: { screen: otherHairLossCauses },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const next = canvas.getByRole('button', { name: 'Next' });
    await expect(next).toBeDisabled();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Major stressful event' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'None of the above' }));
    await expect(canvas.getByRole('checkbox', { name: 'Major stressful event' })).not.toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith(['none']);
    await expect(next).toBeEnabled();
  },
};
export const ExclusiveOption360 = at('xs', exclusive);
export const ExclusiveOption768 = at('sm', exclusive);
export const ExclusiveOption1280 = at('lg', exclusive);

/** Stress factors with the follow-up modal open (spec 000 §2.5 step 7, §2.8 MedicalModal). */
const followUp: Story = {
  args: { screen: stressIntensity },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Stopped or started a new medication' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    const dialog = await page.findByRole('dialog', { name: 'Check with your doctor' });
    await settled(dialog);
    await expect(dialog).toBeVisible();
    await expect(args.onNext).not.toHaveBeenCalled();
  },
};
export const FollowUpModal360 = at('xs', followUp);
export const FollowUpModal768 = at('sm', followUp);
export const FollowUpModal1280 = at('lg', followUp);
