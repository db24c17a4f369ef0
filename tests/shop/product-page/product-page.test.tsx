import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setupServer } from 'msw/node';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { HttpResponse } from 'msw';
import { ProductPage } from '../../../shop/product-page/product-page.tsx';
import { Video } from '../../../shop/product-page/modules/video.tsx';
import ProductRoute from '../../../app/products/product-route.tsx';
import type { PageContent } from '../../../shop/content/schema.ts';
import { catalogueUsd } from '../../../stories/fixtures/catalogue';
import { houstonPrescription } from '../../../stories/fixtures/houston-results';
import { tokenPairFor } from '../../api/client-fixtures';
import { createMocks } from '../../../api/client/mocks';
import { forgetCatalogue } from '../../../app/products/catalogue';
import { SessionProvider, type Session } from '../../../app/session';

/** The page's session: these pages sell nothing that needs it (the route reads the stored tokens itself). */
const quietSession: Session = { load: () => new Promise(() => {}), hasStoredSession: () => false, onSignOut: () => () => undefined };

const shampoo = catalogueUsd.products.find((p) => p.type === 'shampoo')!;
const server = setupServer();
const mocks = createMocks({ baseUrl: window.location.origin });
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  forgetCatalogue();
});
afterAll(() => server.close());

const content: PageContent = {
  title: 'Custom Shampoo',
  metaDescription: 'A shampoo formulated for your hair from 85+ factors, from hair type to zip code.',
  product: 'custom-shampoo',
  showPrice: true,
  addToCart: false,
  modules: [
    { type: 'ticker', claims: ['sulfate free'] },
    {
      type: 'hero',
      title: 'Custom Shampoo',
      description: 'Cleans gently.',
      slides: [{ src: { mobile: '/media/m.svg', desktop: '/media/d.svg', tablet: '/media/t.svg' }, alt: 'A bottle' }],
    },
    { type: 'faq', title: 'Frequently asked questions', questions: [{ question: 'Custom?', answer: 'Take the [consultation](/consultation/haircare).' }] },
  ],
};
const video = {
  type: 'video' as const,
  video: 'towel',
  poster: { mobile: '/media/poster-m.svg', desktop: '/media/poster-d.svg' },
  fallback: { src: '/media/towel.svg', alt: 'A hair towel wrap', width: 800, height: 450 },
};

function mediaQueries(matching: string[]) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) => ({ matches: matching.includes(query), media: query, addEventListener: () => {}, removeEventListener: () => {} }) as unknown as MediaQueryList,
  );
}
afterEach(() => vi.restoreAllMocks());

describe('product page assembly (spec §2 "Product detail page")', () => {
  it('draws the modules in the order of the content, with links in FAQ answers', () => {
    const { container } = render(<ProductPage content={content} product={shampoo} />, { wrapper: MemoryRouter });
    const order = [...container.querySelectorAll('article > *')].map((el) => el.className || el.tagName);
    expect(order).toEqual(['pp-ticker', 'pp-hero', 'pp-faq']);
    expect(screen.getByRole('heading', { level: 1, name: 'Custom Shampoo' })).toBeTruthy();
    expect(container.querySelector('.pp-hero .pp-price')!.textContent).toBe('$32 or $27.20 with a subscription (save 15%)8.5 fl oz (250 mL)');
    expect(screen.getByRole('link', { name: 'consultation' }).getAttribute('href')).toBe('/consultation/haircare');
  });

  it('picks the desktop, tablet or mobile hero image by breakpoint, sized, loaded eagerly and preloaded as the LCP image (spec §2 text-and-image)', () => {
    const { container } = render(<ProductPage content={content} />, { wrapper: MemoryRouter });
    const sources = [...container.querySelectorAll('picture source')].map((s) => [s.getAttribute('media'), s.getAttribute('srcset')]);
    expect(sources).toEqual([
      ['(min-width: 1280px)', '/media/d.svg'],
      ['(min-width: 768px)', '/media/t.svg'],
    ]);
    const img = container.querySelector('picture img')!;
    expect([img.getAttribute('src'), img.getAttribute('width'), img.getAttribute('height'), img.getAttribute('loading')]).toEqual([
      '/media/m.svg',
      '1280',
      '720',
      'eager',
    ]);
  });

  it('shows the page of a known slug and a friendly 404 for an unknown one', async () => {
    const at = (path: string) =>
      render(
        <SessionProvider session={quietSession}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/products/:slug" element={<ProductRoute />} />
            </Routes>
          </MemoryRouter>
        </SessionProvider>,
      );
    server.use(mocks.getProducts(() => catalogueUsd));
    const { container } = at('/products/custom-conditioner');
    expect(await screen.findByRole('heading', { level: 1, name: 'Custom Conditioner' })).toBeTruthy();
    await waitFor(() => expect(container.querySelector('.pp-price__amount')?.textContent).toBe('$32'));
    expect(screen.getByRole('heading', { name: 'Frequently asked questions' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Custom Conditioner | Formulary'));
    at('/products/no-such-thing');
    expect(await screen.findByRole('heading', { name: "We couldn't find that page" })).toBeTruthy();
  });
});

describe('video module (spec §2 "Page part behaviour")', () => {
  it('is muted, looping, inline and autoplays without reduced motion; .webm then .mp4 from the media root', () => {
    mediaQueries([]);
    const { container } = render(<Video module={video} />);
    const el = container.querySelector('video')!;
    expect([el.muted, el.loop, el.hasAttribute('playsinline'), el.autoplay]).toEqual([true, true, true, true]);
    expect(el.getAttribute('poster')).toBe('/media/poster-m.svg');
    expect([...el.querySelectorAll('source')].map((s) => s.getAttribute('src'))).toEqual(['/media/towel-mobile.webm', '/media/towel-mobile.mp4']);
  });

  it('does not autoplay when the shopper asks for reduced motion, and uses the desktop files on a desktop', () => {
    mediaQueries(['(prefers-reduced-motion: reduce)', '(min-width: 1280px)']);
    const { container } = render(<Video module={video} />);
    const el = container.querySelector('video')!;
    expect(el.autoplay).toBe(false);
    expect(el.getAttribute('poster')).toBe('/media/poster-d.svg');
    expect(el.querySelector('source')!.getAttribute('src')).toBe('/media/towel-desktop.webm');
  });

  it('falls back to its image when the video files are absent', () => {
    mediaQueries([]);
    const { container } = render(<Video module={video} />);
    fireEvent.error(container.querySelectorAll('source')[1]!);
    expect(container.querySelector('video')).toBeNull();
    const img = screen.getByRole('img', { name: 'A hair towel wrap' });
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['800', '450']);
  });

  it('a page still shows, without a price, when the catalogue cannot be loaded', async () => {
    server.use(mocks.getProducts(() => HttpResponse.json({ code: 'validation_error', detail: 'Nope.' }, { status: 400 })));
    const { container } = render(
      <SessionProvider session={quietSession}>
        <MemoryRouter initialEntries={['/products/custom-shampoo']}>
          <Routes>
            <Route path="/products/:slug" element={<ProductRoute />} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Custom Shampoo' })).toBeTruthy();
    expect(container.querySelector('.pp-price--pending')).toBeTruthy();
  });

  it('a sold-out product shows the notice and the waitlist after its hero, and joining calls the server (spec §4 Products)', async () => {
    const soldOut = { ...catalogueUsd, products: catalogueUsd.products.map((p) => (p.type === 'shampoo' ? { ...p, sold_out: true } : p)) };
    const joined: unknown[] = [];
    server.use(
      mocks.getProducts(() => soldOut),
      mocks.joinWaitlist(({ body, params }) => {
        joined.push({ type: params.type, ...body });
        return { product: params.type, email: body.email, joined: true };
      }),
    );
    const { container } = render(
      <SessionProvider session={quietSession}>
        <MemoryRouter initialEntries={['/products/custom-shampoo']}>
          <Routes>
            <Route path="/products/:slug" element={<ProductRoute />} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>,
    );
    const notice = await screen.findByRole('heading', { name: 'This product is no longer available at this time.' });
    expect(notice.closest('section')!.previousElementSibling!.className).toBe('pp-hero');
    fireEvent.change(screen.getByLabelText("E-mail me when it's back"), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    expect(await screen.findByText("You're on the waitlist: we'll e-mail you when it's back.")).toBeTruthy();
    expect(joined).toEqual([{ type: 'shampoo', email: 'ada@example.com', country: 'US' }]);
    expect(container.querySelectorAll('.pp-sold-out')).toHaveLength(1);
  });

  it('a shopper with a session sees their own formula of a custom product under the hero; one without a formula sees none (issue 12 point 6)', async () => {
    const formula = houstonPrescription.formulas.find((f) => f.product === 'shampoo')!;
    localStorage.setItem('shop.tokens.user', JSON.stringify(tokenPairFor('user')));
    let asked = 0;
    try {
      server.use(
        mocks.getProducts(() => catalogueUsd),
        mocks.getPrescription(() => {
          asked += 1;
          return { ...houstonPrescription, formulas: [formula] };
        }),
      );
      const page = (path: string) =>
        render(
          <SessionProvider session={quietSession}>
            <MemoryRouter initialEntries={[path]}>
              <Routes>
                <Route path="/products/:slug" element={<ProductRoute />} />
              </Routes>
            </MemoryRouter>
          </SessionProvider>,
        );
      const { container, unmount } = page('/products/custom-shampoo');
      const yours = await screen.findByRole('heading', { level: 2, name: 'Your formula' });
      expect(yours.closest('section')!.previousElementSibling!.className).toBe('pp-hero');
      expect(within(yours.closest('section')!).getByRole('heading', { level: 3, name: `What's in your ${formula.label}` })).toBeTruthy();
      expect(container.querySelectorAll('.pp-your-formula')).toHaveLength(1);
      unmount();
      // The conditioner: no formula of it in the prescription, so nothing is added.
      const other = page('/products/custom-conditioner');
      await waitFor(() => expect(other.container.querySelector('.pp-price__amount')?.textContent).toBe('$32'));
      await waitFor(() => expect(asked).toBe(2));
      await act(async () => {});
      expect(other.container.querySelector('.pp-your-formula')).toBeNull();
    } finally {
      localStorage.removeItem('shop.tokens.user');
    }
  });

  describe('a shopper with a session: the modules after the hero wait for their formula (nothing moves when it arrives)', () => {
    const formula = houstonPrescription.formulas.find((f) => f.product === 'shampoo')!;
    // The hold's bound is set per test: longer than any test runs, so that however slow the machine only the test
    // ends it (by an answer, or by setting a bound of 0).
    const NO_BOUND_MS = 60 * 60_000;
    const tree = (formulaHoldMs: number) => (
      <SessionProvider session={quietSession}>
        <MemoryRouter initialEntries={['/products/custom-shampoo']}>
          <Routes>
            <Route path="/products/:slug" element={<ProductRoute formulaHoldMs={formulaHoldMs} />} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>
    );
    const page = () => render(tree(NO_BOUND_MS));
    const after = (element: Element) => [...element.parentElement!.children].slice([...element.parentElement!.children].indexOf(element) + 1);

    it('the hero shows at once; the formula, then the other modules, once the formulation service has answered', async () => {
      localStorage.setItem('shop.tokens.user', JSON.stringify(tokenPairFor('user')));
      let answer!: () => void;
      const answered = new Promise<void>((resolve) => (answer = resolve));
      try {
        server.use(
          mocks.getProducts(() => catalogueUsd),
          mocks.getPrescription(async () => {
            await answered;
            return { ...houstonPrescription, formulas: [formula] };
          }),
        );
        const { container } = page();
        await waitFor(() => expect(container.querySelector('.pp-price__amount')?.textContent).toBe('$32'));
        const hero = container.querySelector('.pp-hero')!;
        // Held: nothing after the hero, so the formula will push nothing down.
        expect(after(hero)).toEqual([]);
        answer();
        const yours = await screen.findByRole('heading', { level: 2, name: 'Your formula' });
        await waitFor(() => expect(after(hero).length).toBeGreaterThan(1));
        expect(after(hero)[0]).toBe(yours.closest('section'));
      } finally {
        answer();
        localStorage.removeItem('shop.tokens.user');
      }
    });

    it('a formulation service that does not answer keeps the page from the shopper for the bound of the hold at most (FORMULA_HOLD_MS in the shop)', async () => {
      localStorage.setItem('shop.tokens.user', JSON.stringify(tokenPairFor('user')));
      try {
        server.use(
          mocks.getProducts(() => catalogueUsd),
          mocks.getPrescription(() => new Promise<never>(() => {})),
        );
        const { container, rerender } = page();
        await waitFor(() => expect(container.querySelector('.pp-price__amount')?.textContent).toBe('$32'));
        const hero = container.querySelector('.pp-hero')!;
        expect(after(hero)).toEqual([]);
        // The bound (FORMULA_HOLD_MS in the shop) passes.
        rerender(tree(0));
        await waitFor(() => expect(after(hero).length).toBeGreaterThan(0));
        expect(container.querySelector('.pp-your-formula')).toBeNull();
      } finally {
        localStorage.removeItem('shop.tokens.user');
      }
    });
  });
});
