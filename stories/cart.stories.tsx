import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router';
import { expect, fn, userEvent, within } from 'storybook/test';
import '../app/styles/app.css';
import type { Cart } from '#api';
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

/**
 * Rosa's cart with WELCOME (10% off: 18.275 → $18.28, half up) and $20 of gift card credit, as the server prices it
 * (server/cart/price-cart.ts): the discount splits into the subscriptions' saving and the coupon's line, the taxes are
 * on the goods after it, and the credit leaves $154.75 to pay.
 */
const withCouponCart: Cart = {
  ...rosaCart,
  items: [
    ...rosaCart.items,
    {
      ...rosaCart.items[0]!,
      category: 'coupon',
      type: 'coupon',
      product: 'WELCOME',
      slug: 'welcome',
      quantity: 1,
      label: 'Welcome, 10% off your first order',
      sku: null,
      unit_price: -18.28,
      total_price: -18.28,
      amount: 18.28,
      is_cart_visible: false,
      origin: 'promotion',
      property: 'discount',
      recommendation: null,
      variant: { product: { type: 'coupon' } },
      item_object: { label: 'Welcome, 10% off your first order', picture_name: null },
    },
  ],
  total_discount: 50.53,
  total_amount: 164.47,
  estimated_taxes: 10.28,
  amount_due: 174.75,
  payment_from_customer: 154.75,
  display_coupons: [{ code: 'WELCOME', label: 'Discount', amount: 18.28 }],
  gift_cards: [{ code: 'credit', amount: 20 }],
};
const withCoupon: Story = {
  args: { cart: withCouponCart, onCoupon: fn(async () => null) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const summary = within(canvas.getByRole('region', { name: 'Summary' }));
    await expect(summary.getByText('Subscription savings').nextElementSibling).toHaveTextContent('−$32.25');
    await expect(summary.getByText('Discount (WELCOME)').nextElementSibling).toHaveTextContent('−$18.28');
    await expect(summary.getByText('Gift card credit').nextElementSibling).toHaveTextContent('−$20');
    await expect(summary.getByText('To pay').nextElementSibling).toHaveTextContent('$154.75');
    // The coupon is drawn in the summary, not as a product line.
    await expect(canvas.queryByText('Welcome, 10% off your first order')).toBeNull();
    await userEvent.click(summary.getByRole('button', { name: 'Remove code WELCOME' }));
    await expect(args.onCoupon).toHaveBeenCalledWith(null);
  },
};
const couponRefused: Story = {
  args: { onCoupon: fn(async () => 'This code expired on June 30, 2026.') },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByLabelText('Promo or referral code');
    await userEvent.click(canvas.getByRole('button', { name: 'Apply' }));
    await expect(canvas.getByRole('alert')).toHaveTextContent('Enter a code.');
    await expect(args.onCoupon).not.toHaveBeenCalled();
    await userEvent.type(field, 'gone');
    await userEvent.click(canvas.getByRole('button', { name: 'Apply' }));
    await expect(args.onCoupon).toHaveBeenCalledWith('gone');
    await expect(await canvas.findByText('This code expired on June 30, 2026.')).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveValue('gone');
  },
};
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
export const WithCoupon360 = at('xs', withCoupon);
export const WithCoupon1280 = at('lg', withCoupon);
export const CouponRefused360 = at('xs', couponRefused);
