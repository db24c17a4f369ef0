import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ProductPage } from '../../../shop/product-page/product-page.tsx';
import { Video } from '../../../shop/product-page/modules/video.tsx';
import ProductRoute from '../../../app/products/product-route.tsx';
import type { PageContent } from '../../../shop/content/schema.ts';

const content: PageContent = {
  title: 'Custom Shampoo',
  metaDescription: 'A shampoo formulated for your hair from 85+ factors, from hair type to zip code.',
  product: 'custom-shampoo',
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
    const { container } = render(<ProductPage content={content} price={<p>price slot</p>} />, { wrapper: MemoryRouter });
    const order = [...container.querySelectorAll('article > *')].map((el) => el.className || el.tagName);
    expect(order).toEqual(['pp-ticker', 'pp-hero', 'pp-faq']);
    expect(screen.getByRole('heading', { level: 1, name: 'Custom Shampoo' })).toBeTruthy();
    expect(screen.getByText('price slot')).toBeTruthy();
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
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/products/:slug" element={<ProductRoute />} />
          </Routes>
        </MemoryRouter>,
      );
    at('/products/custom-conditioner');
    expect(await screen.findByRole('heading', { level: 1, name: 'Custom Conditioner' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Frequently asked questions' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Custom Conditioner'));
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
});
