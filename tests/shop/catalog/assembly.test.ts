import { describe, expect, it } from 'vitest';
import type { Product } from '#api';
import {
  belongsTo,
  brushVariants,
  collectionEntries,
  discoverMore,
  isHaircareTopical,
  isSkincareTopical,
  isSupplements,
  lowestVariantPrice,
  productCard,
  sortByRank,
  withPriorityFirst,
} from '../../../shop/catalog/assembly';
import { catalogueUsd } from '../../../stories/fixtures/catalogue';

const shop = catalogueUsd.products;
const base = shop.find((p) => p.type === 'shampoo')!;
/** A product like the shampoo with `changes`. */
const made = (changes: Partial<Product>): Product => ({ ...base, ...changes });
const types = (list: readonly { type: string }[]) => list.map((p) => p.type);

describe('catalogue assembly (spec 001 §9 "Catalogue assembly")', () => {
  it('§3 Category rules: haircare and skincare are their category with no sub-category or topicals; supplements is a category or a sub-category', () => {
    expect(isHaircareTopical({ category: 'haircare', sub_category: null })).toBe(true);
    expect(isHaircareTopical({ category: 'haircare', sub_category: 'topicals' })).toBe(true);
    expect(isHaircareTopical({ category: 'haircare', sub_category: 'supplements' })).toBe(false);
    expect(isSkincareTopical({ category: 'skincare', sub_category: null })).toBe(true);
    expect(isSkincareTopical({ category: 'skincare', sub_category: 'tools' })).toBe(false);
    expect(isSupplements({ category: 'supplements', sub_category: null })).toBe(true);
    expect(isSupplements({ category: 'haircare', sub_category: 'supplements' })).toBe(true);
    expect(isSupplements({ category: 'haircare', sub_category: 'topicals' })).toBe(false);
  });

  it('membership: haircare = haircare with sub_category supplements or topicals; skincare = all skincare; accessories = others, or haircare tools', () => {
    expect(belongsTo('haircare', { category: 'haircare', sub_category: 'supplements' })).toBe(true);
    expect(belongsTo('haircare', { category: 'haircare', sub_category: 'topicals' })).toBe(true);
    expect(belongsTo('haircare', { category: 'haircare', sub_category: null })).toBe(false);
    expect(belongsTo('haircare', { category: 'haircare', sub_category: 'tools' })).toBe(false);
    expect(belongsTo('skincare', { category: 'skincare', sub_category: 'lifestyle' })).toBe(true);
    expect(belongsTo('accessories', { category: 'others', sub_category: 'lifestyle' })).toBe(true);
    expect(belongsTo('accessories', { category: 'haircare', sub_category: 'tools' })).toBe(true);
    expect(belongsTo('accessories', { category: 'skincare', sub_category: 'tools' })).toBe(false);
  });

  it('sort by ranks.pdp descending, a missing rank counting as -1, then by type ascending; any rank type the same way', () => {
    const list = [
      made({ type: 'b', ranks: {} }),
      made({ type: 'c', ranks: { pdp: 5 } }),
      made({ type: 'a', ranks: {} }),
      made({ type: 'd', ranks: { pdp: -1 } }),
      made({ type: 'e', ranks: { pdp: 0, cart: 9 } }),
    ];
    expect(types(sortByRank(list))).toEqual(['c', 'e', 'a', 'b', 'd']);
    expect(types(sortByRank(list, 'cart'))).toEqual(['e', 'a', 'b', 'c', 'd']);
    expect(types(list)).toEqual(['b', 'c', 'a', 'd', 'e']); // not sorted in place
  });

  it('a product list is ordered with supplement_core, conditioner and shampoo first, in that priority', () => {
    const list = ['hair_mask', 'shampoo', 'curl_cream', 'conditioner', 'supplement_core', 'hair_oil'].map((type) => made({ type }));
    expect(types(withPriorityFirst(list))).toEqual(['supplement_core', 'conditioner', 'shampoo', 'hair_mask', 'curl_cream', 'hair_oil']);
    expect(types(withPriorityFirst(list.filter((p) => p.type !== 'conditioner')))).toEqual([
      'supplement_core',
      'shampoo',
      'hair_mask',
      'curl_cream',
      'hair_oil',
    ]);
  });

  it('brush variants sort by their order; the brush regular price is the lowest variant price, or a default price if none', () => {
    const variants = [
      { type: 'brush_detangling', order: 3, price: 70 },
      { type: 'brush_boar', order: 1, price: 78 },
      { type: 'brush_mixed', order: 2, price: 72 },
    ];
    expect(types(brushVariants(variants))).toEqual(['brush_boar', 'brush_mixed', 'brush_detangling']);
    expect(lowestVariantPrice(variants)).toBe(70);
    expect(lowestVariantPrice([])).toBe(72);
    const brush = shop.find((p) => p.type === 'brush')!;
    expect(productCard(brush)).toMatchObject({ regularPrice: 72, priceWithSubscription: 72, fromPrice: true });
  });

  it('§3 Product card: prices from price and subscribed_price; others/tools cards price a subscription at the price; skincare cards are "clicked"', () => {
    expect(productCard(shop.find((p) => p.type === 'cleanser')!)).toMatchObject({
      slug: 'cleanser',
      category: 'skincare',
      currency: 'USD',
      regularPrice: 29,
      priceWithSubscription: 24.65,
      isSubscribable: true,
      isCustom: true,
      dataClickOnCollection: 'clicked',
    });
    expect(productCard(shop.find((p) => p.type === 'shampoo')!).dataClickOnCollection).toBeUndefined();
    const tool = made({ type: 'comb', category: 'others', sub_category: 'tools', price: 20, subscribed_price: 17 });
    expect(productCard(tool).priceWithSubscription).toBe(20);
  });

  it('cards default to currency USD and category haircare when the data lacks them', () => {
    const bare = { ...base, currency: undefined, category: undefined } as unknown as Product;
    expect(productCard(bare)).toMatchObject({ currency: 'USD', category: 'haircare' });
  });

  it('the haircare collection: ranked, unlisted products left out, the promotional card right after scalp_serum', () => {
    const entries = collectionEntries('haircare', shop);
    const names = entries.map((e) => (e.kind === 'promotion' ? 'PROMOTION' : e.card.slug));
    expect(names.indexOf('PROMOTION')).toBe(names.indexOf('scalp_serum') + 1);
    expect(names).not.toContain('trial_shampoo');
    expect(names).not.toContain('hair_density_set');
    expect(names).toContain('supplement_core');
    const ranked = names.filter((n) => n !== 'PROMOTION');
    expect(ranked).toEqual(types(sortByRank(shop.filter((p) => ranked.includes(p.type)))));
    expect(entries.filter((e) => e.kind === 'promotion')).toHaveLength(1);
  });

  it('no promotional card when scalp_serum is not in the collection', () => {
    const entries = collectionEntries(
      'haircare',
      shop.filter((p) => p.type !== 'scalp_serum'),
    );
    expect(entries.some((e) => e.kind === 'promotion')).toBe(false);
  });

  it('§9 listing display order of accessories: towel 0, candle 1, brush 2, gift 3', () => {
    const entries = collectionEntries('accessories', shop);
    expect(entries.map((e) => (e.kind === 'product' ? e.card.slug : 'PROMOTION'))).toEqual(['hair_towel_wrap', 'candle', 'brush', 'digital_gift']);
  });

  it('the skincare collection holds the three skincare products, the minis left out', () => {
    expect(collectionEntries('skincare', shop).map((e) => (e.kind === 'product' ? e.card.slug : ''))).toEqual(['cleanser', 'serum', 'moisturizer']);
  });

  it('"Discover more": from an allowed set, minus an excluded set, minus the current product', () => {
    const found = discoverMore(shop, { allowed: ['shampoo', 'conditioner', 'hair_mask', 'hair_oil'], excluded: ['hair_oil'], current: 'conditioner' });
    expect(types(found).sort()).toEqual(['hair_mask', 'shampoo']);
  });
});
