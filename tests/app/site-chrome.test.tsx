import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { Cart } from '#api';
import { createMocks } from '../../api/client/mocks';
import { createSession, SessionProvider } from '../../app/session';
import { appTokens, loadAppServices } from '../../app/app-services';
import { SiteLayout, checkoutFocus } from '../../app/shell/site-layout';
import SiteFooter from '../../app/shell/site-footer';
import { cartSummary, readCartCounts } from '../../shop/cart/cart-count';
import { itemCount, recordCart } from '../../shop/cart/record-cart-count';
import { chosenCountry, shopperCountry } from '../../app/shop-country';
import { rosaCart } from '../../stories/fixtures/carts';
import { sampleAddress, sampleUser, tokenPairFor } from '../api/client-fixtures';

const server = setupServer();
const mocks = createMocks({ baseUrl: window.location.origin });
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function Where() {
  const { pathname, hash } = useLocation();
  return <p data-testid="where">{pathname + hash}</p>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      {/* A session of its own per test: the app's is one per page load. */}
      <SessionProvider session={createSession(loadAppServices, appTokens)}>
        <Routes>
          <Route element={<SiteLayout />}>
            <Route path="*" element={<Where />} />
          </Route>
        </Routes>
      </SessionProvider>
    </MemoryRouter>,
  );
}

/** A cart holding these quantities (a coupon line too, which is no item). */
function cartOf(...quantities: number[]): Cart {
  const line = rosaCart.items[0]!;
  return {
    ...rosaCart,
    items: [
      ...quantities.map((quantity, i) => ({ ...line, product: `${line.product}-${i}`, quantity })),
      { ...line, category: 'coupon', product: 'WELCOME', quantity: 1 },
    ],
  };
}

const header = () => screen.getByRole('banner');

describe('issue 25 site header: brand, the shop menu, the account and the cart on every page', () => {
  it('shows the brand, the five menu links and their pages, Sign in for a visitor, and an empty cart', () => {
    renderAt('/collections/skincare');
    const shop = within(header()).getByRole('navigation', { name: 'Shop' });
    const links = within(shop).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Haircare', '/collections/haircare'],
      ['Skincare', '/collections/skincare'],
      ['Accessories', '/collections/accessories'],
      ['Gifts', '/gift'],
      ['Help', '/faq'],
    ]);
    expect(within(shop).getByRole('link', { name: 'Skincare' }).getAttribute('aria-current')).toBe('page');
    expect(within(header()).getByRole('link', { name: 'Formulary' }).getAttribute('href')).toBe('/');
    expect(within(header()).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin');
    const cart = within(header()).getByRole('link', { name: 'Cart' });
    expect(cart.getAttribute('href')).toBe('/checkout/haircare');
    expect(cart.querySelector('.site-header__count')).toBeNull();
  });

  it('the cart shows its count to the eye and "Cart, 3 items" to screen readers, and follows every change at once', () => {
    renderAt('/');
    act(() => recordCart('haircare', cartOf(2, 1)));
    const cart = within(header()).getByRole('link', { name: 'Cart, 3 items' });
    expect(cart.querySelector('.site-header__count')?.textContent).toBe('3');
    expect(cart.querySelector('.site-header__count')?.getAttribute('aria-hidden')).toBe('true');
    act(() => recordCart('skincare', cartOf(1)));
    expect(within(header()).getByRole('link', { name: 'Cart, 4 items' })).toBeTruthy();
    act(() => recordCart('haircare', null));
    // Only the skincare cart holds items now: the link opens it.
    expect(within(header()).getByRole('link', { name: 'Cart, 1 item' }).getAttribute('href')).toBe('/checkout/skincare');
  });

  it("follows another tab's change (the storage event)", () => {
    renderAt('/');
    act(() => {
      localStorage.setItem('shop.cart-count', JSON.stringify({ haircare: 5 }));
      window.dispatchEvent(new StorageEvent('storage', { key: 'shop.cart-count' }));
    });
    expect(within(header()).getByRole('link', { name: 'Cart, 5 items' })).toBeTruthy();
  });

  it('counts quantities above 0 and no coupon; an unreadable copy counts nothing', () => {
    expect(itemCount(cartOf(2, 0, 3))).toBe(5);
    expect(itemCount(null)).toBe(0);
    localStorage.setItem('shop.cart-count', '{not json');
    expect(readCartCounts()).toEqual({});
    expect(cartSummary({ haircare: 2, skincare: -4 as number, universal: 1.5 })).toEqual({ total: 2, href: '/checkout/haircare' });
  });

  it('the menu button opens the drawer and says so; Escape closes it and gives focus back; another page closes it', async () => {
    const user = userEvent.setup();
    renderAt('/');
    const button = within(header()).getByRole('button', { name: 'Menu' });
    const nav = within(header()).getByRole('navigation', { name: 'Shop' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('aria-controls')).toBe(nav.id);
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(nav.classList.contains('site-nav--open')).toBe(true);
    expect(document.activeElement).toBe(within(nav).getByRole('link', { name: 'Haircare' }));
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
    await user.click(button);
    await user.click(within(nav).getByRole('link', { name: 'Accessories' }));
    expect(screen.getByTestId('where').textContent).toBe('/collections/accessories');
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it("a signed-in customer gets the account menu (orders, payment methods, sign-out); their carts' count is asked once per tab", async () => {
    const user = userEvent.setup();
    let cartReads = 0;
    server.use(
      mocks.getAccount(() => sampleUser),
      mocks.getAddresses(() => [sampleAddress]),
      mocks.getCart(({ query }) => {
        cartReads++;
        // Reading the count makes no cart: no origin, no items.
        expect([...query.keys()]).toEqual(['category']);
        return query.get('category') === 'haircare' ? cartOf(2) : HttpResponse.json({ code: 'not_found', detail: 'No cart.' }, { status: 404 });
      }),
      mocks.signOut(() => undefined),
    );
    localStorage.setItem('shop.tokens.user', JSON.stringify(tokenPairFor('user')));
    renderAt('/collections/haircare');
    const account = await within(header()).findByRole('button', { name: 'Account' });
    await within(header()).findByRole('link', { name: 'Cart, 2 items' });
    expect(cartReads).toBe(2);
    await user.click(account);
    const menu = document.getElementById(account.getAttribute('aria-controls')!)!;
    // The menu's items load when the customer reaches for it (not with the page), then take the focus.
    expect(await within(menu).findByText(`Signed in as ${sampleUser.first_name}`)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(menu).getByRole('link', { name: 'Account' })));
    expect(within(menu).getByRole('link', { name: 'Your orders' }).getAttribute('href')).toBe('/account/orders');
    expect(within(menu).getByRole('link', { name: 'Payment methods' }).getAttribute('href')).toBe('/account/payments');
    await user.click(within(menu).getByRole('button', { name: 'Sign out' }));
    // Signed out: the count is the next shopper's to make.
    await within(header()).findByRole('link', { name: 'Sign in' });
    await waitFor(() => expect(within(header()).getByRole('link', { name: 'Cart' })).toBeTruthy());
    expect(localStorage.getItem('shop.cart-count')).toBeNull();
  });
});

describe('issue 25 cart count after an order', () => {
  it("a checkout's success page asks the server again: the paid order's lines left the cart there, so the count drops", async () => {
    server.use(
      mocks.getAccount(() => sampleUser),
      mocks.getAddresses(() => [sampleAddress]),
      mocks.getCart(({ query }) =>
        query.get('category') === 'haircare' ? cartOf() : HttpResponse.json({ code: 'not_found', detail: 'No cart.' }, { status: 404 }),
      ),
    );
    localStorage.setItem('shop.tokens.user', JSON.stringify(tokenPairFor('user')));
    localStorage.setItem('shop.cart-count', JSON.stringify({ haircare: 6 }));
    // This tab asked once already: only the order makes it ask again.
    sessionStorage.setItem('shop.cart-count.refreshed', '1');
    renderAt('/checkout/haircare/success');
    expect(within(header()).getByRole('link', { name: 'Cart, 6 items' })).toBeTruthy();
    await within(header()).findByRole('link', { name: 'Cart' });
  });
});

describe('issue 25 checkout header: focused on the checkout steps', () => {
  it('the steps wear the focused header (brand, secure checkout, back to cart); the cart and the success page the shop header', async () => {
    expect(checkoutFocus('/checkout/haircare/payment')).toEqual({ cartPath: '/checkout/haircare' });
    expect(checkoutFocus('/checkout/skincare/confirmation/')).toEqual({ cartPath: '/checkout/skincare' });
    expect(checkoutFocus('/checkout/confirm-payment/ch_1')).toEqual({ cartPath: null });
    expect(checkoutFocus('/checkout/haircare')).toBeNull();
    expect(checkoutFocus('/checkout/haircare/success')).toBeNull();
    expect(checkoutFocus('/collections/haircare')).toBeNull();

    renderAt('/checkout/haircare/payment');
    await screen.findByText('Secure checkout');
    expect(within(header()).getByRole('link', { name: 'Back to cart' }).getAttribute('href')).toBe('/checkout/haircare');
    expect(within(header()).queryByRole('navigation', { name: 'Shop' })).toBeNull();
    expect(within(header()).queryByRole('link', { name: /^Cart/ })).toBeNull();
  });
});

describe('issue 25 footer: help, contact, policies, privacy choices, the country and its currency', () => {
  it('links to help, contact, terms, privacy and the privacy choices', () => {
    render(
      <MemoryRouter>
        <SiteFooter onCountryChosen={() => undefined} />
      </MemoryRouter>,
    );
    const footer = screen.getByRole('contentinfo');
    const targets = Object.fromEntries(
      within(footer)
        .getAllByRole('link')
        .map((l) => [l.textContent, l.getAttribute('href')]),
    );
    expect(targets).toMatchObject({
      'Help centre': '/faq',
      'Contact us': '/faq/contact-us',
      'Shipping and delivery': '/faq/shipping-and-delivery',
      'Our guarantee': '/faq/our-guarantee',
      'Terms of service': '/terms',
      'Privacy policy': '/privacy',
      'Your privacy choices': '/privacy#choices',
      'Start your consultation': '/consultation',
    });
  });

  it('§9 Countries: the country menu offers the US in USD and Canada in CAD; a choice is kept and the page reloads its prices', () => {
    const reload = vi.fn();
    render(
      <MemoryRouter>
        <SiteFooter onCountryChosen={reload} />
      </MemoryRouter>,
    );
    const country = screen.getByLabelText<HTMLSelectElement>('Country');
    expect([...country.options].map((o) => [o.value, o.textContent])).toEqual([
      ['US', 'United States (USD $)'],
      ['CA', 'Canada (CAD $)'],
    ]);
    expect(country.value).toBe('US');
    fireEvent.change(country, { target: { value: 'CA' } });
    expect(chosenCountry()).toBe('CA');
    expect(shopperCountry('en-US')).toBe('CA');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('the checkout keeps a slim footer: contact and the policies, nothing to wander off through', () => {
    render(
      <MemoryRouter>
        <SiteFooter focused />
      </MemoryRouter>,
    );
    const footer = screen.getByRole('contentinfo');
    expect(
      within(footer)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Contact us', 'Terms of service', 'Privacy policy']);
    expect(within(footer).queryByLabelText('Country')).toBeNull();
  });

  it('every page carries the footer (loaded once near: at once without IntersectionObserver)', async () => {
    renderAt('/terms');
    expect(await screen.findByRole('contentinfo')).toBeTruthy();
  });
});
