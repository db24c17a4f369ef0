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
  args: { category: 'haircare', cart: rosaCart, status: 'success', checkout: 'idle', onChange: fn(), onRetry: fn(), onCheckout: fn(), firstName: 'Maya' },
} satisfies Meta<typeof Screen>;
export default meta;
type Story = StoryObj<typeof meta>;

const fromResults: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Your haircare cart' })).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'Summary' })).toBeVisible();
    // Each line with its picture, the shopper's name on a custom product's label.
    await expect(canvas.getAllByTestId('picture-label')[0]).toHaveTextContent('Maya');
    // The offers: a short row of cards after the checkout button, each Add a 44 px target.
    const adds = canvas.getAllByRole('button', { name: /^Add / });
    await expect(adds.length).toBeLessThanOrEqual(4);
    for (const add of adds) await expect(add.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
    const checkout = canvas.getByRole('button', { name: 'Checkout' });
    await expect(checkout.compareDocumentPosition(adds[0]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await userEvent.click(adds[0]!);
    await expect(args.onChange).toHaveBeenCalledWith(expect.objectContaining({ kind: 'items' }));
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
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Your cart is empty.')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Browse haircare' })).toHaveAttribute('href', '/collections/haircare');
  },
};
/** Everything removed: the cart says it is empty, and its offers stay to start again. */
const emptiedWithOffers: Story = {
  args: { cart: { ...rosaCart, items: [] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Your cart is empty.')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Checkout' })).toBeNull();
    await expect(canvas.getAllByRole('button', { name: /^Add / }).length).toBeGreaterThan(0);
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
export const Empty1280 = at('lg', empty);
export const EmptiedWithOffers360 = at('xs', emptiedWithOffers);
export const EmptiedWithOffers1280 = at('lg', emptiedWithOffers);
export const Loading360 = at('xs', loading);
export const Failed360 = at('xs', failed);
export const Saving768 = at('sm', saving);
export const Loading1280 = at('lg', loading);
export const CheckoutRefused360 = at('xs', checkoutRefused);
