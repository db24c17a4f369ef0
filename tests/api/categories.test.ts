import { describe, expect, it } from 'vitest';
import { category, categoryOf, consultationCategories, formulaCategories, formulaCategory, isCategory, productRecommendationsQuery } from '#api';

/** The categories, spelled once (api/categories.ts; issue 11 "domain rules shared"). */
describe('categories', () => {
  it('the consultations are haircare and skincare; formulas add the supplement (spec 000 §1, §3.8)', () => {
    expect(consultationCategories).toEqual(['haircare', 'skincare']);
    expect(formulaCategories).toEqual(['haircare', 'skincare', 'supplement']);
    expect(category.options).toEqual([...consultationCategories]);
    expect(formulaCategory.options).toEqual([...formulaCategories]);
  });

  it('spec 000 §7: any category other than skincare counts as haircare', () => {
    expect(categoryOf('skincare')).toBe('skincare');
    for (const other of ['haircare', 'supplement', 'supplements', '', undefined, null, 'toString', 3]) expect(categoryOf(other)).toBe('haircare');
    expect(productRecommendationsQuery.parse({ category: 'supplement' })).toEqual({ category: 'haircare' });
  });

  it('isCategory accepts the consultations only', () => {
    expect(isCategory('haircare')).toBe(true);
    expect(isCategory('skincare')).toBe(true);
    expect(isCategory('supplement')).toBe(false);
    expect(isCategory('constructor')).toBe(false);
  });
});
