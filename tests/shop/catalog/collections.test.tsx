import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { MemoryRouter, Route, Routes } from 'react-router';
import { HttpResponse } from 'msw';
import { createMocks } from '../../../api/client/mocks';
import { forgetCatalogue, shopperCountry } from '../../../app/products/catalogue';
import CollectionRoute from '../../../app/products/collection-route';
import { catalogueCad, catalogueUsd } from '../../../stories/fixtures/catalogue';

const server = setupServer();
const mocks = createMocks({ baseUrl: window.location.origin });
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  forgetCatalogue();
});
afterAll(() => server.close());

const grid = () => document.querySelector<HTMLElement>('.product-grid')!;

function at(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/collections/:name" element={<CollectionRoute />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('collection pages (spec 001 §2 Collections)', () => {
  it('haircare: product cards in rank order linking to their pages, prices from the catalogue, the promotional card after the scalp serum', async () => {
    let country: string | null = null;
    server.use(
      mocks.getProducts(({ query }) => {
        country = query.get('country');
        return catalogueUsd;
      }),
    );
    at('/collections/haircare');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Custom haircare' });
    // Focus moves in an effect after the heading is drawn: wait for it.
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(country).toBe('US');
    const cards = within(grid()).getAllByRole('listitem');
    const names = cards.map((card) => card.querySelector('.product-card__title')!.textContent);
    expect(names.slice(0, 2)).toEqual(['Custom Shampoo', 'Custom Conditioner']);
    const serum = names.findIndex((n) => n!.startsWith('Custom Scalp Serum'));
    expect(names[serum + 1]).toBe('Not sure where to start?');
    const shampoo = cards[0]!;
    // The name is the link (the whole card answers it through the link's own box).
    expect(within(shampoo).getByRole('link', { name: 'Custom Shampoo' }).getAttribute('href')).toBe('/products/custom-shampoo');
    expect(shampoo.textContent).toContain('$32');
    expect(shampoo.textContent).toContain('$27.20 with a subscription');
    // The page's title is set by an effect after the page is drawn.
    await waitFor(() => expect(document.title).toBe('Custom haircare | Formulary'));
  });

  it('each collection has its own document title, also when reached from another collection (issue 25 point 4)', async () => {
    server.use(mocks.getProducts(() => catalogueUsd));
    at('/collections/haircare');
    await screen.findByRole('heading', { level: 1, name: 'Custom haircare' });
    await waitFor(() => expect(document.title).toBe('Custom haircare | Formulary'));
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Other collections' })).getByRole('link', { name: 'Custom skincare' }));
    await screen.findByRole('heading', { level: 1, name: 'Custom skincare' });
    await waitFor(() => expect(document.title).toBe('Custom skincare | Formulary'));
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Other collections' })).getByRole('link', { name: 'Accessories' }));
    await waitFor(() => expect(document.title).toBe('Accessories | Formulary'));
  });

  it('accessories in display order, the brush "From" its lowest variant price, no subscription price', async () => {
    server.use(mocks.getProducts(() => catalogueUsd));
    at('/collections/accessories');
    await screen.findByRole('heading', { level: 1, name: 'Accessories' });
    const cards = within(grid()).getAllByRole('listitem');
    expect(cards.map((c) => c.querySelector('.product-card__name')!.textContent)).toEqual(['Hair Towel Wrap', 'Candle', 'Brush', 'Digital Gift Card']);
    expect(cards[2]!.textContent).toContain('From $72');
    expect(cards.some((c) => /subscription/.test(c.textContent ?? ''))).toBe(false);
    // The gift card's page is the gift card landing page (spec 001 §2).
    expect(within(cards[3]!).getByRole('link', { name: 'Digital Gift Card' }).getAttribute('href')).toBe('/gift');
    expect(cards[3]!.id).toBe('gifts');
  });

  it('skincare cards carry the collection click marker and show CAD prices to a Canadian shopper', async () => {
    server.use(mocks.getProducts(() => catalogueCad));
    at('/collections/skincare');
    await screen.findByRole('heading', { level: 1, name: 'Custom skincare' });
    const cards = within(grid()).getAllByRole('listitem');
    expect(cards.every((c) => c.getAttribute('data-click-on-collection') === 'clicked')).toBe(true);
    expect(cards[0]!.textContent).toContain('$39');
  });

  it('an unknown collection is the 404 page, and a failed load offers to try again', async () => {
    at('/collections/shoes');
    expect(await screen.findByRole('heading', { name: "We couldn't find that page" })).toBeTruthy();
    let calls = 0;
    server.use(
      mocks.getProducts(() => {
        calls += 1;
        return calls === 1 ? HttpResponse.json({ code: 'validation_error', detail: 'Nope.' }, { status: 400 }) : catalogueUsd;
      }),
    );
    at('/collections/skincare');
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Custom skincare' })).toBeTruthy();
  });

  it('§9 Countries: a browser set to Canada (en-CA, fr-CA) shops in CA, any other in US', () => {
    expect([shopperCountry('en-CA'), shopperCountry('fr-CA'), shopperCountry('en-US'), shopperCountry('en-GB'), shopperCountry('')]).toEqual([
      'CA',
      'CA',
      'US',
      'US',
      'US',
    ]);
  });
});
