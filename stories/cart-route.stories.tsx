import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter, Route, Routes } from 'react-router';
import { expect, screen as page, userEvent, waitFor, within } from 'storybook/test';
import type { Cart, CartItemUpdate } from '#api';
import { fakeJwt, mockEndpoint, mockError } from '../api/client/mocks';
import CartRoute from '../app/checkout/cart-route';
import { SessionProvider } from '../app/session';
import '../app/styles/app.css';
import { sampleUser } from '../tests/api/client-fixtures';
import { rosaCart } from './fixtures/carts';
import { at } from './support/viewports';

/**
 * The routed cart screen (/checkout/haircare) with its cart machine talking to a mocked server (msw, typed by api/):
 * how a change is shown at once, what the shopper sees when the server refuses one (spec 001 §4: the previous cart,
 * silently, §8), and the universal cart behind its flag.
 */
function Screen() {
  return (
    <SessionProvider>
      <MemoryRouter initialEntries={['/checkout/haircare']}>
        <Routes>
          <Route path="/checkout/:category" element={<CartRoute />} />
        </Routes>
      </MemoryRouter>
    </SessionProvider>
  );
}

const meta = {
  title: 'Shop/Cart (routed)',
  component: Screen,
  // A signed-in session (the mocks answer for it), gone again after the story.
  beforeEach() {
    localStorage.setItem('shop.tokens.user', JSON.stringify({ access: fakeJwt(Math.floor(Date.now() / 1000) + 3600), refresh: 'story-refresh-token' }));
    return () => localStorage.removeItem('shop.tokens.user');
  },
} satisfies Meta<typeof Screen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The account calls of a signed-in session. */
const signedIn = () => [mockEndpoint('getAccount', () => sampleUser), mockEndpoint('getAddresses', () => [])];

/** Waits for the first draw: the first story of a run loads the app's services and the cart's code first. */
const FIRST_DRAW = { timeout: 60_000 };

/** `cart` with each update applied to its lines as the server would (quantities only: the stories change nothing else). */
function applied(cart: Cart, updates: readonly CartItemUpdate[]): Cart {
  const items = cart.items
    .map((item) => {
      const update = updates.find((u) => u.type === item.type && u.product === item.product);
      return update ? { ...item, quantity: update.quantity, total_price: Math.round(item.unit_price * update.quantity * 100) / 100 } : item;
    })
    .filter((item) => item.quantity > 0);
  return { ...cart, items };
}

/** The shampoo line's quantity picker. */
const shampooQuantity = async () => {
  const line = (await page.findByRole('heading', { name: "Ada's Custom Shampoo, Arcadia", level: 3 }, FIRST_DRAW)).closest('li')!;
  return within(line).getByLabelText('Quantity');
};

const savesChanges: Story = {
  beforeEach({ msw }) {
    let saved = rosaCart;
    msw.use(
      ...signedIn(),
      mockEndpoint('getFlags', () => ({})),
      mockEndpoint('getCart', () => saved),
      mockEndpoint('patchCart', ({ body }) => {
        if ('items' in body) saved = applied(saved, body.items);
        return saved;
      }),
    );
  },
  play: async () => {
    const quantity = await shampooQuantity();
    await userEvent.selectOptions(quantity, '3');
    await expect(quantity).toHaveValue('3');
    // The line's price follows at once, from the server's unit price: 3 × $27.20.
    await waitFor(() => expect(page.getByText('3 × $27.20')).toBeVisible());
    await expect(page.getByText('$81.60')).toBeVisible();
  },
};

const refusedChangeRollsBack: Story = {
  beforeEach({ msw }) {
    msw.use(
      ...signedIn(),
      mockEndpoint('getFlags', () => ({})),
      mockEndpoint('getCart', () => rosaCart),
      mockEndpoint('patchCart', () => mockError(500, { code: 'server_error', detail: 'Something went wrong.' })),
    );
  },
  play: async () => {
    const quantity = await shampooQuantity();
    await userEvent.selectOptions(quantity, '3');
    // The change shows at once, then the server refuses it and the cart goes back to what was saved.
    await waitFor(() => expect(quantity).toHaveValue('1'));
    await expect(page.queryByRole('button', { name: 'Try again' })).toBeNull();
  },
};

const noCartYet: Story = {
  beforeEach({ msw }) {
    msw.use(
      ...signedIn(),
      mockEndpoint('getFlags', () => ({})),
      mockEndpoint('getCart', () => mockError(404, { code: 'not_found', detail: 'There is no cart yet.' })),
    );
  },
  play: async () => {
    await expect(await page.findByText('Your cart is empty.', {}, FIRST_DRAW)).toBeVisible();
  },
};

const loadFails: Story = {
  beforeEach({ msw }) {
    let calls = 0;
    msw.use(
      ...signedIn(),
      mockEndpoint('getFlags', () => ({})),
      // The client tries a 503 four times (api/client retries) before the page shows the failure.
      mockEndpoint('getCart', () => (++calls <= 4 ? mockError(503, { code: 'unavailable', detail: 'Try again in a moment.' }) : rosaCart)),
    );
  },
  play: async () => {
    await userEvent.click(await page.findByRole('button', { name: 'Try again' }, FIRST_DRAW));
    await expect(await shampooQuantity()).toHaveValue('1');
  },
};

const universal: Story = {
  beforeEach({ msw }) {
    msw.use(
      ...signedIn(),
      mockEndpoint('getFlags', () => ({ 'universal-cart': true })),
      mockEndpoint('getUniversalCart', () => rosaCart),
    );
  },
  play: async () => {
    await expect(await shampooQuantity()).toHaveValue('1');
  },
};

export const SavesChanges360 = at('xs', savesChanges);
export const SavesChanges1280 = at('lg', savesChanges);
export const RefusedChangeRollsBack360 = at('xs', refusedChangeRollsBack);
export const NoCartYet360 = at('xs', noCartYet);
export const LoadFails360 = at('xs', loadFails);
export const Universal768 = at('sm', universal);
