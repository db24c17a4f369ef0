import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen as page, waitFor, within } from 'storybook/test';
import type { ProfileScoring } from '#api';
import { fakeJwt, mockEndpoint, mockError } from '../api/client/mocks';
import DerivedSections from '../app/consultation/results/derived-sections';
import '../app/styles/app.css';
import '../app/styles/results.css';
import { houstonPrescription, houstonRoutine } from './fixtures/houston-prescription';
import { inResultsPage } from './support/frame';
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

const meta = {
  title: 'App/Results/Derived sections',
  component: DerivedSections,
  args: { category: 'haircare' },
  decorators: [inResultsPage],
  // A signed-in session (the mocks answer for it), gone again after the story.
  beforeEach() {
    localStorage.setItem('shop.tokens.user', JSON.stringify({ access: fakeJwt(Math.floor(Date.now() / 1000) + 3600), refresh: 'story-refresh-token' }));
    return () => localStorage.removeItem('shop.tokens.user');
  },
} satisfies Meta<typeof DerivedSections>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The calls of a loaded results page; `overrides` replace some of them. */
function resultsHandlers(overrides: ReturnType<typeof mockEndpoint>[] = []) {
  return [
    ...overrides,
    mockEndpoint('getAggressors', () => place),
    mockEndpoint('getScoring', () => scoring),
    mockEndpoint('getProductRecommendations', () => houstonRoutine),
    mockEndpoint('getPrescription', () => houstonPrescription),
  ];
}

/** The routine product whose name is `label`, as a list item. */
const productItem = (label: string) => page.getByRole('heading', { name: label, level: 4 }).closest('li')!;

/**
 * What affects the shopper in their city, their needs highest first, and their routine with what is in each
 * formula, the supplement's too (issue 4 point 8); the advised-against dry shampoo has none.
 */
const loaded: Story = {
  beforeEach({ msw }) {
    msw.use(...resultsHandlers());
  },
  play: async () => {
    await page.findByRole('heading', { name: 'What affects your hair in Houston' });
    await waitFor(() => expect(page.getAllByRole('meter')).toHaveLength(4));
    await page.findByRole('region', { name: 'Not for you right now' });
    const shampoo = within(productItem('Custom Shampoo'));
    await expect(shampoo.getByRole('heading', { name: "What's in your Custom Shampoo", level: 5 })).toBeVisible();
    await expect(shampoo.getByText('Draws in and holds moisture: your hair feels dry.')).toBeVisible();
    await expect(shampoo.getByText('Scent: Arcadia')).toBeVisible();
    await expect(within(productItem('Hair Supplements')).getByText('2500 mcg')).toBeVisible();
    await expect(within(productItem('Custom Dry Shampoo')).queryByText(/What's in your/)).toBeNull();
    // The prescription's skincare formulas belong to the skincare page.
    await expect(page.queryByText("What's in your Foaming Gel Cleanser")).toBeNull();
  },
};
export const Loaded360 = at('xs', loaded);
export const Loaded768 = at('sm', loaded);
export const Loaded1280 = at('lg', loaded);

/** A call that fails: an alert with a way to try again (spec 000 §4.7). */
export const Error360 = at('xs', {
  beforeEach({ msw }) {
    msw.use(...resultsHandlers([mockEndpoint('getScoring', () => mockError(409, { code: 'profile_changed', detail: 'Try again.' }))]));
  },
  play: async () => {
    await expect(await page.findByRole('alert')).toHaveTextContent("We couldn't load all of your results");
  },
} satisfies Story);

/** The formulas fail to load: the routine still shows, without them, and the alert offers to try again. */
export const PrescriptionError360 = at('xs', {
  beforeEach({ msw }) {
    msw.use(...resultsHandlers([mockEndpoint('getPrescription', () => mockError(409, { code: 'profile_changed', detail: 'Try again.' }))]));
  },
  play: async () => {
    await expect(await page.findByRole('alert')).toHaveTextContent("We couldn't load all of your results");
    await expect(productItem('Custom Shampoo')).toBeVisible();
    await expect(page.queryByText(/What's in your/)).toBeNull();
  },
} satisfies Story);
