import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen as page, waitFor } from 'storybook/test';
import type { ProductRecommendations, ProfileScoring } from '#api';
import { fakeJwt, mockEndpoint, mockError } from '../api/client/mocks';
import DerivedSections from '../app/consultation/results/derived-sections';
import '../app/styles/results.css';
import { at } from './support/viewports';

const place = {
  zipcode: '77002',
  country: 'US' as const,
  city: 'Houston',
  region: 'TX',
  latitude: 29.75,
  longitude: -95.36,
  aggressors: [
    { slug: 'humidity', label: 'Humidity', level: 'high' as const, detail: 'Humid summers in Houston: 75% average humidity in July swells the hair shaft and causes frizz.' },
    { slug: 'uv', label: 'Sun', level: 'high' as const, detail: 'A UV index near 10 at midday in summer breaks down the hair’s proteins.' },
    { slug: 'hard_water', label: 'Hard water', level: 'moderate' as const, detail: 'Moderately hard water leaves minerals that dull the hair.' },
  ],
};
const scoring: ProfileScoring = {
  category: 'haircare',
  scores: [
    { dimension: 'frizz', label: 'Frizz', score: 75, level: 'high', reasons: [{ because: 'you describe your hair as frizzy', points: 40, source: 'answers' }, { because: 'humid air where you live swells the hair', points: 15, source: 'place' }] },
    { dimension: 'dryness', label: 'Dryness', score: 50, level: 'moderate', reasons: [{ because: 'you want more moisture', points: 20, source: 'answers' }, { because: 'your hair is porous and loses water quickly', points: 15, source: 'answers' }] },
    { dimension: 'damage', label: 'Damage', score: 25, level: 'low', reasons: [{ because: 'you style with hot tools', points: 15, source: 'answers' }] },
    { dimension: 'volume', label: 'Volume', score: 5, level: 'low', reasons: [] },
  ],
};

const routine: ProductRecommendations = {
  category: 'haircare',
  recommendations: [
    { product: 'shampoo', label: 'Custom Shampoo', section: 'preselect', because: 'every routine starts with a shampoo made for your scalp', rank: 1 },
    { product: 'conditioner', label: 'Custom Conditioner', section: 'preselect', because: 'conditioner keeps your lengths soft and detangled', rank: 2 },
    { product: 'leavein_conditioner', label: 'Leave-in Conditioner', section: 'main', because: 'a leave-in smooths frizz all day', rank: 3 },
    { product: 'hair_mask', label: 'Custom Hair Mask', section: 'upsale', because: "a weekly mask would help your hair's moderate dryness or damage", rank: 4 },
    { product: 'styling_gel', label: 'Custom Styling Gel', section: 'optional', because: 'a gel holds your style', rank: 5 },
    { product: 'hair_oil', label: 'Custom Hair Oil', section: 'inadvisable', because: 'your roots get oily fast, and an oil would add to it', rank: 6 },
  ],
};

const meta = {
  title: 'App/Results/Derived sections',
  component: DerivedSections,
  args: { category: 'haircare' },
  // A signed-in session (the mocks answer for it), gone again after the story.
  beforeEach() {
    localStorage.setItem('shop.tokens.user', JSON.stringify({ access: fakeJwt(Math.floor(Date.now() / 1000) + 3600), refresh: 'story-refresh-token' }));
    return () => localStorage.removeItem('shop.tokens.user');
  },
} satisfies Meta<typeof DerivedSections>;
export default meta;
type Story = StoryObj<typeof meta>;

/** What affects the shopper in their city, and their needs highest first (issue 4 point 8). */
const loaded: Story = {
  beforeEach({ msw }) {
    msw.use(mockEndpoint('getAggressors', () => place), mockEndpoint('getScoring', () => scoring), mockEndpoint('getProductRecommendations', () => routine));
  },
  play: async () => {
    await page.findByRole('heading', { name: 'What affects your hair in Houston' });
    await waitFor(() => expect(page.getAllByRole('meter')).toHaveLength(4));
    await page.findByRole('region', { name: 'Not for you right now' });
  },
};
export const Loaded360 = at('xs', loaded);
export const Loaded768 = at('sm', loaded);
export const Loaded1280 = at('lg', loaded);

/** A call that fails: an alert with a way to try again (spec 000 §4.7). */
export const Error360 = at('xs', {
  beforeEach({ msw }) {
    msw.use(
      mockEndpoint('getAggressors', () => place),
      mockEndpoint('getScoring', () => mockError(409, { code: 'profile_changed', detail: 'Try again.' })),
      mockEndpoint('getProductRecommendations', () => routine),
    );
  },
  play: async () => {
    await expect(await page.findByRole('alert')).toHaveTextContent("We couldn't load all of your results");
  },
} satisfies Story);
