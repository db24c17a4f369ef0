import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ApiError } from '../api/client/api-error';
import '../app/styles/app.css';
import { NO_REDEEMABLE_GIFT } from '../shop/gifts/redeem-code';
import { GiftRedeemPage, type RedeemAccount, type RedeemGift } from '../shop/gifts/redeem-page';
import { at } from './support/viewports';

const CODE = 'K7QM-2XPR-9HTV-4WZB';

const answers: Record<string, RedeemGift> = {
  credited: async () => ({ amount: 75, currency: 'USD', balance: 75 }),
  /** Never answers: the button stays "Claiming your gift…". */
  pending: () => new Promise(() => {}),
  noGift: async () => {
    throw new ApiError({ status: 404, code: 'no_redeemable_gift', detail: NO_REDEEMABLE_GIFT });
  },
  otherCountry: async () => {
    throw new ApiError({
      status: 422,
      code: 'gift_other_country',
      detail: 'This gift card was bought in Canada and can be redeemed only on an account that shops in Canada.',
    });
  },
};

const customer: RedeemAccount = { status: 'signed-in', email: 'sam.lee@example.com' };

/** /gift/redeem as the route draws it (app/gift/redeem-route.tsx), for the account and the answer the story says. */
function Redeem({ account, answer, code = CODE }: { account: RedeemAccount; answer: keyof typeof answers; code?: string }) {
  return (
    <MemoryRouter initialEntries={['/gift/redeem']}>
      <GiftRedeemPage account={account} initialCode={code} signInTo="/signin?next=%2Fgift%2Fredeem" redeem={answers[answer]!} />
    </MemoryRouter>
  );
}

const meta = {
  title: 'Shop/Gift card redeem',
  component: Redeem,
  args: { account: customer, answer: 'credited' },
} satisfies Meta<typeof Redeem>;
export default meta;
type Story = StoryObj<typeof meta>;

const press = (canvasElement: HTMLElement) => userEvent.click(within(canvasElement).getByRole('button', { name: 'Claim my gift' }));
const field = (canvasElement: HTMLElement) => within(canvasElement).getByLabelText('Gift card code');

const signedOut: Story = {
  args: { account: { status: 'signed-out' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Claim your gift' })).toBeVisible();
    const link = canvas.getByRole('link', { name: 'Sign in or create an account' });
    await expect(link).toHaveAttribute('href', '/signin?next=%2Fgift%2Fredeem');
    await expect(link.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
  },
};
const ready: Story = {
  play: async ({ canvasElement }) => {
    await expect(field(canvasElement)).toHaveValue(CODE);
    await expect(within(canvasElement).getByRole('button', { name: 'Claim my gift' }).getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
  },
};
const missing: Story = {
  args: { code: '' },
  play: async ({ canvasElement }) => {
    await press(canvasElement);
    await waitFor(() => expect(field(canvasElement)).toHaveAttribute('aria-invalid', 'true'));
    await expect(field(canvasElement)).toHaveFocus();
    await expect(within(canvasElement).getByText('Enter the code from your gift e-mail.')).toBeVisible();
  },
};
const noGift: Story = {
  args: { answer: 'noGift' },
  play: async ({ canvasElement }) => {
    await press(canvasElement);
    await expect(await within(canvasElement).findByText(NO_REDEEMABLE_GIFT)).toBeVisible();
    await expect(field(canvasElement)).toHaveAttribute('aria-invalid', 'true');
  },
};
const otherCountry: Story = {
  args: { answer: 'otherCountry' },
  play: async ({ canvasElement }) => {
    await press(canvasElement);
    await expect(await within(canvasElement).findByText(/bought in Canada/)).toBeVisible();
  },
};
const claiming: Story = {
  args: { answer: 'pending' },
  play: async ({ canvasElement }) => {
    await press(canvasElement);
    await expect(await within(canvasElement).findByRole('button', { name: 'Claiming your gift…' })).toHaveAttribute('aria-disabled', 'true');
  },
};
const credited: Story = {
  play: async ({ canvasElement }) => {
    await press(canvasElement);
    const done = await within(canvasElement).findByRole('region', { name: '$75 credited to your account' });
    await expect(within(done).getByText('It pays your next order.')).toBeVisible();
    await waitFor(() => expect(done).toHaveFocus());
    await expect(within(done).getAllByRole('link')).toHaveLength(3);
  },
};
const loading: Story = {
  args: { account: { status: 'loading' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Checking your account…');
  },
};

export const SignedOut360 = at('xs', signedOut);
export const SignedOut1280 = at('lg', signedOut);
export const Loading360 = at('xs', loading);
export const Loading1280 = at('lg', loading);
export const Ready360 = at('xs', ready);
export const Ready1280 = at('lg', ready);
export const Missing360 = at('xs', missing);
export const Missing1280 = at('lg', missing);
export const NoGift360 = at('xs', noGift);
export const NoGift1280 = at('lg', noGift);
export const OtherCountry360 = at('xs', otherCountry);
export const OtherCountry1280 = at('lg', otherCountry);
export const Claiming360 = at('xs', claiming);
export const Claiming1280 = at('lg', claiming);
export const Credited360 = at('xs', credited);
export const Credited1280 = at('lg', credited);
