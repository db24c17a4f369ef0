import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router';
import { expect, fn, userEvent, within } from 'storybook/test';
import '../app/styles/app.css';
import { CartPage } from '../shop/cart/cart-page';
import { rosaCart, rosaCartWithBrush } from './fixtures/carts';
import { at } from './support/viewports';

/** The haircare cart in each of its states (spec 001 §2 Cart and checkout), drawn from carts the API really answered. */
function Screen(props: React.ComponentProps<typeof CartPage>) {
  return (
    <MemoryRouter>
      <div className="page">
        <CartPage {...props} />
      </div>
    </MemoryRouter>
  );
}

const meta = {
  title: 'Shop/Cart',
  component: Screen,
  args: { category: 'haircare', cart: rosaCart, status: 'success', checkout: 'idle', onChange: fn(), onRetry: fn(), onCheckout: fn() },
} satisfies Meta<typeof Screen>;
export default meta;
type Story = StoryObj<typeof meta>;

const fromResults: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Your haircare cart' })).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'Summary' })).toBeVisible();
  },
};
const withBrush: Story = {
  args: { cart: rosaCartWithBrush },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByLabelText('Complimentary monogram');
    await userEvent.clear(field);
    await userEvent.type(field, 'a1');
    await userEvent.click(canvas.getByRole('button', { name: 'Save monogram' }));
    await expect(canvas.getByText('Use one to three letters, A to Z.')).toBeVisible();
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};
const empty: Story = {
  args: { cart: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Your cart is empty.')).toBeVisible();
  },
};
const loading: Story = { args: { cart: null, status: 'loading' } };
const failed: Story = {
  args: { cart: null, status: 'error' },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};
const saving: Story = { args: { status: 'saving' } };
const checkoutRefused: Story = { args: { checkout: 'refused' } };

export const FromResults360 = at('xs', fromResults);
export const FromResults768 = at('sm', fromResults);
export const FromResults1280 = at('lg', fromResults);
export const WithBrush360 = at('xs', withBrush);
export const WithBrush1280 = at('lg', withBrush);
export const Empty360 = at('xs', empty);
export const Loading360 = at('xs', loading);
export const Failed360 = at('xs', failed);
export const Saving768 = at('sm', saving);
export const CheckoutRefused360 = at('xs', checkoutRefused);
