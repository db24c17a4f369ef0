import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import '../app/styles/app.css';
import { SoldOut } from '../shop/product-page/modules/sold-out';
import { at } from './support/viewports';

const meta = {
  title: 'Shop/Product page modules/Sold out',
  component: SoldOut,
  args: { product: 'candle', onJoin: fn(async () => {}) },
} satisfies Meta<typeof SoldOut>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A bad e-mail is refused inline; a good one joins the (mocked) waitlist. */
const waitlist: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByLabelText("E-mail me when it's back");
    await userEvent.type(field, 'ada@');
    await userEvent.click(canvas.getByRole('button', { name: 'Join the waitlist' }));
    await expect(canvas.getByText('Enter an e-mail address like name@example.com.')).toBeVisible();
    await expect(args.onJoin).not.toHaveBeenCalled();
    await userEvent.type(field, 'example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Join the waitlist' }));
    await expect(await canvas.findByRole('status')).toBeVisible();
    await expect(args.onJoin).toHaveBeenCalledWith({ product: 'candle', email: 'ada@example.com' });
  },
};
export const Waitlist360 = at('xs', waitlist);
export const Waitlist1280 = at('lg', waitlist);
