import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { recommendationSection, type ProductRecommendation } from '#api';
import { inRoutine } from '#api/commerce';
import { RoutineList } from '../../../app/consultation/results/routine-list';

// One product in every recommendation section.
const recommendations: ProductRecommendation[] = recommendationSection.options.map((section, i) => ({
  product: `product_${section}`,
  label: `Product ${section}`,
  section,
  because: 'it suits you',
  rank: i + 1,
}));

describe('§4 Cart: one rule for the routine (api/commerce.ts ROUTINE_SECTIONS)', () => {
  it('the results page lists under "Your routine" exactly the products the recommendation cart holds (tests/server/cart.test.ts)', () => {
    render(<RoutineList recommendations={recommendations} />, { wrapper: MemoryRouter });
    const routine = within(screen.getByRole('region', { name: 'Your routine' }));
    expect(routine.getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual(
      recommendations.filter((r) => inRoutine(r.section)).map((r) => r.label),
    );
    expect(routine.getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual(['Product preselect', 'Product main']);
  });
});
