import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import type { Formula, Prescription, ProductRecommendations, ProfileScoring } from '#api';
import { createMocks, mockEndpoint, mockError } from '../../api/client/mocks';
import { MemoryRouter } from 'react-router';
import { forgetCatalogue } from '../../app/products/catalogue';
import { catalogueUsd } from '../../stories/fixtures/catalogue';
import DerivedSections from '../../app/consultation/results/derived-sections';
import { combineStatuses } from '../../app/consultation/results/load-status';
import { askDerivedEarly, forgetEarlyAnswers } from '../../app/consultation/results/early-derived';
import { api } from '../../app/app-services';
import { tokenPairFor } from '../api/client-fixtures';

// Every test's page finds the catalogue (for the routine's links to product pages) unless it says otherwise.
const server = setupServer(mockEndpoint('getProducts', () => catalogueUsd, { baseUrl: window.location.origin }));
const mocks = createMocks({ baseUrl: window.location.origin });
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  forgetCatalogue();
  forgetEarlyAnswers();
});
afterAll(() => server.close());
beforeEach(() => localStorage.setItem('shop.tokens.user', JSON.stringify(tokenPairFor('user'))));

const houston = {
  zipcode: '77002',
  country: 'US' as const,
  city: 'Houston',
  region: 'TX',
  latitude: 29.75,
  longitude: -95.36,
  aggressors: [{ slug: 'humidity', label: 'Humidity', level: 'high' as const, detail: 'Humid summers in Houston swell the hair shaft.' }],
};
const scoring: ProfileScoring = {
  category: 'haircare',
  scores: [
    { dimension: 'volume', label: 'Volume', score: 5, level: 'low', reasons: [] },
    {
      dimension: 'dryness',
      label: 'Dryness',
      score: 85,
      level: 'high',
      reasons: [
        { because: 'your hair feels dry', points: 40, source: 'answers' },
        { because: 'you want more moisture', points: 20, source: 'answers' },
        { because: 'your hair is porous and loses water quickly', points: 15, source: 'answers' },
        { because: 'the air where you live is dry', points: 10, source: 'place' },
      ],
    },
    {
      dimension: 'frizz',
      label: 'Frizz',
      score: 40,
      level: 'moderate',
      reasons: [{ because: 'humid air where you live swells the hair', points: 15, source: 'place' }],
    },
  ],
};

const routine: ProductRecommendations = {
  category: 'haircare',
  recommendations: [
    { product: 'shampoo', label: 'Custom Shampoo', section: 'preselect', because: 'every routine starts with a shampoo made for your scalp', rank: 1 },
    { product: 'hair_mask', label: 'Custom Hair Mask', section: 'main', because: 'a weekly mask repairs and nourishes damaged or dry hair', rank: 2 },
    {
      product: 'hair_oil',
      label: 'Custom Hair Oil',
      section: 'featured',
      because: 'the dry or cold air where you live this season calls for an oil on the ends',
      rank: 3,
    },
    { product: 'dry_shampoo', label: 'Custom Dry Shampoo', section: 'inadvisable', because: 'dry shampoo absorbs oil your dry scalp needs', rank: 4 },
  ],
};

/** A formula as the server sends it; the tests set what they look at. */
const formulaFor = (product: string, label: string, parts: Partial<Formula>): Formula => ({
  product,
  skeleton_slug: product,
  label,
  category: 'haircare',
  made_for: { date: '2026-07-15', season: 'summer' },
  fragrance: { slug: 'arcadia', name: 'Arcadia', because: 'the scent you chose' },
  fragrance_free_because: null,
  actives: [],
  inci: ['Aqua'],
  free_of: [],
  ...parts,
});
const active = (name: string, percent: number, need: string, because: string) => ({
  slug: name.toLowerCase().replace(/\W+/g, '_'),
  name,
  inci: name,
  percent,
  amount: null,
  need,
  because,
});
// INCI in descending concentration, as the server orders it: not alphabetical, so a re-sort would show.
const shampooInci = ['Aqua', 'Sodium Cocoyl Isethionate', 'Glycerin', 'Panthenol', 'Parfum', 'Citric Acid', 'Limonene'];
const prescription: Prescription = {
  date: '2026-07-15',
  formulas: [
    formulaFor('shampoo', 'Custom Shampoo', {
      actives: [active('Panthenol', 0.86, 'hydration', 'draws in and holds moisture: your hair feels dry')],
      inci: shampooInci,
      free_of: [{ rule: 'silicone_free', label: 'silicones', because: 'you asked for silicone-free formulas' }],
    }),
    formulaFor('hair_mask', 'Custom Hair Mask', {
      fragrance: null,
      fragrance_free_because: 'we recommend fragrance-free for you at this time',
      actives: [active('Hydrolyzed rice protein', 0.44, 'strength', 'rebuilds strength in damaged hair: you style with hot tools')],
      inci: ['Aqua', 'Cetearyl Alcohol', 'Hydrolyzed Rice Protein'],
    }),
    formulaFor('hair_oil', 'Custom Hair Oil', {
      actives: [active('Argan oil', 20, 'nourishment', 'seals moisture into dry ends')],
      inci: ['Argania Spinosa Kernel Oil'],
    }),
    formulaFor('dry_shampoo', 'Custom Dry Shampoo', {
      actives: [active('Zinc PCA', 0.5, 'oil_control', 'soaks up oil between washes')],
      inci: ['Oryza Sativa Starch', 'Zinc PCA'],
    }),
    formulaFor('supplement_core', 'Hair Supplement', {
      category: 'supplement',
      fragrance: null,
      actives: [
        {
          slug: 'biotin',
          name: 'Biotin',
          inci: 'Biotin',
          percent: 0.17,
          amount: { value: 2500, unit: 'mcg' },
          need: 'nutrients',
          because: 'supports keratin production',
        },
      ],
      inci: ['Microcrystalline Cellulose', 'Biotin'],
    }),
    formulaFor('cleanser', 'Gentle Cream Cleanser', {
      category: 'skincare',
      actives: [active('Colloidal oatmeal', 1.2, 'comfort', 'soothes reactive skin')],
      inci: ['Aqua', 'Avena Sativa Kernel Flour'],
    }),
  ],
};
const withSupplement: ProductRecommendations = {
  ...routine,
  recommendations: [
    ...routine.recommendations,
    { product: 'supplement_core', label: 'Hair Supplements', section: 'optional', because: 'supplements support healthy growth', rank: 5 },
  ],
};

/** The routine product named `label`, as its list item. */
const productItem = (label: string) => screen.getByRole('heading', { name: label, level: 4 }).closest('li')!;

describe('the results page’s derived sections (issue 4 point 8; spec 000 §4.7 load statuses)', () => {
  it('shows what affects the shopper in their city, and their needs highest first, each a meter with its reasons', async () => {
    server.use(
      mocks.getAggressors(() => houston),
      mocks.getScoring(() => scoring),
      mocks.getProductRecommendations(() => routine),
      mocks.getPrescription(() => prescription),
    );
    render(<DerivedSections category="haircare" />, { wrapper: MemoryRouter });
    expect(await screen.findByRole('heading', { name: 'What affects your hair in Houston' })).toBeTruthy();
    expect(screen.getByText('Humid summers in Houston swell the hair shaft.')).toBeTruthy();
    const meters = await screen.findAllByRole('meter');
    expect(
      meters.map((m) => [
        m.getAttribute('aria-labelledby') && document.getElementById(m.getAttribute('aria-labelledby')!)?.textContent,
        (m as HTMLMeterElement).value,
      ]),
    ).toEqual([
      ['Dryness', 85],
      ['Frizz', 40],
      ['Volume', 5],
    ]);
    expect(screen.getByText('Because your hair feels dry, you want more moisture and your hair is porous and loses water quickly.')).toBeTruthy();
    expect(screen.getByText('High need')).toBeTruthy();
    // The routine, by section, each product with why; what is not advised is said, apart.
    const yours = within(await screen.findByRole('region', { name: 'Your routine' }));
    expect(yours.getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual(['Custom Shampoo', 'Custom Hair Mask']);
    expect(
      within(screen.getByRole('region', { name: 'Could also help' })).getByText('The dry or cold air where you live this season calls for an oil on the ends.'),
    ).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Not for you right now' })).getByText('Custom Dry Shampoo')).toBeTruthy();
  });

  it('answers asked for early, as the results page’s code loads, serve the first load once; the next visit asks afresh (spec 000 §4.3)', async () => {
    const asked: string[] = [];
    const count =
      <T,>(name: string, value: T) =>
      () => (asked.push(name), value);
    server.use(
      mocks.getAggressors(count('aggressors', houston)),
      mocks.getScoring(count('scoring', scoring)),
      mocks.getProductRecommendations(count('routine', routine)),
      mocks.getPrescription(count('prescription', prescription)),
    );
    askDerivedEarly(api, 'haircare');
    await waitFor(() => expect(asked.length).toBe(4));
    const first = render(<DerivedSections category="haircare" />, { wrapper: MemoryRouter });
    expect(await screen.findByText('Humid summers in Houston swell the hair shaft.')).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Your routine' })).toBeTruthy();
    expect(asked.sort()).toEqual(['aggressors', 'prescription', 'routine', 'scoring']);
    first.unmount();
    // Taken once: drawing the sections again (another visit) asks the server again.
    render(<DerivedSections category="haircare" />, { wrapper: MemoryRouter });
    await waitFor(() => expect(asked.length).toBe(8));
    expect(await screen.findByText('Humid summers in Houston swell the hair shaft.')).toBeTruthy();
  });

  it('answers asked for early for another category are not used', async () => {
    const asked: string[] = [];
    server.use(
      mocks.getAggressors(() => (asked.push('aggressors'), houston)),
      mocks.getScoring(({ query }) => (asked.push(`scoring ${query.get('category')}`), scoring)),
      mocks.getProductRecommendations(() => (asked.push('routine'), routine)),
      mocks.getPrescription(() => (asked.push('prescription'), prescription)),
    );
    askDerivedEarly(api, 'skincare');
    await waitFor(() => expect(asked.length).toBe(4));
    render(<DerivedSections category="haircare" />, { wrapper: MemoryRouter });
    await waitFor(() => expect(asked.length).toBe(8));
    expect(asked.filter((a) => a.startsWith('scoring'))).toEqual(['scoring skincare', 'scoring haircare']);
  });

  it('each routine product links to its product page (issue 12 point 6); an inadvisable one does not', async () => {
    server.use(
      mocks.getAggressors(() => houston),
      mocks.getScoring(() => scoring),
      mocks.getProductRecommendations(() => routine),
      mocks.getPrescription(() => prescription),
    );
    render(<DerivedSections category="haircare" />, { wrapper: MemoryRouter });
    const shampoo = await screen.findByRole('link', { name: 'Custom Shampoo' });
    expect(shampoo.getAttribute('href')).toBe('/products/custom-shampoo');
    expect(screen.getByRole('link', { name: 'Custom Hair Mask' }).getAttribute('href')).toBe('/products/custom-hair-mask');
    expect(screen.queryByRole('link', { name: 'Custom Dry Shampoo' })).toBeNull();
  });

  it('without a zip code the place section asks for one instead of failing', async () => {
    server.use(
      mocks.getAggressors(() => mockError(404, { code: 'no_zipcode', detail: 'Add your zip code.' })),
      mocks.getScoring(() => ({ ...scoring, category: 'skincare', scores: [] })),
      mocks.getProductRecommendations(() => ({ category: 'skincare', recommendations: [] })),
      mocks.getPrescription(() => prescription),
    );
    render(<DerivedSections category="skincare" />, { wrapper: MemoryRouter });
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
      mocks.getPrescription(() => prescription),
    );
    render(<DerivedSections category="haircare" />, { wrapper: MemoryRouter });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("We couldn't load all of your results");
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getAllByRole('meter')).toHaveLength(3));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('each routine product’s formula on the results page (issue 4 point 8; spec 000 §3.7, §4.7)', () => {
  const loaded = () =>
    server.use(
      mocks.getAggressors(() => houston),
      mocks.getScoring(() => scoring),
      mocks.getProductRecommendations(() => withSupplement),
    );

  it('shows each key ingredient and why under its own product, with its scent or why there is none, and what it is free of', async () => {
    loaded();
    server.use(mocks.getPrescription(() => prescription));
    render(<DerivedSections category="haircare" />, { wrapper: MemoryRouter });
    await screen.findByRole('heading', { name: "What's in your Custom Shampoo", level: 5 });
    const shampoo = within(productItem('Custom Shampoo'));
    const actives = shampoo.getByRole('list', { name: 'Key ingredients' });
    expect(
      within(actives)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Panthenol 0.86% Draws in and holds moisture: your hair feels dry.']);
    expect(shampoo.getByText('Scent: Arcadia')).toBeTruthy();
    expect(shampoo.getByText('Free of silicones')).toBeTruthy();
    expect(shampoo.getByText('You asked for silicone-free formulas.')).toBeTruthy();
    expect(shampoo.queryByText(/Hydrolyzed rice protein/)).toBeNull();
    const mask = within(productItem('Custom Hair Mask'));
    expect(mask.getByText('Rebuilds strength in damaged hair: you style with hot tools.')).toBeTruthy();
    expect(mask.queryByText('Panthenol')).toBeNull();
    // No scent: the reason, in place of one.
    expect(mask.getByText('Fragrance-free')).toBeTruthy();
    expect(mask.getByText('We recommend fragrance-free for you at this time.')).toBeTruthy();
    expect(mask.queryByText(/^Scent:/)).toBeNull();
    // The featured oil and the optional supplement get theirs; the supplement in amounts per serving, not percents.
    expect(within(productItem('Custom Hair Oil')).getByText('Argan oil')).toBeTruthy();
    const supplement = within(productItem('Hair Supplements'));
    expect(supplement.getByRole('heading', { name: "What's in your Hair Supplement" })).toBeTruthy();
    expect(supplement.getByText('2500 mcg')).toBeTruthy();
    expect(supplement.queryByText('0.17%')).toBeNull();
  });

  it('lists the full INCI in the server’s order, folded away until asked for', async () => {
    loaded();
    server.use(mocks.getPrescription(() => prescription));
    render(<DerivedSections category="haircare" />, { wrapper: MemoryRouter });
    await screen.findByRole('heading', { name: "What's in your Custom Shampoo" });
    const details = productItem('Custom Shampoo').querySelector('details')!;
    expect(details.open).toBe(false);
    expect(within(details).getByText('Full ingredient list').tagName).toBe('SUMMARY');
    const listed = within(within(details).getByRole('list'))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(listed).toEqual(shampooInci);
    expect(listed).not.toEqual([...listed].sort());
  });

  it('an inadvisable product shows no formula, and formulas outside the routine (skincare on the haircare page) are not shown', async () => {
    loaded();
    server.use(mocks.getPrescription(() => prescription));
    render(<DerivedSections category="haircare" />, { wrapper: MemoryRouter });
    await screen.findByRole('heading', { name: "What's in your Custom Shampoo" });
    const dry = productItem('Custom Dry Shampoo');
    expect(dry.textContent).toBe('Custom Dry ShampooDry shampoo absorbs oil your dry scalp needs.');
    expect(dry.querySelector('.formula')).toBeNull();
    expect(screen.queryByText('Zinc PCA')).toBeNull();
    expect(screen.queryByText(/Gentle Cream Cleanser/)).toBeNull();
    expect(screen.getAllByRole('heading', { level: 5 }).map((h) => h.textContent)).toEqual([
      "What's in your Custom Shampoo",
      "What's in your Custom Hair Mask",
      "What's in your Custom Hair Oil",
      "What's in your Hair Supplement",
    ]);
  });

  it('shows one loading line until every call has answered, then everything at once, then the rest of the page (no layout shift)', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    loaded();
    server.use(mocks.getPrescription(async () => (await gate, prescription)));
    const { container } = render(<DerivedSections category="haircare" after={<p>After the results</p>} />, { wrapper: MemoryRouter });
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Putting your results together…');
    expect(container.firstElementChild!.getAttribute('aria-busy')).toBe('true');
    // The other calls have answered by now, yet nothing of theirs is drawn: it would move as the rest arrives.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'What affects your hair in Houston' })).toBeNull();
    expect(screen.queryByRole('meter')).toBeNull();
    expect(screen.queryByText('After the results')).toBeNull();
    release();
    await screen.findByRole('heading', { name: "What's in your Custom Shampoo" });
    expect(screen.getByRole('heading', { name: 'What affects your hair in Houston' })).toBeTruthy();
    expect(screen.getAllByRole('meter')).toHaveLength(3);
    expect(screen.getByText('After the results')).toBeTruthy();
    expect(container.firstElementChild!.hasAttribute('aria-busy')).toBe(false);
  });

  it('a prescription that fails shows the routine without formulas and an error whose retry fetches it again', async () => {
    let calls = 0;
    loaded();
    // A refusal the client does not retry by itself (it retries 5xx and network errors up to 3 times).
    server.use(mocks.getPrescription(() => (++calls === 1 ? mockError(409, { code: 'profile_changed', detail: 'Try again.' }) : prescription)));
    render(<DerivedSections category="haircare" />, { wrapper: MemoryRouter });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("We couldn't load all of your results");
    expect(productItem('Custom Shampoo')).toBeTruthy();
    expect(screen.queryByText(/What's in your/)).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: "What's in your Custom Shampoo" })).toBeTruthy();
    expect(calls).toBe(2);
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
