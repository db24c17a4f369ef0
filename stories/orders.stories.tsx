import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router';
import { expect, userEvent, within } from 'storybook/test';
import '../app/styles/app.css';
import { OrderDetail, OrderList } from '../shop/orders/order-views';
import { rosaOrder } from './fixtures/orders';
import { at } from './support/viewports';

/** The account's orders (spec 001 §4 Orders), drawn from an order the API really answered (stories/fixtures/orders.ts). */
function Screen({ view }: { view: 'list' | 'empty' | 'detail' | 'failed' | 'waiting' | 'credit' }) {
  const failed = {
    ...rosaOrder,
    pubkey: 'ord_failed',
    serial_no: '100000',
    status: 'payment_failed' as const,
    display_status: 'payment_failed',
    payment: { card: null },
  };
  const waiting = {
    ...rosaOrder,
    status: 'pending_payment' as const,
    display_status: 'pending_payment',
    paid_at: null,
    next_action: { url: '/checkout/confirm-payment/ch_test_story' },
  };
  // Paid partly with $50 of gift card credit (issue 28): the card paid the rest.
  const credit = { ...rosaOrder, credit_applied: 50, total_amount: 229.65 };
  return (
    <MemoryRouter>
      <div className="page page--narrow">
        {view === 'list' ? <OrderList orders={[rosaOrder, failed]} /> : null}
        {view === 'empty' ? <OrderList orders={[]} /> : null}
        {view === 'detail' ? <OrderDetail order={rosaOrder} /> : null}
        {view === 'failed' ? <OrderDetail order={failed} /> : null}
        {view === 'waiting' ? <OrderDetail order={waiting} /> : null}
        {view === 'credit' ? <OrderDetail order={credit} /> : null}
      </div>
    </MemoryRouter>
  );
}

const meta = { title: 'Shop/Orders', component: Screen, args: { view: 'list' } } satisfies Meta<typeof Screen>;
export default meta;
type Story = StoryObj<typeof meta>;

const list: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // §4 Orders: a paid order reads "processing"; an attempt whose payment failed says so.
    await expect(canvas.getByRole('link', { name: 'Order 100001' })).toHaveAttribute('href', '/account/orders/ord_rosa');
    await expect(canvas.getByText('Processing')).toBeVisible();
    await expect(canvas.getByText('Payment did not go through')).toBeVisible();
  },
};
const empty: Story = {
  args: { view: 'empty' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Take the consultation' })).toBeVisible();
  },
};
const detail: Story = {
  args: { view: 'detail' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Order 100001' })).toBeVisible();
    await expect(canvas.getByText('Paid with Visa ending 4242')).toBeVisible();
    // The formula as ordered opens (a native <details>: the keyboard opens it too).
    const [firstFormula] = canvas.getAllByText(/What’s in it/);
    await userEvent.click(firstFormula!);
    await expect(firstFormula!.closest('details')).toHaveAttribute('open');
    await expect(canvas.getAllByText(/Aqua|Water/i)[0]).toBeVisible();
  },
};
const waiting: Story = {
  args: { view: 'waiting' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Confirm it' })).toHaveAttribute('href', '/checkout/confirm-payment/ch_test_story');
  },
};

const credit: Story = {
  args: { view: 'credit' },
  play: async ({ canvasElement }) => {
    // The checkout summary's words: the total, the gift card credit, and what the card paid.
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Gift card credit')).toBeVisible();
    await expect(canvas.getByText('−$50')).toBeVisible();
    await expect(canvas.getByText('$229.65')).toBeVisible();
  },
};

export const List360 = at('xs', list);
export const List1280 = at('lg', list);
export const Empty360 = at('xs', empty);
export const Detail360 = at('xs', detail);
export const Detail1280 = at('lg', detail);
const failed: Story = { args: { view: 'failed' } };
export const PaymentFailed360 = at('xs', failed);
export const WaitingForBank360 = at('xs', waiting);
export const GiftCardCredit360 = at('xs', credit);
export const GiftCardCredit1280 = at('lg', credit);
