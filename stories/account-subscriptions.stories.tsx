import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import { expect, screen as page, userEvent, within } from 'storybook/test';
import type { Subscription } from '#api';
import { mockEndpoint, mockError } from '../api/client/mocks';
import '../app/styles/app.css';
import { sampleUser } from '../tests/api/client-fixtures';
import { adaAddresses, adaCards, adaSubscriptions, haircareForecast, onHoldForecast } from './fixtures/subscriptions';
import { AccountPage, signedIn } from './support/account-page';
import { at } from './support/viewports';

const meta = {
  title: 'Account/Subscriptions',
  component: AccountPage,
  args: { path: '/account/subscription/home' },
  beforeEach: signedIn,
} satisfies Meta<typeof AccountPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The API's answers: Ada's subscriptions (haircare active, supplements on hold, skincare canceled), her addresses and cards. */
function answers(options: { subscriptions?: Subscription[] | 'fails'; shipNow?: 'declined' } = {}): Story['beforeEach'] {
  return ({ msw }) => {
    const list = options.subscriptions ?? adaSubscriptions;
    msw.use(
      mockEndpoint('getAccount', () => sampleUser),
      mockEndpoint('getAddresses', () => adaAddresses),
      mockEndpoint('listPaymentMethods', () => adaCards),
      mockEndpoint('listSubscriptions', () => (list === 'fails' ? mockError(500, { code: 'server_error', detail: 'Something went wrong.' }) : list)),
      mockEndpoint('forecastSubscription', ({ params }) => (params.pubkey === 'sub_hair' ? haircareForecast : onHoldForecast)),
      mockEndpoint('previewSubscription', () => ({ ticket: null, gwps: [], forecast: haircareForecast, subscribed_products: [] })),
      mockEndpoint('shipSubscriptionNow', () =>
        options.shipNow === 'declined' ? mockError(402, { code: 'card_declined', detail: 'Your card was declined.' }) : new Promise<never>(() => undefined),
      ),
    );
  };
}

const LONG = { timeout: 60_000 };

/** Every part of the page stays within a phone's width. */
async function holds(context: StoryContext) {
  const document = context.canvasElement.ownerDocument;
  await expect(document.documentElement.scrollWidth, 'no horizontal scrolling').toBeLessThanOrEqual(document.defaultView!.innerWidth);
}

/** The home with the banner `status` picks (spec 001 §2), every subscription below it. */
function home(status: string, text: string, role: 'status' | 'alert' = 'status'): Story {
  return {
    args: { path: `/account/subscription/home?status=${status}&category=haircare` },
    beforeEach: answers(),
    play: async (context) => {
      const banner = await page.findByText(text, {}, LONG);
      await expect(banner).toHaveAttribute('role', role);
      await page.findByText(/Next charge December 10, 2026/, {}, LONG);
      await holds(context);
    },
  };
}

const updated = home('updated', 'Your changes have been saved');
export const HomeUpdated360 = at('xs', updated);
export const HomeUpdated1280 = at('lg', updated);
export const HomeCanceled360 = at('xs', home('canceled', 'Your haircare subscription has been cancelled'));
export const HomeCreated360 = at('xs', home('created', 'Your haircare subscription is active!'));
export const HomeSnoozed360 = at('xs', home('snoozed', 'Your haircare subscription has been snoozed'));
export const HomeResubscribed360 = at('xs', home('resubscribed', 'Welcome back! Your subscription is now active. Edit to make any changes.'));
export const HomeOfferApplied360 = at('xs', home('offer-applied', 'Your offer has been applied.'));
export const HomeError360 = at('xs', home('error', 'Your changes could not be saved', 'alert'));

/** Active, on hold for its card, canceled (offered again): the three states side by side, no banner. */
const states: Story = {
  beforeEach: answers(),
  play: async (context) => {
    const supplements = (await page.findByRole('heading', { level: 2, name: 'Hair supplements' }, LONG)).closest('li')!;
    await expect(within(supplements).getByRole('link', { name: 'Update your card' })).toHaveAttribute('href', '/account/payments');
    await expect(page.getByRole('button', { name: 'Resubscribe to skincare' })).toBeVisible();
    await page.findByText(/Next charge December 10, 2026/, {}, LONG);
    await holds(context);
  },
};
export const Subscriptions360 = at('xs', states);
export const Subscriptions1280 = at('lg', states);

export const NoSubscriptions360 = at('xs', {
  beforeEach: answers({ subscriptions: [] }),
  play: async (context: StoryContext) => {
    await expect(await page.findByRole('link', { name: 'Take the consultation' }, LONG)).toBeVisible();
    await holds(context);
  },
} satisfies Story);

/** The haircare subscription's page: products, delivery and payment, next charges, snooze, ship now, cancel. */
const edit: Story = {
  args: { path: '/account/subscription/haircare' },
  beforeEach: answers(),
  play: async (context) => {
    await expect(await page.findByRole('group', { name: 'Custom Shampoo' }, LONG)).toBeVisible();
    await page.findByText('Charged December 10, 2026', {}, LONG);
    await expect(page.getByRole('link', { name: 'Cancel subscription' })).toHaveAttribute('href', '/account/subscription/haircare/cancel');
    await holds(context);
  },
};
export const Edit360 = at('xs', edit);
export const Edit1280 = at('lg', edit);

/** A failed update lands here (spec 001 §2 ?status=error). */
export const EditError360 = at('xs', {
  args: { path: '/account/subscription/haircare?status=error' },
  beforeEach: answers(),
  play: async (context: StoryContext) => {
    await expect(await page.findByRole('alert', {}, LONG)).toHaveTextContent('Your changes could not be saved');
    // The editor is drawn in slices (a transition) after the banner: the picture waits for its last part, else the
    // frame could be measured for the shot before the page had grown to its full length.
    await page.findByText('Charged December 10, 2026', {}, LONG);
    await page.findByRole('link', { name: 'Cancel subscription' }, LONG);
    await holds(context);
  },
} satisfies Story);

/** Ship now, asked and under way (spec 001 §4: loading). */
export const ShipNowLoading360 = at('xs', {
  args: { path: '/account/subscription/haircare' },
  beforeEach: answers(),
  play: async (context: StoryContext) => {
    await userEvent.click(await page.findByRole('button', { name: 'Ship now' }, LONG));
    await expect(await page.findByText(/It is charged today to Visa •••• 4242/, {}, LONG)).toBeVisible();
    await userEvent.click(page.getByRole('button', { name: 'Yes, ship it now' }));
    await expect(await page.findByRole('button', { name: 'Placing your order…' })).toHaveAttribute('aria-busy', 'true');
    await holds(context);
  },
} satisfies Story);

/** Ship now refused by the bank: a payment error, with the way to update the card (spec 001 §8). */
const declined: Story = {
  args: { path: '/account/subscription/haircare' },
  beforeEach: answers({ shipNow: 'declined' }),
  play: async (context) => {
    await userEvent.click(await page.findByRole('button', { name: 'Ship now' }, LONG));
    await userEvent.click(page.getByRole('button', { name: 'Yes, ship it now' }));
    const alert = await page.findByRole('alert', {}, LONG);
    await expect(alert).toHaveTextContent('Your payment did not go through, so nothing was shipped. Your card was declined.');
    await expect(within(alert).getByRole('link', { name: 'Update your card' })).toBeVisible();
    await holds(context);
  },
};
export const ShipNowDeclined360 = at('xs', declined);
export const ShipNowDeclined1280 = at('lg', declined);

/** The list cannot be loaded: said, with Try again. */
export const LoadError360 = at('xs', {
  beforeEach: answers({ subscriptions: 'fails' }),
  play: async (context: StoryContext) => {
    await expect(await page.findByRole('heading', { name: 'We couldn’t load your subscriptions' }, LONG)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await holds(context);
  },
} satisfies Story);
