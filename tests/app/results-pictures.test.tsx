import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { ProductRecommendation } from '#api';
import { RoutineList } from '../../app/consultation/results/routine-list';

const routine: ProductRecommendation[] = [
  { product: 'shampoo', label: 'Custom Shampoo', section: 'preselect', because: 'it suits you', rank: 1 },
  { product: 'hair_oil', label: 'Custom Hair Oil', section: 'upsale', because: 'it suits you', rank: 2 },
];
const pictures: Record<string, { src: string; width: number; height: number }> = {
  shampoo: { src: '/media/card-shampoo.svg', width: 600, height: 600 },
};

describe('issue 25: products are shown with their pictures wherever they are named (the results page)', () => {
  it("each routine product shows the catalogue's picture with the shopper's name on the label, decorative beside its name", () => {
    render(<RoutineList recommendations={routine} pictureOf={(type) => pictures[type]} name="Maya" />, { wrapper: MemoryRouter });
    const shampoo = screen.getByRole('heading', { level: 4, name: 'Custom Shampoo' }).closest('li')!;
    const img = shampoo.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/media/card-shampoo.svg');
    expect([img.getAttribute('alt'), img.getAttribute('width'), img.getAttribute('height')]).toEqual(['', '600', '600']);
    expect(shampoo.textContent).toContain('Maya');
    // Not read twice: the name beside it says what it is.
    expect(within(shampoo).queryAllByRole('img')).toHaveLength(0);
  });

  it('a product whose picture is not known yet keeps its box, so nothing moves when it comes', () => {
    render(<RoutineList recommendations={routine} pictureOf={(type) => pictures[type]} name="Maya" />, { wrapper: MemoryRouter });
    const oil = screen.getByRole('heading', { level: 4, name: 'Custom Hair Oil' }).closest('li')!;
    expect(oil.querySelector('.routine__picture')).not.toBeNull();
    expect(oil.querySelector('img')).toBeNull();
  });
});
