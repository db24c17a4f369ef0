import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen as page, waitFor, within } from 'storybook/test';
import { fakeJwt, mockEndpoint, mockError } from '../api/client/mocks';
import DerivedSections from '../app/consultation/results/derived-sections';
import '../app/styles/app.css';
import '../app/styles/results.css';
import { houstonPlace, houstonPrescription, houstonRoutine, houstonScoring } from './fixtures/houston-results';
import { catalogueUsd } from './fixtures/catalogue';
import { inResultsPage } from './support/frame';
import { at } from './support/viewports';

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
    mockEndpoint('getAggressors', () => houstonPlace),
    mockEndpoint('getScoring', () => houstonScoring),
    mockEndpoint('getProductRecommendations', () => houstonRoutine),
    mockEndpoint('getPrescription', () => houstonPrescription),
    mockEndpoint('getProducts', () => catalogueUsd),
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
    // Her six highest needs of the eleven, highest first.
    await waitFor(() => expect(page.getAllByRole('meter')).toHaveLength(6));
    const highest = [...houstonScoring.scores].sort((a, b) => b.score - a.score)[0]!;
    await expect(page.getAllByRole('meter')[0]).toHaveAttribute('value', String(highest.score));
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
