import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupServer } from 'msw/node';
import { startTransition, Suspense, use, useState } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { Cart, CartItem, CartPatch, User } from '#api';
import { createMocks, mockError } from '../../../api/client/mocks';
import ProductRoute from '../../../app/products/product-route.tsx';
import { forgetCatalogue } from '../../../app/products/catalogue';
import { forgetPageCart } from '../../../app/products/add-to-cart';
import { appSession, SessionProvider } from '../../../app/session';
import { appTokens } from '../../../app/app-services';
import { waitFor as settle } from 'xstate';
import { readCartCounts } from '../../../shop/cart/cart-count';
import { BuyBox, CONSULTATION_RULE } from '../../../shop/product-page/buy-box';
import { brushVariants } from '../../../shop/catalog/assembly';
import { catalogueUsd } from '../../../stories/fixtures/catalogue';
import { rosaCart, rosaCartWithBrush } from '../../../stories/fixtures/carts';
import { sampleUser, tokenPairFor } from '../../api/client-fixtures';
import { configureTracking, resetTracking, waitingEvents } from '../../../app/tracking/tracker';

const mocks = createMocks({ baseUrl: window.location.origin });
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  forgetCatalogue();
  forgetPageCart();
  appTokens.clear();
  localStorage.clear();
  resetTracking();
});
afterAll(() => server.close());

const completed: User = { ...sampleUser, consultation_statuses: { haircare: 'completed', skincare: 'not_started' } };

/** Signs `user` in: the app's one session (a module of its own, shared by the tests) reads them afresh. */
async function signedIn(user: User) {
  server.use(
    mocks.getAccount(() => user),
    mocks.getAddresses(() => []),
    mocks.getFlags(() => ({ 'universal-cart': false })),
  );
  appTokens.setUser(tokenPairFor('user'));
  const { actor, module } = await appSession.load();
  actor.send({ type: 'FETCH' });
  await settle(
    actor,
    (s) => module.selectAuthStatus(s) === 'authenticated' && s.context.user?.consultation_statuses.haircare === user.consultation_statuses.haircare,
  );
}

function Where() {
  const location = useLocation();
  return <span data-testid="where">{location.pathname + location.search}</span>;
}

function open(path: string) {
  server.use(mocks.getProducts(() => catalogueUsd));
  return render(
    <SessionProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/products/:slug"
            element={
              <>
                <ProductRoute />
                <Where />
              </>
            }
          />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </SessionProvider>,
  );
}

const heroPrice = () => document.querySelector('.pp-hero .pp-price__amount')?.textContent;
const brushLine = rosaCartWithBrush.items.find((item) => item.type === 'brush_boar')!;
/** The haircare cart holding `lines` of accessories. */
const cartOf = (...lines: Partial<CartItem>[]): Cart => ({
  ...rosaCart,
  items: lines.map((line) => ({ ...brushLine, customization: null, ...line })),
  catalog: [],
});

describe('buying an accessory from its page (issue 25 point 1; spec 001 §5, §9)', () => {
  it('§9 brush variants: the price follows the chosen variant, from the catalogue (boar bristle 78, the others 72), and the URL keeps the choice', async () => {
    open('/products/brushes');
    await screen.findByRole('group', { name: 'Choose your brush' });
    expect(heroPrice()).toBe('$78 for the Boar bristle brush');
    fireEvent.click(screen.getByRole('radio', { name: /Mixed boar & nylon brush/ }));
    await waitFor(() => expect(heroPrice()).toBe('$72 for the Mixed boar & nylon brush'));
    expect(screen.getByTestId('where').textContent).toBe('/products/brushes?variant=mixed');
    // The variant heroes follow the same choice.
    expect(screen.getByRole('heading', { level: 2, name: 'Mixed boar & nylon brush' })).toBeTruthy();
  });

  it('the URL picks the variant (/products/brushes?variant=detangling)', async () => {
    open('/products/brushes?variant=detangling');
    expect(((await screen.findByRole('radio', { name: /Detangling tipped-metal brush/ })) as HTMLInputElement).checked).toBe(true);
    expect(heroPrice()).toBe('$72 for the Detangling tipped-metal brush');
  });

  it('adds the chosen variant and quantity through the cart machine, confirms with the line, View cart and Check out, and counts it for the header', async () => {
    await signedIn(sampleUser);
    const sent: CartPatch[] = [];
    server.use(
      mocks.getCart(() => mockError(404, { code: 'not_found', detail: 'There is no cart yet.' })),
      mocks.patchCart(({ body }) => {
        sent.push(body);
        return cartOf({ type: 'brush_mixed', label: 'Mixed boar & nylon brush', quantity: 2, unit_price: 72, total_price: 144 });
      }),
    );
    configureTracking({ allowed: () => true, transport: () => undefined });
    open('/products/brushes?variant=mixed');
    fireEvent.change(await screen.findByLabelText('Quantity'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toContain('Added to your cart: Mixed boar & nylon brush × 2, $72 each.');
    expect(document.activeElement).toBe(notice);
    expect(sent).toEqual([{ items: [{ category: 'item', type: 'brush_mixed', product: 'brush', quantity: 2 }] }]);
    expect(within(notice).getByRole('link', { name: 'View cart' }).getAttribute('href')).toBe('/checkout/haircare');
    expect(within(notice).getByRole('button', { name: 'Check out' })).toBeTruthy();
    // The header's count (shop/cart/cart-count.ts) follows the cart the server sent.
    expect(readCartCounts().haircare).toBe(2);
    // The marketing event of the add (app/tracking/marketing.ts), from the line the server's cart now holds.
    await waitFor(() =>
      expect(waitingEvents()).toContainEqual({
        call: 'trigger',
        provider: 'shop',
        body: { event_name: 'added_to_cart', data: { product: 'brush_mixed', product_category: 'item' } },
      }),
    );
  });

  it('adding what the cart already holds adds to its line, at most 3 (spec 001 §9 quantity selectors)', async () => {
    await signedIn(sampleUser);
    const sent: CartPatch[] = [];
    server.use(
      mocks.getCart(() => cartOf({ type: 'brush_boar', quantity: 2 })),
      mocks.patchCart(({ body }) => {
        sent.push(body);
        return cartOf({ type: 'brush_boar', quantity: 3, total_price: 234 });
      }),
    );
    open('/products/brushes');
    fireEvent.change(await screen.findByLabelText('Quantity'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect((await screen.findByRole('status')).textContent).toContain('Your cart now holds 3. That is the most one order takes.');
    expect(sent).toEqual([{ items: [{ category: 'item', type: 'brush_boar', product: 'brush', quantity: 3 }] }]);
  });

  it('a refusal is said in the server’s words, and the Add button stays', async () => {
    await signedIn(completed);
    server.use(
      mocks.getCart(() => mockError(404, { code: 'not_found', detail: 'There is no cart yet.' })),
      mocks.patchCart(() =>
        mockError(400, { code: 'validation_error', detail: 'Some lines cannot be added.', fields: { 'items.0.type': ['Prelude candle is sold out.'] } }),
      ),
    );
    open('/products/formulary-candle?variant=prelude');
    fireEvent.click(await screen.findByRole('button', { name: 'Add to cart' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Prelude candle is sold out.');
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeTruthy();
  });

  describe('§5: candles and the towel need an account and a completed haircare consultation', () => {
    it('signed out: the rule, and a way to sign in or take the consultation instead of a button that would be refused', async () => {
      open('/products/formulary-candle');
      await screen.findByRole('group', { name: 'Choose your candle' });
      expect(screen.getByText(CONSULTATION_RULE)).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
      expect(screen.getByRole('link', { name: 'Sign in to buy' }).getAttribute('href')).toBe('/signin?next=%2Fproducts%2Fformulary-candle');
      expect(screen.getByRole('link', { name: 'New here? Take the consultation' }).getAttribute('href')).toBe('/consultation/haircare');
    });

    it('signed in without the completed consultation: take it; with it: add to cart', async () => {
      await signedIn(sampleUser);
      const first = open('/products/formulary-hair-towel');
      expect((await screen.findByRole('link', { name: 'Take the haircare consultation' })).getAttribute('href')).toBe('/consultation/haircare');
      expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
      first.unmount();
      server.resetHandlers();
      await signedIn(completed);
      open('/products/formulary-hair-towel');
      expect(await screen.findByRole('button', { name: 'Add to cart' })).toBeTruthy();
      expect(screen.getByText(CONSULTATION_RULE)).toBeTruthy();
    });

    it('a brush needs neither: anyone may add it', async () => {
      open('/products/brushes');
      expect(await screen.findByRole('button', { name: 'Add to cart' })).toBeTruthy();
      expect(screen.queryByText(CONSULTATION_RULE)).toBeNull();
    });
  });
});

describe('choosing a variant while the router is still applying it', () => {
  it('the radio shows the choice at once, though the URL’s change is a transition still pending (no radio springing back)', async () => {
    const brush = catalogueUsd.products.find((p) => p.type === 'brush')!;
    const never = new Promise<never>(() => {});
    function Pending({ wait }: { wait: boolean }) {
      if (wait) use(never);
      return null;
    }
    function Page() {
      const [slug, setSlug] = useState<string | undefined>(undefined);
      const variant = brushVariants(brush.variants).find((v) => v.slug === slug) ?? brushVariants(brush.variants)[0];
      return (
        <MemoryRouter>
          <BuyBox
            product={brush}
            variant={variant}
            onChoose={(chosen) => startTransition(() => setSlug(chosen))}
            purchase={{ access: 'allowed', add: async () => ({ ok: false, message: '' }), checkout: async () => false, cartPath: '/checkout/haircare' }}
          />
          <Suspense fallback={null}>
            <Pending wait={slug !== undefined} />
          </Suspense>
        </MemoryRouter>
      );
    }
    render(<Page />);
    const mixed = screen.getByRole<HTMLInputElement>('radio', { name: /Mixed boar & nylon brush/ });
    fireEvent.click(mixed);
    await waitFor(() => expect(mixed.checked).toBe(true));
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /Boar bristle brush/ }).checked).toBe(false);
  });
});

describe('a second add re-shows the confirmation (spec 001 §9 Countries and display: re-shown after 250 ms when its content changes)', () => {
  it('the first confirmation shows at once; the next one hides it and shows the new words 250 ms later, focused', async () => {
    const brush = catalogueUsd.products.find((p) => p.type === 'brush')!;
    let quantity = 0;
    const add = async () => {
      quantity += 1;
      return { ok: true as const, line: { label: 'Boar bristle brush', quantity, added: 1, unitPrice: 78 }, capped: false };
    };
    render(
      <MemoryRouter>
        <BuyBox
          product={brush}
          variant={brushVariants(brush.variants)[0]}
          onChoose={() => undefined}
          purchase={{ access: 'allowed', add, checkout: async () => false, cartPath: '/checkout/haircare' }}
        />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect((await screen.findByRole('status')).textContent).toContain('Added to your cart: Boar bristle brush, $78.');
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    const hidden = performance.now();
    const again = await screen.findByRole('status');
    expect(performance.now() - hidden).toBeGreaterThanOrEqual(200);
    expect(again.textContent).toContain('Your cart now holds 2.');
    await waitFor(() => expect(document.activeElement).toBe(again));
  });
});
