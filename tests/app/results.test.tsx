import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import type { ProductRecommendations, ProfileScoring } from '#api';
import { createMocks, mockError } from '../../api/client/mocks';
import DerivedSections from '../../app/consultation/results/derived-sections';
import { combineStatuses } from '../../app/consultation/results/load-status';
import { tokenPairFor } from '../api/client-fixtures';

const server = setupServer();
const mocks = createMocks({ baseUrl: window.location.origin });
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => localStorage.setItem('shop.tokens.user', JSON.stringify(tokenPairFor('user'))));

const houston = {
  zipcode: '77002', country: 'US' as const, city: 'Houston', region: 'TX', latitude: 29.75, longitude: -95.36,
  aggressors: [{ slug: 'humidity', label: 'Humidity', level: 'high' as const, detail: 'Humid summers in Houston swell the hair shaft.' }],
};
const scoring: ProfileScoring = {
  category: 'haircare',
  scores: [
    { dimension: 'volume', label: 'Volume', score: 5, level: 'low', reasons: [] },
    {
      dimension: 'dryness', label: 'Dryness', score: 85, level: 'high',
      reasons: [
        { because: 'your hair feels dry', points: 40, source: 'answers' },
        { because: 'you want more moisture', points: 20, source: 'answers' },
        { because: 'your hair is porous and loses water quickly', points: 15, source: 'answers' },
        { because: 'the air where you live is dry', points: 10, source: 'place' },
      ],
    },
    { dimension: 'frizz', label: 'Frizz', score: 40, level: 'moderate', reasons: [{ because: 'humid air where you live swells the hair', points: 15, source: 'place' }] },
  ],
};

const routine: ProductRecommendations = {
  category: 'haircare',
  recommendations: [
    { product: 'shampoo', label: 'Custom Shampoo', section: 'preselect', because: 'every routine starts with a shampoo made for your scalp', rank: 1 },
    { product: 'hair_mask', label: 'Custom Hair Mask', section: 'main', because: 'a weekly mask repairs and nourishes damaged or dry hair', rank: 2 },
    { product: 'hair_oil', label: 'Custom Hair Oil', section: 'featured', because: 'the dry or cold air where you live this season calls for an oil on the ends', rank: 3 },
    { product: 'dry_shampoo', label: 'Custom Dry Shampoo', section: 'inadvisable', because: 'dry shampoo absorbs oil your dry scalp needs', rank: 4 },
  ],
};

describe('the results page’s derived sections (issue 4 point 8; spec 000 §4.7 load statuses)', () => {
  it('shows what affects the shopper in their city, and their needs highest first, each a meter with its reasons', async () => {
    server.use(mocks.getAggressors(() => houston), mocks.getScoring(() => scoring), mocks.getProductRecommendations(() => routine));
    render(<DerivedSections category="haircare" />);
    expect(await screen.findByRole('heading', { name: 'What affects your hair in Houston' })).toBeTruthy();
    expect(screen.getByText('Humid summers in Houston swell the hair shaft.')).toBeTruthy();
    const meters = await screen.findAllByRole('meter');
    expect(meters.map((m) => [m.getAttribute('aria-labelledby') && document.getElementById(m.getAttribute('aria-labelledby')!)?.textContent, (m as HTMLMeterElement).value])).toEqual([
      ['Dryness', 85],
      ['Frizz', 40],
      ['Volume', 5],
    ]);
    expect(screen.getByText('Because your hair feels dry, you want more moisture and your hair is porous and loses water quickly.')).toBeTruthy();
    expect(screen.getByText('High need')).toBeTruthy();
    // The routine, by section, each product with why; what is not advised is said, apart.
    const yours = within(await screen.findByRole('region', { name: 'Your routine' }));
    expect(yours.getAllByRole('listitem').map((li) => li.querySelector('.routine__name')!.textContent)).toEqual(['Custom Shampoo', 'Custom Hair Mask']);
    expect(within(screen.getByRole('region', { name: 'Could also help' })).getByText('The dry or cold air where you live this season calls for an oil on the ends.')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Not for you right now' })).getByText('Custom Dry Shampoo')).toBeTruthy();
  });

  it('without a zip code the place section asks for one instead of failing', async () => {
    server.use(mocks.getAggressors(() => mockError(404, { code: 'no_zipcode', detail: 'Add your zip code.' })), mocks.getScoring(() => ({ ...scoring, category: 'skincare', scores: [] })), mocks.getProductRecommendations(() => ({ category: 'skincare', recommendations: [] })));
    render(<DerivedSections category="skincare" />);
    expect(await screen.findByText('Add your zip code to see what your climate does to your skin.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'What your skin needs' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a failed call shows an error with a way to try again, which then succeeds', async () => {
    let calls = 0;
    // A refusal the client does not retry by itself (it retries 5xx and network errors up to 3 times).
    server.use(
      mocks.getAggressors(() => houston),
      mocks.getScoring(() => (++calls === 1 ? mockError(409, { code: 'profile_changed', detail: 'Try again.' }) : scoring)),
      mocks.getProductRecommendations(() => routine),
    );
    render(<DerivedSections category="haircare" />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("We couldn't load all of your results");
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getAllByRole('meter')).toHaveLength(3));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('combined load status (spec 000 §4.7)', () => {
  it('error if any is an error; loading if any is loading; success if all succeeded; else idle', () => {
    expect(combineStatuses(['success', 'error', 'loading'])).toBe('error');
    expect(combineStatuses(['success', 'loading'])).toBe('loading');
    expect(combineStatuses(['saving', 'success'])).toBe('loading');
    expect(combineStatuses(['success', 'success'])).toBe('success');
    expect(combineStatuses(['idle', 'success'])).toBe('idle');
    expect(combineStatuses([])).toBe('idle');
  });
});
