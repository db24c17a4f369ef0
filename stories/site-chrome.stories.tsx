import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter, Route, Routes } from 'react-router';
import { expect, screen as page, userEvent, within } from 'storybook/test';
import { fakeJwt, mockEndpoint, mockError } from '../api/client/mocks';
import { SiteLayout } from '../app/shell/site-layout';
import SiteFooter from '../app/shell/site-footer';
import { createSession, SessionProvider } from '../app/session';
import { appTokens, loadAppServices } from '../app/app-services';
import { HomePage } from '../shop/home/home-page';
import type { HomeContent } from '../shop/content/site-schema';
import '../app/styles/app.css';
import { sampleUser } from '../tests/api/client-fixtures';
import { rosaCart } from './fixtures/carts';
import { at } from './support/viewports';

const home = Object.values(import.meta.glob<HomeContent>('../shop/content/site/home.yaml', { import: 'default', eager: true }))[0]!;

/** A page in the site's frame at `path`: the header (the shop's, or the checkout's focused one) over a placeholder page. */
function Frame({ path }: { path: string }) {
  return (
    <MemoryRouter initialEntries={[path]}>
      <SessionProvider session={createSession(loadAppServices, appTokens)}>
        <Routes>
          <Route element={<SiteLayout />}>
            <Route
              path="*"
              element={
                <div className="page">
                  <h1>Custom haircare</h1>
                  <p>The page under the header.</p>
                </div>
              }
            />
          </Route>
        </Routes>
      </SessionProvider>
    </MemoryRouter>
  );
}

const meta = {
  title: 'Site/Header and footer',
  component: Frame,
  args: { path: '/collections/haircare' },
  beforeEach() {
    return () => {
      localStorage.removeItem('shop.cart-count');
      localStorage.removeItem('shop.tokens.user');
      sessionStorage.clear();
    };
  },
} satisfies Meta<typeof Frame>;
export default meta;
type Story = StoryObj<typeof meta>;

const header = () => page.getByRole('banner');

/** A first-time visitor: the brand, the menu, Sign in, and an empty cart. */
const visitor: Story = {
  play: async () => {
    // The frame draws once its lazily loaded page is there: wait for it rather than expect it at once.
    await expect(await within(await page.findByRole('banner', {}, { timeout: 60_000 })).findByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(within(header()).getByRole('link', { name: 'Cart' })).toBeVisible();
  },
};
export const Visitor360 = at('xs', visitor);
export const Visitor1280 = at('lg', visitor);

/** Three items in the haircare cart: the count on the bag, "Cart, 3 items" to a screen reader. */
const withItems: Story = {
  beforeEach() {
    localStorage.setItem('shop.cart-count', JSON.stringify({ haircare: 3 }));
  },
  play: async () => {
    const cart = within(header()).getByRole('link', { name: 'Cart, 3 items' });
    await expect(cart).toBeVisible();
    await expect(cart).toHaveTextContent('3');
  },
};
export const CartWithItems360 = at('xs', withItems);
export const CartWithItems1280 = at('lg', withItems);

/** The phone's menu drawer, open: the shop's five links, large. */
export const MenuOpen360 = at('xs', {
  play: async () => {
    await userEvent.click(within(header()).getByRole('button', { name: 'Menu' }));
    const shop = within(header()).getByRole('navigation', { name: 'Shop' });
    await expect(within(shop).getByRole('link', { name: 'Haircare' })).toBeVisible();
    await expect(within(shop).getByRole('link', { name: 'Help' })).toBeVisible();
  },
} satisfies Story);

/** A signed-in customer with the account menu open; their cart count asked of the server. */
const accountMenu: Story = {
  beforeEach({ msw }) {
    localStorage.setItem('shop.tokens.user', JSON.stringify({ access: fakeJwt(Math.floor(Date.now() / 1000) + 3600), refresh: 'story-refresh-token' }));
    msw.use(
      mockEndpoint('getAccount', () => sampleUser),
      mockEndpoint('getAddresses', () => []),
      mockEndpoint('getCart', ({ query }) => (query.get('category') === 'haircare' ? rosaCart : mockError(404, { code: 'not_found', detail: 'No cart.' }))),
    );
  },
  play: async () => {
    await userEvent.click(await within(header()).findByRole('button', { name: 'Account' }, { timeout: 60_000 }));
    // The menu's items load when the customer reaches for it.
    await expect(await page.findByRole('link', { name: 'Your orders' }, { timeout: 60_000 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(await within(header()).findByRole('link', { name: /^Cart, \d+ items?$/ }, { timeout: 60_000 })).toBeVisible();
  },
};
export const AccountMenu360 = at('xs', accountMenu);
export const AccountMenu1280 = at('lg', accountMenu);

/** A checkout step: the focused header (brand, secure checkout, back to cart). */
const checkout: Story = {
  args: { path: '/checkout/haircare/payment' },
  play: async () => {
    await expect(await page.findByText('Secure checkout', {}, { timeout: 60_000 })).toBeVisible();
    await expect(within(header()).getByRole('link', { name: 'Back to cart' })).toBeVisible();
  },
};
export const CheckoutHeader360 = at('xs', checkout);
export const CheckoutHeader1280 = at('lg', checkout);

/** The footer: the shop, help and contact, a word on the shop; the country with its currency, the policies. */
const footer: Story = {
  render: () => (
    <MemoryRouter>
      <SiteFooter onCountryChosen={() => undefined} />
    </MemoryRouter>
  ),
  play: async () => {
    await expect(page.getByRole('link', { name: 'Contact us' })).toBeVisible();
    await expect(page.getByLabelText('Country')).toHaveValue('US');
  },
};
export const Footer360 = at('xs', footer);
export const Footer1280 = at('lg', footer);

/** The home page from its content file, with the collections' "from" prices. */
const homePage: Story = {
  render: () => (
    <MemoryRouter>
      <main>
        <HomePage content={home} fromPrices={{ haircare: '$28', skincare: '$29', accessories: '$34' }} />
      </main>
    </MemoryRouter>
  ),
  play: async () => {
    await expect(page.getByRole('heading', { level: 1, name: home.hero.title })).toBeVisible();
    await expect(page.getByText('From $28')).toBeVisible();
  },
};
export const Home360 = at('xs', homePage);
export const Home768 = at('sm', homePage);
export const Home1280 = at('lg', homePage);
