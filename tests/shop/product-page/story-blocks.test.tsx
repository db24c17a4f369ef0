import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { PageFacts } from '../../../shop/product-page/page-facts.ts';
import { SkincareCta, VariantHeroes } from '../../../shop/product-page/modules/story-blocks.tsx';
import { moduleExamples } from '../../../stories/fixtures/page-modules';
import { checkAllPages } from '../../../shop/content/check-content.ts';

const brushes = moduleExamples['variant-heroes'];

describe('variant heroes (spec 001 §2: /products/brushes?variant={variantSlug})', () => {
  it('shows the variant the link names, the first by order without one, and switches by link', () => {
    const { unmount } = render(
      <MemoryRouter initialEntries={['/products/brushes?variant=mixed']}>
        <VariantHeroes module={brushes} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Mixed boar & nylon brush');
    expect(screen.getByRole('link', { name: 'Mixed boar & nylon brush' }).getAttribute('aria-current')).toBe('true');
    unmount();
    render(
      <MemoryRouter initialEntries={['/products/brushes?variant=unknown']}>
        <VariantHeroes module={{ ...brushes, variants: [...brushes.variants].reverse() }} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Boar bristle brush');
    fireEvent.click(screen.getByRole('link', { name: 'Mixed boar & nylon brush' }));
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Mixed boar & nylon brush');
  });
});

describe('skincare landing call to action by the shopper’s progress (spec 001 §2)', () => {
  const cta = (progress: 'completed' | 'started' | 'not_started') => {
    const view = render(
      <MemoryRouter>
        <PageFacts.Provider value={{ skincareConsultation: progress }}>
          <SkincareCta module={{ type: 'skincare-cta', title: 'Your skincare routine', product: 'Custom Skincare' }} />
        </PageFacts.Provider>
      </MemoryRouter>,
    );
    const link = screen.getByRole('link');
    const result = [link.textContent, link.getAttribute('href')];
    view.unmount();
    return result;
  };

  it('completed: order, naming the product, to the skincare cart; started: finish; nothing answered: get your formula', () => {
    expect(cta('completed')).toEqual(['Order your Custom Skincare', '/checkout/skincare']);
    expect(cta('started')).toEqual(['Finish your consultation', '/consultation/skincare']);
    expect(cta('not_started')).toEqual(['Get your formula', '/consultation/skincare']);
  });
});

describe('the pages whose content spec 001 §2 defines', () => {
  it('each has its page file; skincare pages lead to the skincare consultation; the claims of §9 are where they belong', () => {
    const { pages, problems } = checkAllPages(process.cwd());
    expect(problems).toEqual([]);
    const wanted = [
      'custom-conditioner',
      'custom-curl-cream',
      'custom-dry-shampoo',
      'custom-hair-mask',
      'custom-hair-oil',
      'custom-leave-in-conditioner',
      'custom-moisturizer',
      'custom-serum',
      'custom-cleanser',
      'custom-scalp-mask',
      'custom-shampoo',
      'custom-styling-gel',
      'formulary-hair-towel',
      'brushes',
      'formulary-candle',
      'skincare',
    ];
    for (const slug of wanted) expect(pages.has(slug), slug).toBe(true);
    const text = (slug: string) => JSON.stringify(pages.get(slug));
    for (const slug of ['custom-cleanser', 'custom-serum', 'custom-moisturizer']) {
      const hero = pages.get(slug)!.modules.find((m) => m.type === 'hero');
      expect(hero && 'ctaTo' in hero ? hero.ctaTo : undefined, slug).toBe('/consultation/skincare');
    }
    expect(text('custom-serum')).toContain('72 people over 4 weeks');
    expect(text('custom-moisturizer')).toContain('66 people aged 45 to 65');
    expect(text('custom-styling-gel')).toContain('104 subjects with hair types 2C to 4C');
    expect(text('custom-cleanser')).toContain('22 people aged 18 to 65 over 4 weeks');
    expect(text('skincare')).toMatch(/15m.*80\+.*2000\+/);
    expect(text('formulary-hair-towel')).toContain('16 recycled 33-ounce bottles');
    const towel = pages.get('formulary-hair-towel')!.modules.map((m) => m.type);
    expect(towel).toEqual(expect.arrayContaining(['ticker', 'hero', 'faq', 'sustainability', 'video']));
    expect(pages.get('brushes')!.modules.map((m) => m.type)).toEqual(expect.arrayContaining(['variant-heroes', 'monogram', 'faq']));
    expect(pages.get('custom-hair-density-set')!.showPrice).toBe(false);
  });
});

describe('product carousels (spec 001 §2 "Complete your haircare routine", §9 "Discover more")', () => {
  it('draw the catalogue’s cards in the module’s order, never the page’s own product; nothing before the catalogue loads', async () => {
    const { catalogueUsd } = await import('../../../stories/fixtures/catalogue');
    const { ProductCarousel, DiscoverMore } = await import('../../../shop/product-page/modules/story-blocks.tsx');
    const view = (node: React.ReactNode, products = catalogueUsd.products) =>
      render(
        <MemoryRouter>
          <PageFacts.Provider value={{ skincareConsultation: 'not_started', products, current: 'conditioner' }}>{node}</PageFacts.Provider>
        </MemoryRouter>,
      );
    const carousel = view(
      <ProductCarousel module={{ type: 'product-carousel', title: 'Complete your haircare routine', products: ['hair_oil', 'conditioner', 'shampoo'] }} />,
    );
    expect(screen.getAllByRole('listitem').map((li) => li.querySelector('.product-card__name')!.textContent)).toEqual(['Custom Hair Oil', 'Custom Shampoo']);
    carousel.unmount();
    const more = view(
      <DiscoverMore module={{ type: 'discover-more', title: 'Discover more', allowed: ['candle', 'brush', 'conditioner'], excluded: ['brush'] }} />,
    );
    expect(screen.getAllByRole('listitem').map((li) => li.querySelector('.product-card__name')!.textContent)).toEqual(['Candle']);
    more.unmount();
    const empty = view(<DiscoverMore module={{ type: 'discover-more', title: 'Discover more', allowed: ['candle'], excluded: [] }} />, []);
    expect(empty.container.textContent).toBe('');
  });
});
