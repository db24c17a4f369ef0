import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { Cart, CartPatch } from '#api';
import { createMocks, mockError } from '../../../api/client/mocks';
import CartRoute from '../../../app/checkout/cart-route';
import { SessionProvider } from '../../../app/session';
import { rosaCart, rosaCartWithBrush } from '../../../stories/fixtures/carts';
import { chooseOffers, OFFERS_SHOWN } from '../../../shop/cart/cart-offers';
import { sampleUser, tokenPairFor } from '../../api/client-fixtures';

const mocks = createMocks({ baseUrl: window.location.origin });
// The signed-in shopper's session loads beside the cart.
const server = setupServer(
  mocks.getAccount(() => sampleUser),
  mocks.getAddresses(() => []),
  mocks.getFlags(() => ({ 'universal-cart': false })),
  // The cart page asks for the shop's gifts with purchase (spec 001 §4 gift list); none here (tests/shop/gwp-banner.test.tsx has them).
  mocks.getPromotionalGifts(() => []),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => localStorage.setItem('shop.tokens.user', JSON.stringify(tokenPairFor('user'))));
afterEach(() => localStorage.clear());

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function open(path: string) {
  return render(
    <SessionProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/checkout/:category"
            element={
              <>
                <CartRoute />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </SessionProvider>,
  );
}

const lineOf = (name: RegExp) => screen.getByRole('heading', { level: 3, name }).closest('li')!;

describe('the cart screen (spec 001 §2 Cart and checkout, §4 Cart)', () => {
  it('the results’ call to action makes the recommendation cart, then the URL forgets it so a reload shows the cart as left', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      mocks.getCart(({ query }) => {
        asked.push(query);
        return rosaCart;
      }),
    );
    open('/checkout/haircare?origin=results');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your haircare cart' })).toBeTruthy();
    await screen.findByRole('heading', { level: 3, name: /Custom Shampoo/ });
    expect(asked[0]!.get('origin')).toBe('results');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/checkout/haircare'));
    // Totals from the server, the delivery estimate, the guarantee.
    const summary = within(screen.getByRole('region', { name: 'Summary' }));
    expect(summary.getByText('Free')).toBeTruthy();
    // Taxes as an estimate for the profile's region until the address is known (issue 13 point 3).
    expect(summary.getByText('Estimated taxes (TX)').nextElementSibling!.textContent).toBe(`$${rosaCart.estimated_taxes!.toFixed(2)}`);
    // The total is the server's amount due (the subtotal after savings with the estimate), not a sum made in the browser.
    expect(summary.getByText('Total').nextElementSibling!.textContent).toBe(`$${rosaCart.amount_due.toFixed(2)}`);
    expect(summary.getByText(/^Arrives between \d+\/\d+ and \d+\/\d+$/)).toBeTruthy();
    expect(screen.getByText("Love your first order (or it's on us).")).toBeTruthy();
  });

  it('a quantity change shows at once and is sent; a refused change rolls back silently (§4, §8)', async () => {
    const sent: CartPatch[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      mocks.getCart(() => rosaCart),
      mocks.patchCart(async ({ body }) => {
        sent.push(body as CartPatch);
        await gate;
        return mockError(400, { code: 'validation_error', detail: 'No.', fields: { 'items.0.quantity': ['No.'] } });
      }),
    );
    open('/checkout/haircare');
    const shampoo = await waitFor(() => lineOf(/Custom Shampoo/));
    fireEvent.change(within(shampoo).getByLabelText('Quantity'), { target: { value: '3' } });
    expect((within(lineOf(/Custom Shampoo/)).getByLabelText('Quantity') as HTMLSelectElement).value).toBe('3');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ items: [{ category: 'formula', type: 'shampoo', product: 'shampoo', quantity: 3 }] });
    release();
    await waitFor(() => expect((within(lineOf(/Custom Shampoo/)).getByLabelText('Quantity') as HTMLSelectElement).value).toBe('1'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('turning a subscription off and choosing a frequency send the line with its subscription', async () => {
    const sent: CartPatch[] = [];
    server.use(
      mocks.getCart(() => rosaCart),
      mocks.patchCart(({ body }) => {
        sent.push(body as CartPatch);
        return rosaCart;
      }),
    );
    open('/checkout/haircare');
    const shampoo = await waitFor(() => lineOf(/Custom Shampoo/));
    // "Deliver every" is a real label of the select, on its line.
    const frequency = within(shampoo).getByLabelText('Deliver every') as HTMLSelectElement;
    expect([...frequency.options].map((o) => o.text)).toEqual(['4 weeks (recommended)', '8 weeks', '12 weeks']);
    fireEvent.change(frequency, { target: { value: '8' } });
    fireEvent.click(within(shampoo).getByRole('checkbox', { name: /Subscribe and save 15%/ }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent.map((s) => ('items' in s ? s.items[0]!.subscription : null))).toEqual([{ active: true, frequency: 8 }, { active: false }]);
  });

  it('a brush monogram: lower case is upper-cased as typed, a digit is refused inline and nothing is sent (§5)', async () => {
    const sent: CartPatch[] = [];
    server.use(
      mocks.getCart(() => rosaCartWithBrush),
      mocks.patchCart(({ body }) => {
        sent.push(body as CartPatch);
        return rosaCartWithBrush;
      }),
    );
    open('/checkout/haircare');
    const brush = await waitFor(() => lineOf(/Boar bristle brush/));
    const field = within(brush).getByLabelText('Complimentary monogram') as HTMLInputElement;
    expect(field.value).toBe('RM');
    fireEvent.change(field, { target: { value: 'a1' } });
    expect(field.value).toBe('A1');
    fireEvent.click(within(brush).getByRole('button', { name: 'Save monogram' }));
    expect(within(brush).getByText('Use one to three letters, A to Z.')).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.change(field, { target: { value: 'abc' } });
    fireEvent.click(within(brush).getByRole('button', { name: 'Save monogram' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ items: [{ category: 'item', type: 'brush_boar', product: 'brush', quantity: 1, customization: { monograms: ['ABC'] } }] });
  });

  it('an offered product is added from the catalog; one-off lines show no subscription saving', async () => {
    const sent: CartPatch[] = [];
    server.use(
      mocks.getCart(() => rosaCartWithBrush),
      mocks.patchCart(({ body }) => {
        sent.push(body as CartPatch);
        return rosaCartWithBrush;
      }),
    );
    open('/checkout/haircare');
    const offer = rosaCartWithBrush.catalog.find((c) => c.category === 'formula')!;
    fireEvent.click(await screen.findByRole('button', { name: `Add ${offer.label}` }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ items: [{ category: offer.category, type: offer.type, product: offer.product, quantity: 1 }] });
    const oil = lineOf(/Custom Hair Oil/);
    expect((within(oil).getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
    expect(within(oil).queryByLabelText('Deliver every')).toBeNull();
  });

  it('no cart (404) is an empty cart with ways forward; a failed load offers to try again; checkout sets is_in_checkout', async () => {
    let calls = 0;
    server.use(mocks.getCart(() => (++calls === 1 ? mockError(404, { code: 'not_found', detail: 'No cart.' }) : rosaCart)));
    const first = open('/checkout/skincare');
    expect(await screen.findByText('Your cart is empty.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Take the skincare consultation' }).getAttribute('href')).toBe('/consultation/skincare');
    expect(screen.getByRole('link', { name: 'Browse skincare' }).getAttribute('href')).toBe('/collections/skincare');
    first.unmount();
    server.use(mocks.getCart(() => mockError(409, { code: 'not_found', detail: 'Nope.' })));
    const second = open('/checkout/haircare');
    expect(await screen.findByRole('alert')).toBeTruthy();
    second.unmount();
    const sent: CartPatch[] = [];
    server.use(
      mocks.getCart(() => rosaCart),
      mocks.patchCart(({ body }) => {
        sent.push(body as CartPatch);
        return { ...rosaCart, is_in_checkout: true } satisfies Cart;
      }),
    );
    open('/checkout/haircare');
    fireEvent.click(await screen.findByRole('button', { name: 'Checkout' }));
    expect(await screen.findByText('Your cart is ready for checkout.')).toBeTruthy();
    expect(sent).toEqual([{ is_in_checkout: true }]);
  });

  it("each line shows its picture, a custom product's with the shopper's name on the label; the checkout button is the primary one", async () => {
    server.use(mocks.getCart(() => rosaCartWithBrush));
    open('/checkout/haircare');
    const shampoo = await waitFor(() => lineOf(/Custom Shampoo/));
    await waitFor(() => expect(within(shampoo).getByTestId('picture-label').textContent).toBe(sampleUser.first_name));
    expect(shampoo.querySelector('img')!.getAttribute('src')).toBe('/media/card-shampoo.svg');
    // A brush is not made for anyone: no name on it.
    expect(within(lineOf(/Boar bristle brush/)).queryByTestId('picture-label')).toBeNull();
    expect(screen.getByRole('button', { name: 'Checkout' }).className).toContain('button--primary');
  });

  it('keyboard: the summary and Checkout come right after the lines, before every offer (issue 25 point 7)', async () => {
    server.use(mocks.getCart(() => rosaCartWithBrush));
    open('/checkout/haircare');
    await waitFor(() => lineOf(/Boar bristle brush/));
    const cart = document.querySelector('.cart')!;
    const tabStops = [...cart.querySelectorAll<HTMLElement>('a[href], button, select, input, [tabindex]:not([tabindex="-1"])')].filter(
      (el) => !el.hasAttribute('disabled') && el.tabIndex >= 0,
    );
    const checkout = tabStops.indexOf(screen.getByRole('button', { name: 'Checkout' }));
    const lineControls = [...cart.querySelectorAll('.cart-line')].reduce((n, line) => n + line.querySelectorAll('button, select, input').length, 0);
    // Only the skip link and the lines' own controls come before Checkout: no offer.
    expect(checkout).toBe(lineControls + 1);
    // The skip link first: it takes the keyboard to the summary, whose next stop is Checkout.
    const skip = screen.getByRole('link', { name: 'Skip to the summary and checkout' });
    expect(tabStops[0]).toBe(skip);
    fireEvent.click(skip);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Summary' }));
    const adds = screen.getAllByRole('button', { name: /^Add / });
    expect(adds.length).toBeGreaterThan(0);
    expect(adds.length).toBeLessThanOrEqual(4);
    expect(adds.every((add) => tabStops.indexOf(add) > checkout)).toBe(true);
  });

  it("the offers are a short row of the most relevant: the routine's products first, then the rest, then one of each accessory", () => {
    const offers = chooseOffers(rosaCartWithBrush.catalog);
    expect(offers.length).toBeLessThanOrEqual(OFFERS_SHOWN);
    const rank = (c: (typeof offers)[number]) => (c.category === 'item' ? 2 : c.recommendation?.section === 'main' ? 0 : 1);
    const all = chooseOffers(rosaCartWithBrush.catalog, 50);
    expect(all.map(rank)).toEqual([...all.map(rank)].sort());
    // §9: supplement_core, conditioner and shampoo first in each group.
    const priority = ['supplement_core', 'conditioner', 'shampoo'];
    const upsells = all.filter((c) => rank(c) === 1).map((c) => c.type);
    expect(upsells.filter((t) => priority.includes(t))).toEqual(upsells.slice(0, upsells.filter((t) => priority.includes(t)).length));
    const items = all.filter((c) => c.category === 'item');
    expect(new Set(items.map((c) => c.product)).size).toBe(items.length);
  });

  it('with the universal-cart flag on, the same page shows the one universal cart and changes it through /v2/cart/', async () => {
    const sent: CartPatch[] = [];
    server.use(
      mocks.getFlags(() => ({ 'universal-cart': true })),
      mocks.getUniversalCart(() => rosaCart),
      mocks.patchUniversalCart(({ body }) => {
        sent.push(body as CartPatch);
        return rosaCart;
      }),
    );
    open('/checkout/skincare');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your cart' })).toBeTruthy();
    const shampoo = await waitFor(() => lineOf(/Custom Shampoo/));
    fireEvent.change(within(shampoo).getByLabelText('Quantity'), { target: { value: '2' } });
    await waitFor(() => expect(sent).toEqual([{ items: [{ category: 'formula', type: 'shampoo', product: 'shampoo', quantity: 2 }] }]));
  });
});
