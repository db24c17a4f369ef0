import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import { expect, screen as page, userEvent, waitFor, within } from 'storybook/test';
import type { Address, Subscription, UpsellOffer, User } from '#api';
import { mockEndpoint, mockError } from '../api/client/mocks';
import '../app/styles/app.css';
import {
  adaAddresses,
  adaHaircare,
  adaOrders,
  adaSkincareOnHold,
  adaWithPhone,
  skincareOfferUnanswered,
  supplementsOffer,
  supplementsPreview,
} from './fixtures/account-pages';
import { savedVisa } from './fixtures/checkout';
import { feedbackAwaiting, feedbackEmpty } from './fixtures/feedback-overview';
import { AccountPage, signedIn } from './support/account-page';
import { at } from './support/viewports';

const meta = {
  title: 'Account/Overview, profile and addresses',
  component: AccountPage,
  args: { path: '/account' },
  beforeEach: signedIn,
} satisfies Meta<typeof AccountPage>;
export default meta;
type Story = StoryObj<typeof meta>;

interface Answers {
  user?: User;
  subscriptions?: Subscription[];
  offers?: { haircare?: UpsellOffer; supplements?: UpsellOffer; skincare?: UpsellOffer };
  invitation?: boolean;
  addresses?: Address[];
  profileRefusal?: Record<string, string[]>;
}

/** The API's answers for a story: Ada, her orders, subscriptions, offers, addresses. */
function answers(given: Answers = {}): Story['beforeEach'] {
  return ({ msw }) => {
    let book = [...(given.addresses ?? adaAddresses)];
    msw.use(
      mockEndpoint('getAccount', () => given.user ?? adaWithPhone),
      mockEndpoint('getAddresses', () => book),
      mockEndpoint('patchAddress', ({ params, body }) => {
        const updated = { ...book.find((a) => a.pubkey === params.pubkey)!, ...body } as Address;
        book = book.map((a) => (a.pubkey === params.pubkey ? updated : updated.primary ? { ...a, primary: false } : a));
        return updated;
      }),
      mockEndpoint('getAccountFeedback', () => (given.invitation ? feedbackAwaiting : feedbackEmpty)),
      mockEndpoint('listOrders', () => ({ results: adaOrders })),
      mockEndpoint('listSubscriptions', () => given.subscriptions ?? []),
      mockEndpoint('getUpsell', ({ params, query }) => {
        const key = query.get('sub_category') === 'supplements' ? 'supplements' : (params.category as 'haircare' | 'skincare');
        return given.offers?.[key] ?? mockError(404, { code: 'not_found', detail: 'No offer.' });
      }),
      mockEndpoint('previewUpsell', () => supplementsPreview),
      mockEndpoint('listPaymentMethods', () => [savedVisa]),
      mockEndpoint('patchAccount', ({ body }) =>
        given.profileRefusal
          ? mockError(400, { code: 'validation_error', detail: 'Check the fields.', fields: given.profileRefusal })
          : ({ ...(given.user ?? adaWithPhone), ...body } as User),
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

/** /account with everything: the feedback invitation, two subscriptions (one on hold), two offers, the latest orders. */
const overview: Story = {
  beforeEach: answers({
    invitation: true,
    subscriptions: [adaHaircare, adaSkincareOnHold],
    offers: { supplements: supplementsOffer, skincare: skincareOfferUnanswered },
  }),
  play: async (context) => {
    const offers = await region('Add to your subscription');
    // Each offer loads on its own: the part shows with the first.
    await expect(await within(offers).findByRole('button', { name: 'Add to my subscription' }, { timeout: 60_000 })).toBeVisible();
    await expect(await within(offers).findByRole('link', { name: 'Take the skincare consultation' }, { timeout: 60_000 })).toBeVisible();
    const subscriptions = await region('Subscriptions');
    await expect(await within(subscriptions).findByRole('link', { name: 'Manage your haircare subscription' }, { timeout: 60_000 })).toBeVisible();
    await expect(await within(await region('Recent orders')).findByText('Processing', {}, { timeout: 60_000 })).toBeVisible();
    await expect(await region('How is your formula working?')).toBeVisible();
    await holdsOnAPhone(context);
  },
};
export const Overview360 = at('xs', overview);
export const Overview1280 = at('lg', overview);

/** /account for a shopper with orders but no subscription, offer or feedback awaited. */
const overviewPlain: Story = {
  beforeEach: answers(),
  play: async (context) => {
    await expect(await within(await region('Subscriptions')).findByText(/No subscription yet/, {}, { timeout: 60_000 })).toBeVisible();
    await expect(await within(await region('Recent orders')).findByRole('link', { name: 'Order 100044' }, { timeout: 60_000 })).toBeVisible();
    await expect(page.queryByRole('region', { name: 'Add to your subscription' })).toBeNull();
    await holdsOnAPhone(context);
  },
};
export const OverviewNoOffers360 = at('xs', overviewPlain);

/** An offer's preview, after "Add to my subscription": the first charge, and Confirm. */
const overviewPreview: Story = {
  beforeEach: answers({ subscriptions: [adaHaircare], offers: { supplements: supplementsOffer } }),
  play: async (context) => {
    const offers = await region('Add to your subscription');
    await userEvent.click(await within(offers).findByRole('button', { name: 'Add to my subscription' }, { timeout: 60_000 }));
    await expect(await within(offers).findByRole('button', { name: 'Confirm' }, { timeout: 60_000 })).toBeVisible();
    await expect(within(offers).getByRole('status')).toHaveTextContent('First delivery charged December 1, 2026: $46.75');
    await holdsOnAPhone(context);
  },
};
export const OverviewOfferPreview360 = at('xs', overviewPreview);

/** /account/profile: Ada's names, e-mail, phone and texts. */
const profile: Story = {
  args: { path: '/account/profile' },
  beforeEach: answers(),
  play: async (context) => {
    await expect(await page.findByLabelText('Phone (optional)', {}, { timeout: 60_000 })).toHaveValue('(416) 555-0123');
    await holdsOnAPhone(context);
  },
};
export const Profile360 = at('xs', profile);
export const Profile1280 = at('lg', profile);

/** The server refuses the username and the e-mail: each message on its field, the first focused. */
const profileErrors: Story = {
  args: { path: '/account/profile' },
  beforeEach: answers({
    profileRefusal: { email: ['An account with this e-mail address already exists.'], username: ['This username is taken.'] },
  }),
  play: async (context) => {
    const email = await page.findByLabelText('E-mail', {}, { timeout: 60_000 });
    await userEvent.clear(email);
    await userEvent.type(email, 'grace@example.com');
    await userEvent.type(page.getByLabelText('Username (optional)'), 'grace');
    await userEvent.click(page.getByRole('button', { name: 'Save changes' }));
    await expect(await page.findByText('This username is taken.', {}, { timeout: 60_000 })).toBeVisible();
    await expect(page.getByText('An account with this e-mail address already exists.')).toBeVisible();
    await waitFor(() => expect(page.getByLabelText('E-mail')).toHaveFocus());
    await holdsOnAPhone(context);
  },
};
export const ProfileFieldErrors360 = at('xs', profileErrors);

/** /account/addresses with three addresses, the primary first. */
const addresses: Story = {
  args: { path: '/account/addresses' },
  beforeEach: answers(),
  play: async (context) => {
    await expect(await page.findByText('Primary address', {}, { timeout: 60_000 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Make primary: 100 Queen St W, Toronto' })).toBeVisible();
    await holdsOnAPhone(context);
  },
};
export const Addresses360 = at('xs', addresses);
export const Addresses1280 = at('lg', addresses);

/** No address yet. */
const addressesEmpty: Story = {
  args: { path: '/account/addresses' },
  beforeEach: answers({ addresses: [] }),
  play: async (context) => {
    await expect(await page.findByText(/You have no saved addresses yet/, {}, { timeout: 60_000 })).toBeVisible();
    await holdsOnAPhone(context);
  },
};
export const AddressesEmpty360 = at('xs', addressesEmpty);

/** Editing the Toronto address: its form in place of its card, the postal code upper-cased with its space. */
const addressesEditing: Story = {
  args: { path: '/account/addresses' },
  beforeEach: answers(),
  play: async (context) => {
    await userEvent.click(await page.findByRole('button', { name: 'Edit 100 Queen St W, Toronto' }, { timeout: 60_000 }));
    const form = page.getByRole('form', { name: 'Edit address' });
    const postal = within(form).getByLabelText('Postal code');
    await userEvent.clear(postal);
    await userEvent.type(postal, 'm5v3l9');
    await expect(postal).toHaveValue('M5V 3L9');
    await holdsOnAPhone(context);
  },
};
export const AddressesEditing360 = at('xs', addressesEditing);
export const AddressesEditing1280 = at('lg', addressesEditing);

/** Deleting an address is asked first. */
const addressesDeleting: Story = {
  args: { path: '/account/addresses' },
  beforeEach: answers(),
  play: async (context) => {
    await userEvent.click(await page.findByRole('button', { name: 'Delete 500 Congress Ave, Austin' }, { timeout: 60_000 }));
    await expect(page.getByRole('group', { name: 'Delete 500 Congress Ave, Austin?' })).toBeVisible();
    await holdsOnAPhone(context);
  },
};
export const AddressesDeleting360 = at('xs', addressesDeleting);
