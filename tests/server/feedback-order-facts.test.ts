import { describe, expect, it } from 'vitest';
import type { Order, OrderItem } from '#api';
import { orderFacts, type FeedbackFactsInput } from '../../server/feedback/order-facts';
import { anOrder as order } from '../engine/feedback-flows-support';

const NOW = '2026-08-20T12:00:00.000Z';

/** An order line of a product type, with its fragrance (slug) and ingredient slugs. */
function item(
  type: string,
  options: { fragrance?: string | null; name?: string | null; slugs?: string[]; createdAt?: string; label?: string } = {},
): OrderItem {
  const fragrance = options.fragrance === undefined ? 'arcadia' : options.fragrance;
  const name = options.name !== undefined ? options.name : fragrance ? fragrance.charAt(0).toUpperCase() + fragrance.slice(1) : null;
  return {
    pubkey: `itm_${type}`,
    quantity: 1,
    unit_price: 30,
    total_price: 30,
    created_at: options.createdAt ?? '2026-08-01T09:00:00.000Z',
    subscription: { active: false, frequency: null },
    customization: null,
    item_object: {
      occasion: null,
      gtm_category: 'haircare',
      gtm_variant: type,
      ingredients: (options.slugs ?? ['panthenol']).map((slug) => ({ name: slug, inci: slug, percent: 1, amount: null, slug })),
      inci: [],
      fragrance: name,
      smells_like: fragrance,
    },
    variant: { slug: type, type, label: options.label ?? `Custom ${type}`, is_formula: true, product: { type, category: 'haircare', sub_category: null } },
    picture: null,
  };
}

const facts = (o: Order, input: Partial<FeedbackFactsInput> = {}) => orderFacts({ order: o, profile: null, now: NOW, ...input });

describe('spec 002 §3.1 order facts: the products the order holds', () => {
  it('has_<product> for each haircare and skincare product; trial sizes, the density set and minis count as the product', () => {
    const f = facts(order([item('trial_shampoo'), item('hair_density_set'), item('oil'), item('cleanser_mini', { fragrance: 'blanca' })])).order;
    expect(f).toMatchObject({ has_shampoo: true, has_conditioner: true, has_scalp_serum: true, has_hair_oil: true, has_cleanser: true });
    expect(f).toMatchObject({ has_hair_mask: false, has_scalp_mask: false, has_styling_gel: false, has_serum: false, has_moisturizer: false });
  });

  it('spec 002 §5.2: the Starter Set flow when the skincare order holds minis, else the full-size flow', () => {
    expect(facts(order([item('serum_mini', { fragrance: 'blanca' })])).flows).toEqual({ skincare: 'feedback-skincare-starter' });
    expect(facts(order([item('serum', { fragrance: 'blanca' }), item('moisturizer_mini', { fragrance: 'blanca' })])).flows.skincare).toBe(
      'feedback-skincare-starter',
    );
    expect(facts(order([item('cleanser', { fragrance: 'blanca' }), item('serum', { fragrance: 'blanca' })])).flows).toEqual({ skincare: 'feedback-skincare' });
  });

  it('spec 002 §3.1: a supplements order may be the haircare order: both flows apply', () => {
    expect(facts(order([item('shampoo'), item('supplement_core', { fragrance: null })])).flows).toEqual({
      haircare: 'feedback-haircare',
      supplements: 'feedback-supplements',
    });
    expect(facts(order([item('brush', { fragrance: null })])).flows).toEqual({});
  });
});

describe('spec 002 §5.1, §9.7 fragrance facts', () => {
  it('the haircare fragrance is the hair products’ and scalp’s slug; FRAGRANCE_FREE, NO_ADDED_FRAGRANCE and null mean none', () => {
    expect(facts(order([item('shampoo', { fragrance: 'corsica' })])).order).toMatchObject({ fragrance: 'corsica', hair_products_fragranced: true });
    for (const free of ['FRAGRANCE_FREE', 'NO_ADDED_FRAGRANCE', null]) {
      const f = facts(order([item('conditioner', { fragrance: free, name: free })])).order;
      expect(f.fragrance).toBeUndefined();
      expect(f.hair_products_fragranced).toBe(false);
    }
    // The spec's reading: the code in item_object.fragrance and no smells_like.
    const coded = item('shampoo', { fragrance: null, name: 'NO_ADDED_FRAGRANCE' });
    expect(facts(order([coded])).order.fragrance).toBeUndefined();
  });

  it('scalp serum and scalp mask are fragranced on their own; the hair oil has its own fragrance and fragrance-free fact', () => {
    const f = facts(order([item('scalp_serum', { fragrance: 'palma' }), item('oil', { fragrance: 'FRAGRANCE_FREE', name: 'FRAGRANCE_FREE' })])).order;
    expect(f).toMatchObject({ scalp_serum_fragranced: true, scalp_mask_fragranced: false, hair_products_fragranced: false, fragrance: 'palma' });
    expect(f).toMatchObject({ hair_oil_fragrance_free: true });
    expect(f.hair_oil_fragrance).toBeUndefined();
    const scented = facts(order([item('hair_oil', { fragrance: 'perle' })])).order;
    expect(scented).toMatchObject({ hair_oil_fragrance_free: false, hair_oil_fragrance: 'perle' });
    expect(scented.fragrance).toBeUndefined(); // the oil's scent is not the haircare fragrance
    expect(facts(order([item('shampoo')])).order.hair_oil_fragrance_free).toBeUndefined(); // no oil: no fact
  });

  it('each product with its fragrance, and the fragrances’ names, for the pages’ {product} and {fragrance}; a code is shown as a name, an unknown slug raw (§8)', () => {
    const f = facts(order([item('shampoo', { fragrance: 'arcadia', name: 'Arcadia' }), item('hair_oil', { fragrance: null, name: 'SOLSTICE' })]));
    expect(f.products).toEqual({
      shampoo: { name: 'shampoo', fragrance: 'arcadia' },
      hair_oil: { name: 'hair oil', fragrance: 'solstice' },
      haircare: { name: 'haircare', fragrance: 'arcadia' },
    });
    expect(f.fragranceNames).toEqual({ arcadia: 'Arcadia', solstice: 'Solstice' });
    const unknown = facts(order([item('leavein_conditioner', { fragrance: 'nouveau', name: null })]));
    expect(unknown.products.leavein_conditioner).toEqual({ name: 'leave-in conditioner', fragrance: 'nouveau' });
    expect(unknown.fragranceNames.nouveau).toBe('Nouveau');
  });

  it('sold out: the order’s haircare fragrance in the sold-out list, or the profile’s sold-out flag on that fragrance', () => {
    const o = order([item('shampoo', { fragrance: 'paradiso' })]);
    expect(facts(o, { soldOutFragrances: ['PARADISO'] }).order).toMatchObject({ fragrance_sold_out: true, sold_out_fragrances: ['paradiso'] });
    expect(facts(o, { soldOutFragrances: ['aura'] }).order.fragrance_sold_out).toBe(false);
    expect(facts(o, { profile: { is_fragrance_soldout: true, pref_fragrance: 'PARADISO' } }).order.fragrance_sold_out).toBe(true);
    expect(facts(o, { profile: { is_fragrance_soldout: true, pref_fragrance: 'AURA' } }).order.fragrance_sold_out).toBe(false);
    expect(facts(order([item('shampoo', { fragrance: null })]), { soldOutFragrances: ['paradiso'] }).order.fragrance_sold_out).toBe(false);
  });

  it('spec 002 §5.2: the skin fragrance is the skincare formulas’ slug, unset when they are fragrance-free', () => {
    expect(facts(order([item('serum', { fragrance: 'pacifica' })])).order.skin_fragrance).toBe('pacifica');
    expect(facts(order([item('serum', { fragrance: 'frag_free', name: 'Fragrance-Free' })])).order.skin_fragrance).toBeUndefined();
  });
});

describe('spec 002 §5.1, §9.1 anti-brass conditioner', () => {
  it('days since the anti-brass conditioner item was created, in whole days, and its ingredient (purple_v2 or anti_brassines)', () => {
    const created = (days: number, hours = 0) => new Date(Date.parse(NOW) - days * 86_400_000 - hours * 3_600_000).toISOString();
    expect(facts(order([item('conditioner', { slugs: ['purple_v2'], createdAt: created(21, 23) })])).order).toMatchObject({
      antibrass_conditioner_days: 21,
      antibrass_ingredient: 'purple_v2',
    });
    expect(facts(order([item('conditioner', { slugs: ['anti_brassines', 'panthenol'], createdAt: created(22) })])).order).toMatchObject({
      antibrass_conditioner_days: 22,
      antibrass_ingredient: 'anti_brassines',
    });
    expect(facts(order([item('trial_conditioner', { slugs: ['anti_brassines', 'purple_v2'], createdAt: created(3) })])).order.antibrass_ingredient).toBe(
      'purple_v2',
    );
  });

  it('no fact without an anti-brass ingredient, on a product other than the conditioner, or on an order without slugs', () => {
    expect(facts(order([item('conditioner', { slugs: ['panthenol'] })])).order.antibrass_conditioner_days).toBeUndefined();
    expect(facts(order([item('shampoo', { slugs: ['purple_v2'] })])).order.antibrass_conditioner_days).toBeUndefined();
    const legacy = item('conditioner');
    legacy.item_object.ingredients = [null].map((slug) => ({ name: 'Purple', inci: 'CI 60730', percent: 0.01, amount: null, slug }));
    expect(facts(order([legacy])).order.antibrass_conditioner_days).toBeUndefined();
  });
});

describe('spec 002 §3.1, §9.1 supplement months: one order holding supplement_core is one month', () => {
  const supplementOrder = (pubkey: string, createdAt: string, status: Order['status'] = 'delivered') =>
    order([item('supplement_core', { fragrance: null, label: 'Custom Hair Supplements' })], { pubkey, created_at: createdAt, status });

  it('counts this order and the earlier paid ones holding supplement_core; later, unpaid and other orders do not count', () => {
    const current = supplementOrder('ord_3', '2026-08-01T00:00:00.000Z');
    const others = [
      supplementOrder('ord_1', '2026-06-01T00:00:00.000Z'),
      supplementOrder('ord_2', '2026-07-01T00:00:00.000Z'),
      supplementOrder('ord_x', '2026-07-15T00:00:00.000Z', 'canceled'),
      order([item('shampoo')], { pubkey: 'ord_h', created_at: '2026-07-20T00:00:00.000Z' }),
      supplementOrder('ord_4', '2026-09-01T00:00:00.000Z'),
      current,
    ];
    const f = facts(current, { orders: others });
    expect(f.order.supplement_months).toBe(3);
    expect(f.order.has_multiple_supplement_orders).toBe(true);
    expect(f.text.product).toBe('Custom Hair Supplements');
  });

  it('a first supplements order is month 1; an order without supplements has no months', () => {
    const first = facts(supplementOrder('ord_1', '2026-08-01T00:00:00.000Z'));
    expect(first.order).toMatchObject({ supplement_months: 1, has_multiple_supplement_orders: false });
    expect(facts(order([item('shampoo')])).order.supplement_months).toBeUndefined();
  });
});

describe('spec 002 §3.6 consultation answers, as the flows declare them', () => {
  it('each answer the feedback reads becomes consultation.<field>; others and empty ones are left out; levels are numbers', () => {
    const f = facts(order([item('shampoo')]), {
      profile: {
        goal_curl: 3,
        diag_hair_texture: 'type_3a',
        diag_other_treatments: ['relaxer'],
        diag_hair_length: 'long',
        diag_sensitivity_level: '2',
        pref_fragrance_free: false,
        pref_texture_cleanser: null,
        diag_scalp_type: 'oily',
      },
    });
    expect(f.context).toEqual({
      'consultation.goal_curl': 3,
      'consultation.diag_hair_texture': 'type_3a',
      'consultation.diag_other_treatments': ['relaxer'],
      'consultation.diag_hair_length': 'long',
      'consultation.diag_sensitivity_level': 2,
      'consultation.pref_fragrance_free': false,
    });
  });

  it('spec 002 §2.3: the order date the Starter Set’s transition names', () => {
    expect(facts(order([item('serum_mini', { fragrance: 'blanca' })], { created_at: '2026-03-03T10:00:00.000Z' })).text.date).toBe('March 3, 2026');
  });
});
