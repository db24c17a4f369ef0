import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within, screen as page } from 'storybook/test';
import { StepHarness } from './support/step-harness';
import { at, settled } from './support/viewports';
import { routineProducts } from './fixtures/skincare-screens';

const meta = {
  title: 'Steps/Routine products',
  component: StepHarness,
  args: { screen: routineProducts, onChange: fn(), onNext: fn() },
} satisfies Meta<typeof StepHarness>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The products in their three groups (spec 000 §3.3 diag_routine_products); Next waits for one. */
const groups: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    for (const name of ['Cleansers', 'Treatments and moisturizers', 'Makeup']) {
      await expect(canvas.getByRole('group', { name })).toBeInTheDocument();
    }
    const next = canvas.getByRole('button', { name: 'Next' });
    await expect(next).toBeDisabled();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Micellar water' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Lip makeup' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(['micellar_water', 'lip_makeup']);
    await expect(next).toBeEnabled();
  },
};
export const Groups360 = at('xs', groups);
export const Groups768 = at('sm', groups);
export const Groups1280 = at('lg', groups);

/** Prescription creams or gels open the follow-up modal on Next (spec 000 §2.5 step 27, §2.8 MedicalModal). */
const followUp: Story = {
  args: { screen: { ...routineProducts, selection: ['moisturizer'] } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Prescription creams or gels' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    const dialog = await page.findByRole('dialog', { name: 'Keep using what your doctor prescribed' });
    await settled(dialog);
    await expect(dialog).toBeVisible();
    await expect(args.onNext).not.toHaveBeenCalled();
  },
};
export const FollowUpModal360 = at('xs', followUp);
export const FollowUpModal768 = at('sm', followUp);
export const FollowUpModal1280 = at('lg', followUp);
