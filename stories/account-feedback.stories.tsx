import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import { expect, screen as page, within } from 'storybook/test';
import type { FeedbackOverview } from '#api';
import { mockEndpoint, mockError } from '../api/client/mocks';
import '../app/styles/app.css';
import { sampleUser } from '../tests/api/client-fixtures';
import { feedbackAwaiting, feedbackDone, feedbackEmpty, feedbackStarted } from './fixtures/feedback-overview';
import { rosaOrder } from './fixtures/orders';
import { AccountPage, signedIn } from './support/account-page';
import { at } from './support/viewports';

const meta = {
  title: 'Account/Review & Refine',
  component: AccountPage,
  args: { path: '/account/feedback' },
  beforeEach: signedIn,
} satisfies Meta<typeof AccountPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The API's answers for a story: Ada, her orders, and her feedback overview (or its failure). */
function answers(overview: FeedbackOverview | 'fails'): Story['beforeEach'] {
  return ({ msw }) => {
    const orders = [
      { ...rosaOrder, pubkey: 'ord_ada_42', serial_no: '100042', status: 'delivered' as const, display_status: 'delivered' },
      { ...rosaOrder, pubkey: 'ord_ada_1', serial_no: '100001' },
    ];
    msw.use(
      mockEndpoint('getAccount', () => sampleUser),
      mockEndpoint('getAddresses', () => []),
      mockEndpoint('getAccountFeedback', () => (overview === 'fails' ? mockError(500, { code: 'server_error', detail: 'Something went wrong.' }) : overview)),
      mockEndpoint('listOrders', () => ({ results: orders })),
      // The account's home also shows the subscriptions and upsell offers: Ada has none.
      mockEndpoint('listSubscriptions', () => []),
      mockEndpoint('getUpsell', () => mockError(404, { code: 'not_found', detail: 'No offer.' })),
      mockEndpoint(
        'getOrder',
        ({ params }) => orders.find((order) => order.pubkey === params.pubkey) ?? mockError(404, { code: 'not_found', detail: 'No such order.' }),
      ),
    );
  };
}

/** At a phone's 390 px (the stories' default frame), nothing sticks out sideways. */
async function holdsOnAPhone(context: StoryContext) {
  const document = context.canvasElement.ownerDocument;
  await expect(document.documentElement.scrollWidth, 'no horizontal scrolling').toBeLessThanOrEqual(document.defaultView!.innerWidth);
}

const region = (name: string) => page.findByRole('region', { name }, { timeout: 60_000 });

/** Order 100042 awaits its haircare and supplements feedback; 100001's haircare feedback is done. */
const awaiting: Story = {
  beforeEach: answers(feedbackAwaiting),
  play: async (context) => {
    const haircare = await region('Haircare');
    await expect(within(haircare).getByRole('link', { name: 'Give feedback on your haircare, order 100042' })).toHaveAttribute(
      'href',
      '/feedback/haircare?order=ord_ada_42&origin=account',
    );
    await expect(within(haircare).getByText(/Thank you/)).toBeVisible();
    await expect(await region('Hair supplements')).toBeVisible();
    await holdsOnAPhone(context);
  },
};
export const Awaiting = awaiting;
export const Awaiting1280 = at('lg', awaiting);

/** Skincare begun on an order on its way; a haircare order just paid. */
export const Started: Story = {
  beforeEach: answers(feedbackStarted),
  play: async (context) => {
    const skincare = await region('Skincare');
    await expect(within(skincare).getByRole('link', { name: 'Continue on your skincare, order 100050' })).toBeVisible();
    await expect(within(skincare).getByText(/Shipped, not delivered yet/)).toBeVisible();
    await holdsOnAPhone(context);
  },
};

/** Every feedback given: thanks, nothing to reopen. */
export const Done: Story = {
  beforeEach: answers(feedbackDone),
  play: async (context) => {
    await expect(await page.findByText(/You’re all caught up/, {}, { timeout: 60_000 })).toBeVisible();
    await expect(page.queryAllByRole('link', { name: /Give feedback|Continue/ })).toHaveLength(0);
    await holdsOnAPhone(context);
  },
};

/** No order yet: what feedback does, and the way to the shop. */
export const Empty: Story = {
  beforeEach: answers(feedbackEmpty),
  play: async (context) => {
    await expect(await page.findByRole('heading', { name: 'Nothing to review yet' }, { timeout: 60_000 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Take the consultation' })).toBeVisible();
    await holdsOnAPhone(context);
  },
};

/** The feedback cannot be loaded: said in an alert, with Try again and the way to the orders. */
export const LoadError: Story = {
  beforeEach: answers('fails'),
  play: async (context) => {
    await expect(await page.findByRole('alert', {}, { timeout: 60_000 })).toHaveTextContent('We couldn’t load your orders’ feedback just now.');
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'See your orders' })).toBeVisible();
    await holdsOnAPhone(context);
  },
};

/** /account: the greeting, the invitation for order 100042, and the account's parts. */
export const AccountHome: Story = {
  args: { path: '/account' },
  beforeEach: answers(feedbackAwaiting),
  play: async (context) => {
    const invitation = await region('How is your formula working?');
    await expect(invitation).toHaveTextContent('Tell us about order #100042 — your next formula will learn from it.');
    await expect(page.getByRole('link', { name: 'Review & Refine' })).toBeVisible();
    await expect(page.getByText('1 order awaits your feedback')).toBeVisible();
    await holdsOnAPhone(context);
  },
};

/** /account/orders: the invitation above the list. */
export const OrdersWithInvitation: Story = {
  args: { path: '/account/orders' },
  beforeEach: answers(feedbackAwaiting),
  play: async (context) => {
    const invitation = await region('How is your formula working?');
    await expect(within(invitation).getByRole('link', { name: 'Give haircare feedback' })).toBeVisible();
    await expect(await page.findByRole('link', { name: 'Order 100042' })).toBeVisible();
    await holdsOnAPhone(context);
  },
};
