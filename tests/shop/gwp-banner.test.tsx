/**
 * The gift with purchase in the cart page (issue 28 item 4; spec 001 §3 Promotional gift should_show_banner and
 * offered_variant_type, Cart item category gwp, §4 "Gifts and promotions" gift list, §5, §7 GET /v1/promotional_gift).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { Cart, CartItem, PromotionalGift } from '#api';
import { createMocks } from '../../api/client/mocks';
import CartRoute from '../../app/checkout/cart-route';
import { SessionProvider } from '../../app/session';
import { rosaCart } from '../../stories/fixtures/carts';
import { CartPage } from '../../shop/cart/cart-page';
import { createGiftList } from '../../shop/promotions/gift-list';
import { sampleUser, tokenPairFor } from '../api/client-fixtures';

const gift = (fields: Partial<PromotionalGift> = {}): PromotionalGift => ({
  should_show_banner: true,
  offered_variant_type: 'heatless-curl-set-black-friday-set-gwp',
  banner: 'Black Friday: a free Heatless Curl Set with $65 or more of haircare.',
  item: { label: 'Heatless Curl Set', picture: '/media/card-hair-towel-wrap.svg' },
  category: 'haircare',
  minimum: 65,
  currency: 'USD',
  subscription_only: false,
  ends: '2026-12-01T08:00:00.000Z',
  ...fields,
});
const gwpLine = (variant: PromotionalGift['offered_variant_type'] = 'heatless-curl-set-black-friday-set-gwp'): CartItem => ({
  ...rosaCart.items[0]!,
  category: 'gwp',
  type: 'gwp',
  product: variant,
  slug: variant,
  quantity: 1,
  label: 'Heatless Curl Set',
  sku: null,
  unit_price: 0,
  total_price: 0,
  amount: null,
  customization: null,
  subscription: { active: false, frequency: null, discount: 0, subscribable: false, recommended_frequency: null },
  recommendation: null,
  origin: 'promotion',
  property: 'gwp',
  offered_variant_type: variant,
  variant: { product: { type: 'gwp' } },
  item_object: { label: 'Heatless Curl Set', picture_name: '/media/card-hair-towel-wrap.svg' },
});
const withGift: Cart = { ...rosaCart, items: [...rosaCart.items, gwpLine()] };

/** The cart's line of the free gift. */
const freeLine = () => screen.getByRole('heading', { level: 3, name: 'Heatless Curl Set' }).closest('li')!;

function page(props: Partial<React.ComponentProps<typeof CartPage>>) {
  const noop = () => undefined;
  return render(
    <MemoryRouter>
      <CartPage category="haircare" cart={withGift} status="success" checkout="idle" onChange={noop} onRetry={noop} onCheckout={noop} {...props} />
    </MemoryRouter>,
  );
}

describe('the gift-with-purchase banner and line (spec 001 §3 Promotional gift, Cart item gwp)', () => {
  it('§3: should_show_banner with the gift in the cart: the banner says so, and the line reads Free with no controls', () => {
    page({ gifts: [gift()] });
    const banner = screen.getByRole('complementary', { name: gift().banner });
    expect(within(banner).getByText('In your cart')).toBeTruthy();
    expect(banner.textContent).toContain('Your free Heatless Curl Set ships with this order.');
    const line = screen.getByRole('heading', { level: 3, name: 'Heatless Curl Set' }).closest('li')!;
    expect(within(line).getByText('Free')).toBeTruthy();
    expect(within(line).queryByRole('combobox')).toBeNull();
    expect(within(line).queryByRole('button')).toBeNull();
    expect(within(line).queryByRole('checkbox')).toBeNull();
  });

  it('§3: a cart that does not qualify yet is told what it takes, in the server’s figures; a subscription-only gift says so', () => {
    page({ cart: rosaCart, gifts: [gift()] });
    expect(screen.getByRole('complementary').textContent).toContain(
      'Free gift: Heatless Curl Set. Add $65 or more of haircare to your cart and it is yours, free.',
    );
    expect(screen.queryByRole('heading', { level: 3, name: 'Heatless Curl Set' })).toBeNull();
  });

  it('§3: no banner when should_show_banner is false (the line still shows), for another category’s gift, or with no gifts (§5: the server answers none)', () => {
    const { unmount } = page({ gifts: [gift({ should_show_banner: false })] });
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(within(freeLine()).getByText('Free')).toBeTruthy();
    unmount();
    const other = page({ cart: rosaCart, gifts: [gift({ category: 'skincare' })] });
    expect(screen.queryByRole('complementary')).toBeNull();
    other.unmount();
    page({ gifts: [] });
    expect(screen.queryByRole('complementary')).toBeNull();
  });
});

describe('§4 the gift list: loading, loaded or error; fetched only when not already loading; ship now invalidates it', () => {
  function deferred() {
    const calls: { resolve(g: PromotionalGift[]): void; reject(e: Error): void }[] = [];
    const fetchGifts = () => new Promise<PromotionalGift[]>((resolve, reject) => calls.push({ resolve, reject }));
    return { calls, fetchGifts };
  }

  it('a second load while loading fetches nothing; loaded holds the gifts', async () => {
    const { calls, fetchGifts } = deferred();
    const list = createGiftList(fetchGifts);
    expect(list.getSnapshot().status).toBe('idle');
    list.load();
    list.load();
    list.ensureLoaded();
    expect(calls).toHaveLength(1);
    expect(list.getSnapshot().status).toBe('loading');
    calls[0]!.resolve([gift()]);
    await waitFor(() => expect(list.getSnapshot()).toEqual({ status: 'loaded', gifts: [gift()] }));
    list.ensureLoaded();
    expect(calls).toHaveLength(1);
  });

  it('a failure is the error state with no gifts (§8: an error flag); ensureLoaded tries again', async () => {
    const { calls, fetchGifts } = deferred();
    const list = createGiftList(fetchGifts);
    list.load();
    calls[0]!.reject(new Error('offline'));
    await waitFor(() => expect(list.getSnapshot()).toEqual({ status: 'error', gifts: [] }));
    list.ensureLoaded();
    expect(calls).toHaveLength(2);
  });

  it('§4: a successful ship now invalidates promotions: the list is fetched again, after the fetch under way if there is one', async () => {
    const { calls, fetchGifts } = deferred();
    const list = createGiftList(fetchGifts);
    list.invalidate();
    expect(calls).toHaveLength(0);
    list.load();
    calls[0]!.resolve([gift()]);
    await waitFor(() => expect(list.getSnapshot().status).toBe('loaded'));
    list.invalidate();
    expect(calls).toHaveLength(2);
    list.invalidate();
    expect(calls).toHaveLength(2);
    calls[1]!.resolve([]);
    await waitFor(() => expect(calls).toHaveLength(3));
    calls[2]!.resolve([]);
    await waitFor(() => expect(list.getSnapshot()).toEqual({ status: 'loaded', gifts: [] }));
  });
});

describe('the routed cart asks GET /v1/promotional_gift and shows its banner (§7)', () => {
  const mocks = createMocks({ baseUrl: window.location.origin });
  let asked = 0;
  const server = setupServer(
    mocks.getAccount(() => sampleUser),
    mocks.getAddresses(() => []),
    mocks.getFlags(() => ({ 'universal-cart': false })),
    mocks.getCart(() => withGift),
    mocks.getPromotionalGifts(() => {
      asked += 1;
      return [gift()];
    }),
  );
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  beforeEach(() => localStorage.setItem('shop.tokens.user', JSON.stringify(tokenPairFor('user'))));
  afterEach(() => localStorage.clear());

  it('the banner and the free line, from the server’s list and cart', async () => {
    render(
      <SessionProvider>
        <MemoryRouter initialEntries={['/checkout/haircare']}>
          <Routes>
            <Route path="/checkout/:category" element={<CartRoute />} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>,
    );
    const banner = await screen.findByRole('complementary', { name: gift().banner }, { timeout: 10_000 });
    expect(within(banner).getByText('In your cart')).toBeTruthy();
    expect(within(freeLine()).getByText('Free')).toBeTruthy();
    expect(asked).toBe(1);
  });
});
