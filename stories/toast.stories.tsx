import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Toast } from '../ui/toast';
import { at } from './support/viewports';
import '../app/styles/app.css';

/** A page with a toast whose message changes (spec 001 §9: re-shown after 250 ms when its content changes). */
function ToastDemo({ tone = 'success' as const }: { tone?: 'success' | 'error' | 'info' }) {
  const [count, setCount] = useState(1);
  const [open, setOpen] = useState(true);
  return (
    // A transformed frame holds the fixed toast, so the story's screenshot shows it at the frame's foot as on a phone.
    <div className="page" style={{ minHeight: 320, transform: 'translateZ(0)' }}>
      <h1>Custom Shampoo</h1>
      <button type="button" className="button button--primary" onClick={() => (setCount((n) => n + 1), setOpen(true))}>
        Add another
      </button>
      <Toast tone={tone} contentKey={open ? `added-${count}` : null} onClose={() => setOpen(false)}>
        <p>Added to your cart: Custom Shampoo × {count}, $38.00 each.</p>
      </Toast>
    </div>
  );
}

const meta = {
  title: 'Parts/Toast',
  component: ToastDemo,
} satisfies Meta<typeof ToastDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The toast at the foot of the screen; a second message hides it, then shows the new one 250 ms later. */
const shown: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('× 1');
    await userEvent.click(canvas.getByRole('button', { name: 'Add another' }));
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('× 2'));
  },
};
export const Shown360 = at('xs', shown);
export const Shown1280 = at('lg', shown);
