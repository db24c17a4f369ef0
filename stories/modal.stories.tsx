import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within, screen as page, waitFor } from 'storybook/test';
import { ModalDemo } from './support/modal-demo';
import { at, settled } from './support/viewports';

const meta = {
  title: 'Parts/Modal',
  component: ModalDemo,
  args: {
    title: 'Check with your doctor',
    body: 'Medication, treatments and scalp conditions can all affect your hair. Please ask your doctor before taking supplements while on medication.',
    action: 'Got it',
    onOpenFor: fn(),
  },
} satisfies Meta<typeof ModalDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Opened from a button: focus moves in, stays in, and Escape gives it back (spec 000 §2.8, §9: 360px, 650px from 768px, z-index 1501). */
const open: Story = {
  play: async ({ canvasElement }) => {
    const opener = within(canvasElement).getByRole('button', { name: 'Open the dialog' });
    await userEvent.click(opener);
    const dialog = await page.findByRole('dialog', { name: 'Check with your doctor' });
    await settled(dialog);
    await expect(dialog).toBeVisible();
    await expect(page.getByRole('button', { name: 'Got it' })).toHaveFocus();
    await userEvent.tab();
    await expect(page.getByRole('button', { name: 'Close' })).toHaveFocus();
    const width = dialog.getBoundingClientRect().width;
    const viewport = canvasElement.ownerDocument.defaultView!.innerWidth;
    await expect(width).toBeLessThanOrEqual(viewport >= 768 ? 650 : 360);
    await expect(getComputedStyle(dialog.parentElement!).zIndex).toBe('1501');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull());
    await expect(opener).toHaveFocus();
    // Shown open for the look and the axe check.
    await userEvent.click(opener);
    await settled(await page.findByRole('dialog'));
  },
};
export const Open360 = at('xs', open);
export const Open768 = at('sm', open);
export const Open1280 = at('lg', open);

/** Full-width mode. */
const fullWidth: Story = {
  args: { fullWidth: true, startOpen: true },
  play: async () => {
    await settled(await page.findByRole('dialog'));
  },
};
export const FullWidth360 = at('xs', fullWidth);
export const FullWidth768 = at('sm', fullWidth);
export const FullWidth1280 = at('lg', fullWidth);
