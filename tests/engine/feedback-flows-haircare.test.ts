import { describe, expect, it } from 'vitest';
import { answersFromSelection, describeStep, stepText, type Answers, type FlowEnvironment } from '#engine';
import { anOrder, feedbackFlow, feedbackFlowFor, orderItem, step, walk } from './feedback-flows-support';

const PRODUCTS = [
  'shampoo',
  'conditioner',
  'hair_mask',
  'scalp_mask',
  'scalp_serum',
  'dry_shampoo',
  'hair_oil',
  'curl_cream',
  'leavein_conditioner',
  'styling_gel',
] as const;
type Product = (typeof PRODUCTS)[number];

/** Order facts holding exactly these products, unscented, no anti-brass care. */
const holding = (...products: Product[]): FlowEnvironment['order'] => Object.fromEntries(PRODUCTS.map((p) => [`has_${p}`, products.includes(p)]));
/** Everything applies: every product, every fragrance, an anti-brass conditioner of 30 days, curls, long hair. */
const everything: FlowEnvironment['order'] = {
  ...holding(...PRODUCTS),
  antibrass_conditioner_days: 30,
  antibrass_ingredient: 'purple_v2',
  fragrance: 'arcadia',
  hair_products_fragranced: true,
  scalp_serum_fragranced: true,
  scalp_mask_fragranced: true,
  hair_oil_fragrance_free: false,
  hair_oil_fragrance: 'palma',
  fragrance_sold_out: false,
  sold_out_fragrances: [],
};
const curlyLongHair = { 'consultation.goal_curl': 3, 'consultation.diag_hair_length': 'long' };
const included = (order: FlowEnvironment['order'], name: string, answers: Answers = {}, context: FlowEnvironment['context'] = {}) =>
  step(feedbackFlow('haircare', { order, context }), name).included(answers);

const SPEC_PAGES = [
  'intro',
  'overall_experience',
  'transition_scalp',
  'scalp_satisfaction',
  'scalp_sensitivity',
  'scalp_flakiness',
  'scalp_oiliness',
  'transition_hair',
  'hair_satisfaction',
  'hair_dryness',
  'hair_shine',
  'hair_curl_definition',
  'hair_frizziness',
  'hair_tangles',
  'hair_volume',
  'transition_products',
  'product_hair_mask_satisfaction',
  'product_hair_mask_impact',
  'product_scalp_mask_satisfaction',
  'product_scalp_serum_satisfaction',
  'product_scalp_serum_comfort',
  'product_shampoo_satisfaction',
  'product_shampoo_impact',
  'product_conditioner_satisfaction',
  'product_conditioner_impact',
  'product_conditioner_antibrass',
  'product_conditioner_continue_antibrass',
  'product_dry_shampoo_satisfaction',
  'product_dry_shampoo_cleansing',
  'product_dry_shampoo_volume',
  'product_hair_oil_satisfaction',
  'product_hair_oil_nourishment',
  'product_hair_oil_frizz',
  'product_curl_cream_satisfaction',
  'product_curl_cream_definition',
  'product_curl_cream_frizz',
  'product_curl_cream_moisture',
  'product_leavein_conditioner_satisfaction',
  'product_leavein_conditioner_manageable',
  'product_leavein_conditioner_tangles',
  'product_leavein_conditioner_frizz',
  'product_leavein_conditioner_moisture',
  'product_styling_gel_satisfaction',
  'product_styling_gel_flexible',
  'product_styling_gel_hold',
  'transition_fragrance',
  'fragrance_satisfaction_scalp_serum',
  'fragrance_satisfaction_scalp_mask',
  'fragrance_satisfaction_intensity_hair_oil',
  'fragrance_satisfaction_intensity',
  'new_fragrance',
  'fragrance_new_choice',
  'fragrance_new_choice_hair_oil',
  'results',
  'public_review',
];

describe('spec 002 §2.1 haircare feedback pages', () => {
  it('§2.1: every page in the spec’s order when everything applies, each at /feedback/haircare/{name}', () => {
    const runtime = feedbackFlow('haircare', { order: everything, context: curlyLongHair });
    expect(walk(runtime).pages).toEqual(SPEC_PAGES);
    expect(runtime.steps.map((s) => s.name)).toEqual(SPEC_PAGES);
    expect(runtime.steps[0]!.route).toBe('/feedback/haircare');
    for (const s of runtime.steps.slice(1)) expect(s.route).toBe(`/feedback/haircare/${s.name}`);
  });

  it('§2.1, §1: the intro’s title, call to action and legal notice that the review may be made public', () => {
    const intro = step(feedbackFlow('haircare'), 'intro').step;
    expect(intro).toMatchObject({ title: 'Give feedback to make your next order the best one yet', button: "Let's get started" });
    expect(intro.body).toMatch(/reviews may be made public/);
  });

  it('§5.4, §3.5: transitions and the intro are skipSave steps, never saved; every question saves its field (§3.2)', () => {
    const runtime = feedbackFlow('haircare');
    for (const s of runtime.steps) {
      const transition = s.name === 'intro' || s.name.startsWith('transition_');
      expect(s.saveMode, s.name).toBe(transition ? 'none' : 'answers');
      if (transition) expect(s.kind).toBe('intro');
    }
    const fieldsOf = (name: string) => runtime.steps.find((s) => s.name === name)!.answerFields;
    for (const s of runtime.steps.filter((x) => x.kind === 'single' || x.kind === 'rating')) expect(s.answerFields).toContain(s.name);
    expect(fieldsOf('fragrance_satisfaction_intensity')).toEqual(expect.arrayContaining(['fragrance_satisfaction', 'fragrance_intensity']));
    expect(fieldsOf('fragrance_satisfaction_intensity_hair_oil')).toEqual(
      expect.arrayContaining(['fragrance_satisfaction_hair_oil', 'fragrance_intensity_hair_oil']),
    );
    expect(fieldsOf('public_review')).toEqual(expect.arrayContaining(['open_text_public', 'open_text_internal']));
  });

  it('§2.8: an order of shampoo alone, not curly, short hair: the pages that apply, in order', () => {
    const runtime = feedbackFlow('haircare', { order: { ...holding('shampoo'), fragrance: 'arcadia', hair_products_fragranced: true } });
    expect(walk(runtime, (s) => (s.name === 'new_fragrance' ? false : undefined)).pages).toEqual([
      'intro',
      'overall_experience',
      'transition_scalp',
      'scalp_satisfaction',
      'scalp_sensitivity',
      'scalp_flakiness',
      'scalp_oiliness',
      'transition_hair',
      'hair_satisfaction',
      'hair_dryness',
      'hair_shine',
      'hair_frizziness',
      'hair_volume',
      'transition_products',
      'product_shampoo_satisfaction',
      'product_shampoo_impact',
      'transition_fragrance',
      'fragrance_satisfaction_intensity',
      'new_fragrance',
      'results',
      'public_review',
    ]);
  });
});

describe('spec 002 §5.1 haircare question inclusion', () => {
  it('§5.1 hair questions (satisfaction, dryness, shine, frizziness): only with a hair mask, shampoo or conditioner', () => {
    for (const name of ['hair_satisfaction', 'hair_dryness', 'hair_shine', 'hair_frizziness', 'transition_hair']) {
      for (const p of ['hair_mask', 'shampoo', 'conditioner'] as const) expect(included(holding(p), name), `${name} ${p}`).toBe(true);
      expect(included(holding('scalp_mask', 'hair_oil', 'styling_gel'), name), name).toBe(false);
    }
  });

  it('§5.1 hair_volume: as the hair questions, and also with a scalp serum', () => {
    expect(included(holding('conditioner'), 'hair_volume')).toBe(true);
    expect(included(holding('scalp_serum'), 'hair_volume')).toBe(true);
    expect(included(holding('scalp_serum'), 'hair_satisfaction')).toBe(false);
    expect(included(holding('scalp_serum'), 'transition_hair')).toBe(true); // the section opens for its one question
    expect(included(holding('dry_shampoo'), 'hair_volume')).toBe(false);
  });

  it('§5.1 hair_curl_definition: goal_curl, or a curly diag_hair_texture without relaxer in diag_other_treatments', () => {
    const order = holding('shampoo');
    expect(included(order, 'hair_curl_definition', {}, { 'consultation.goal_curl': 3 })).toBe(true);
    expect(included(order, 'hair_curl_definition', {}, { 'consultation.goal_curl': 0 })).toBe(false);
    for (const texture of ['curly', 'type_3a', 'type_3b', 'type_3c', 'very_curly', 'frizzy', 'zigzag']) {
      expect(included(order, 'hair_curl_definition', {}, { 'consultation.diag_hair_texture': texture }), texture).toBe(true);
      const relaxed = { 'consultation.diag_hair_texture': texture, 'consultation.diag_other_treatments': ['keratin', 'relaxer'] };
      expect(included(order, 'hair_curl_definition', {}, relaxed), `${texture} relaxed`).toBe(false);
      const permed = { 'consultation.diag_hair_texture': texture, 'consultation.diag_other_treatments': ['perm'] };
      expect(included(order, 'hair_curl_definition', {}, permed), `${texture} permed`).toBe(true);
    }
    for (const texture of ['smooth', 'wavy', 'type_2a', 'type_2b', 'type_2c'])
      expect(included(order, 'hair_curl_definition', {}, { 'consultation.diag_hair_texture': texture }), texture).toBe(false);
    // Our reading: a hair question, so it needs a hair mask, shampoo or conditioner too.
    expect(included(holding('scalp_serum'), 'hair_curl_definition', {}, { 'consultation.goal_curl': 3 })).toBe(false);
  });

  it('§5.1 hair_tangles: also a diag_hair_length of short, shoulder, long or very_long', () => {
    for (const length of ['short', 'shoulder', 'long', 'very_long'])
      expect(included(holding('hair_mask'), 'hair_tangles', {}, { 'consultation.diag_hair_length': length }), length).toBe(true);
    expect(included(holding('hair_mask'), 'hair_tangles', {}, { 'consultation.diag_hair_length': 'very_short' })).toBe(false);
    expect(included(holding('hair_mask'), 'hair_tangles')).toBe(false);
    expect(included(holding('styling_gel'), 'hair_tangles', {}, { 'consultation.diag_hair_length': 'long' })).toBe(false);
  });

  it('§5.1 scalp questions: only with a scalp mask, shampoo or scalp serum', () => {
    for (const name of ['transition_scalp', 'scalp_satisfaction', 'scalp_sensitivity', 'scalp_flakiness', 'scalp_oiliness']) {
      for (const p of ['scalp_mask', 'shampoo', 'scalp_serum'] as const) expect(included(holding(p), name), `${name} ${p}`).toBe(true);
      expect(included(holding('conditioner', 'hair_mask', 'hair_oil'), name), name).toBe(false);
    }
  });

  it('§5.1 "presumably": each product’s questions only when the order holds that product', () => {
    const runtime = feedbackFlow('haircare');
    for (const product of PRODUCTS) {
      const names = runtime.steps.filter((s) => s.name.startsWith(`product_${product}_`)).map((s) => s.name);
      expect(names.length, product).toBeGreaterThan(0);
      for (const name of names) {
        const satisfied = { [`product_${product}_satisfaction`]: 4 };
        const antibrass = { antibrass_conditioner_days: 30 };
        expect(included({ ...holding(product), ...antibrass }, name, satisfied), `${name} with ${product}`).toBe(true);
        expect(included({ ...holding(...PRODUCTS.filter((p) => p !== product)), ...antibrass }, name, satisfied), `${name} without ${product}`).toBe(false);
      }
    }
  });

  it('§4.4: a product’s follow-ups only when its satisfaction is answered and non-zero', () => {
    const runtime = feedbackFlow('haircare', { order: everything });
    const ratings = runtime.steps.filter((s) => s.kind === 'rating' && s.name.startsWith('product_'));
    for (const rating of ratings) {
      const followUps = runtime.steps.filter((s) => s.name.startsWith(rating.name.replace('_satisfaction', '_')) && s !== rating);
      for (const f of followUps) {
        expect(step(runtime, f.name).included({}), `${f.name} unanswered`).toBe(false);
        expect(step(runtime, f.name).included({ [rating.name]: 0 }), `${f.name} after 0`).toBe(false);
        for (const value of [1, 2, 3, 4, 5]) expect(step(runtime, f.name).included({ [rating.name]: value }), `${f.name} after ${value}`).toBe(true);
      }
    }
    expect(ratings.map((r) => r.name)).not.toContain('product_scalp_mask_impact');
  });

  it('§4.4: a product satisfaction of 0 ("I haven’t used it enough") clears that product’s follow-ups to null in the same save', () => {
    const runtime = feedbackFlow('haircare', { order: everything });
    const cleared = (name: string) => answersFromSelection(step(runtime, name).step, 0, runtime.env);
    expect(cleared('product_shampoo_satisfaction')).toEqual({ product_shampoo_satisfaction: 0, product_shampoo_impact: null });
    expect(cleared('product_conditioner_satisfaction')).toEqual({
      product_conditioner_satisfaction: 0,
      product_conditioner_impact: null,
      product_conditioner_antibrass: null,
      product_conditioner_continue_antibrass: null,
    });
    expect(cleared('product_leavein_conditioner_satisfaction')).toMatchObject({
      product_leavein_conditioner_manageable: null,
      product_leavein_conditioner_tangles: null,
      product_leavein_conditioner_frizz: null,
      product_leavein_conditioner_moisture: null,
    });
    // Every product rating clears exactly the follow-ups that follow it.
    for (const rating of runtime.steps.filter((s) => s.kind === 'rating' && s.name.startsWith('product_'))) {
      const followUps = runtime.steps.filter((s) => s.name.startsWith(rating.name.replace('_satisfaction', '_')) && s !== rating).map((s) => s.name);
      const written = cleared(rating.name);
      expect(Object.keys(written).sort(), rating.name).toEqual([rating.name, ...followUps].sort());
      expect(answersFromSelection(rating, 3, runtime.env), rating.name).toEqual({ [rating.name]: 3 });
    }
  });

  it('§5.1 anti-brass: the two questions only for an anti-brass conditioner created more than 21 days ago, its satisfaction answered', () => {
    const order = (days: number | undefined) => ({ ...holding('conditioner'), ...(days === undefined ? {} : { antibrass_conditioner_days: days }) });
    for (const name of ['product_conditioner_antibrass', 'product_conditioner_continue_antibrass']) {
      expect(included(order(22), name, { product_conditioner_satisfaction: 3 }), name).toBe(true);
      expect(included(order(400), name, { product_conditioner_satisfaction: 5 }), name).toBe(true);
      expect(included(order(21), name, { product_conditioner_satisfaction: 3 }), `${name} at 21 days`).toBe(false);
      expect(included(order(undefined), name, { product_conditioner_satisfaction: 3 }), `${name} not anti-brass`).toBe(false);
      expect(included(order(30), name, {}), `${name} unanswered`).toBe(false);
      expect(included(order(30), name, { product_conditioner_satisfaction: 0 }), `${name} after 0 (§4.4)`).toBe(false);
    }
  });

  it('§5.1 anti-brass: 21 days or less, product_conditioner_impact is shown in its anti-brass modal variant', () => {
    const screen = (days: number | undefined) => {
      const runtime = feedbackFlow('haircare', { order: { ...holding('conditioner'), ...(days === undefined ? {} : { antibrass_conditioner_days: days }) } });
      const impact = step(runtime, 'product_conditioner_impact').step;
      return describeStep(runtime, impact, { answers: { product_conditioner_satisfaction: 4 }, env: runtime.env, variants: runtime.variants });
    };
    for (const days of [0, 10, 21]) {
      const modal = screen(days).step;
      expect(modal.kind === 'single' && modal.followUp?.title, `${days} days`).toMatch(/anti-brass/i);
      expect(modal.kind === 'single' && modal.followUp?.on).toEqual(['underconditioned_dry', 'soft_manageable', 'overconditioned_heavy']);
    }
    for (const days of [22, undefined]) {
      const plain = screen(days).step;
      expect(plain.kind === 'single' && plain.followUp, `${days} days`).toBeUndefined();
    }
  });

  it('§5.1, §9.1: the 21 days are counted from the conditioner item’s created_at (through the app’s order facts)', () => {
    const conditioner = (createdAt: string) =>
      feedbackFlowFor('haircare', { order: anOrder([orderItem('conditioner', { slugs: ['purple_v2'], createdAt })]), now: '2026-08-23T10:00:00.000Z' });
    const asked = (createdAt: string) => step(conditioner(createdAt), 'product_conditioner_antibrass').included({ product_conditioner_satisfaction: 4 });
    expect(asked('2026-08-01T09:00:00.000Z')).toBe(true); // 22 days and a hour
    expect(asked('2026-08-01T11:00:00.000Z')).toBe(false); // 21 days and 23 hours
    expect(asked('2026-08-02T09:00:00.000Z')).toBe(false);
  });

  it('§5.1: the continue question names the anti-brass ingredient (purple_v2, anti_brassines)', () => {
    const title = (ingredient: string) => {
      const runtime = feedbackFlow('haircare', { order: { ...holding('conditioner'), antibrass_conditioner_days: 40, antibrass_ingredient: ingredient } });
      const s = step(runtime, 'product_conditioner_continue_antibrass').step;
      return stepText(runtime, s, { answers: {}, env: runtime.env, variants: runtime.variants }, {}).title;
    };
    expect(title('purple_v2')).toMatch(/purple toning pigments/);
    expect(title('anti_brassines')).toMatch(/anti-brass complex/);
  });

  it('§5.1 fragrance satisfaction: unless pref_fragrance_free, and only for fragranced product types', () => {
    const cases = [
      ['fragrance_satisfaction_scalp_serum', 'scalp_serum_fragranced'],
      ['fragrance_satisfaction_scalp_mask', 'scalp_mask_fragranced'],
      ['fragrance_satisfaction_intensity', 'hair_products_fragranced'],
    ] as const;
    for (const [name, fact] of cases) {
      const order = { ...holding(...PRODUCTS), fragrance: 'arcadia', [fact]: true };
      expect(included(order, name), name).toBe(true);
      expect(included(order, name, {}, { 'consultation.pref_fragrance_free': false }), name).toBe(true);
      expect(included(order, name, {}, { 'consultation.pref_fragrance_free': true }), `${name} fragrance-free`).toBe(false);
      expect(included({ ...order, [fact]: false }, name), `${name} unscented`).toBe(false);
    }
  });

  it('§5.1 hair oil fragrance questions: only when the oil’s fragrance is not FRAGRANCE_FREE or NO_ADDED_FRAGRANCE', () => {
    const oil = (fragrance: string | null) => feedbackFlowFor('haircare', { order: anOrder([orderItem('hair_oil', { fragrance })]) });
    expect(step(oil('palma'), 'fragrance_satisfaction_intensity_hair_oil').included({})).toBe(true);
    expect(step(oil('palma'), 'fragrance_new_choice_hair_oil').included({ new_fragrance: true })).toBe(true);
    for (const free of ['FRAGRANCE_FREE', 'NO_ADDED_FRAGRANCE', null]) {
      expect(step(oil(free), 'fragrance_satisfaction_intensity_hair_oil').included({}), String(free)).toBe(false);
      expect(step(oil(free), 'fragrance_new_choice_hair_oil').included({ new_fragrance: true }), String(free)).toBe(false);
    }
    expect(step(feedbackFlowFor('haircare', { order: anOrder([orderItem('shampoo')]) }), 'fragrance_satisfaction_intensity_hair_oil').included({})).toBe(false);
  });

  it('§5.1 new_fragrance: shown if fragranced products are present and the fragrance is not sold out', () => {
    const scented = { ...holding('shampoo'), fragrance: 'arcadia', hair_products_fragranced: true, fragrance_sold_out: false };
    expect(included(scented, 'new_fragrance')).toBe(true);
    expect(included({ ...scented, fragrance_sold_out: true }, 'new_fragrance')).toBe(false);
    expect(included(holding('shampoo'), 'new_fragrance')).toBe(false);
    expect(included({ ...holding('hair_oil'), hair_oil_fragrance_free: false }, 'new_fragrance')).toBe(true);
    expect(included({ ...holding('hair_oil'), hair_oil_fragrance_free: true }, 'new_fragrance')).toBe(false);
  });

  it('§5.1 fragrance_new_choice: shown if new_fragrance was answered yes, or the fragrance is sold out', () => {
    const scented = { ...holding('shampoo'), fragrance: 'arcadia', hair_products_fragranced: true };
    expect(included(scented, 'fragrance_new_choice', { new_fragrance: true })).toBe(true);
    expect(included(scented, 'fragrance_new_choice', { new_fragrance: false })).toBe(false);
    expect(included(scented, 'fragrance_new_choice')).toBe(false);
    expect(included({ ...scented, fragrance_sold_out: true }, 'fragrance_new_choice')).toBe(true);
    // Through the app's facts: a sold-out fragrance skips new_fragrance and goes straight to the choice.
    const soldOut = feedbackFlowFor('haircare', { order: anOrder([orderItem('shampoo', { fragrance: 'paradiso' })]), soldOutFragrances: ['paradiso'] });
    expect(walk(soldOut).pages.slice(-5)).toEqual([
      'transition_fragrance',
      'fragrance_satisfaction_intensity',
      'fragrance_new_choice',
      'results',
      'public_review',
    ]);
  });

  it('§5.1, §3.8: a new fragrance is chosen among the others, sold-out ones left out, and fragrance-free', () => {
    const runtime = feedbackFlow('haircare', { order: { ...holding('shampoo'), fragrance: 'arcadia', sold_out_fragrances: ['paradiso', 'perle'] } });
    const offered = step(runtime, 'fragrance_new_choice').offered({ new_fragrance: true });
    expect(offered).toHaveLength(20 - 3 + 1); // the 20 of §3.8 but three, and fragrance-free
    expect(offered).not.toContain('arcadia');
    expect(offered).not.toContain('paradiso');
    expect(offered).toEqual(expect.arrayContaining(['aura', 'solstice', 'NONE']));
    const all = step(feedbackFlow('haircare', { order: holding('shampoo') }), 'fragrance_new_choice').offered();
    expect(all.filter((v) => v !== 'NONE')).toEqual([
      'arcadia',
      'aura',
      'botanica',
      'candela',
      'corsica',
      'elixir',
      'fete',
      'fruitissime',
      'ispahan',
      'meleni',
      'napoli',
      'oasis',
      'palma',
      'perle',
      'prelude',
      'rituel',
      'signature',
      'vitae',
      'paradiso',
      'solstice',
    ]);
  });
});

describe('spec 002 §5.4 haircare saving rules', () => {
  it('§5.4: a new-fragrance choice of NONE is saved as frag_free; for hair oil as FRAGRANCE_FREE', () => {
    const runtime = feedbackFlow('haircare', { order: everything });
    expect(answersFromSelection(step(runtime, 'fragrance_new_choice').step, 'NONE', runtime.env)).toEqual({ fragrance_new_choice: 'frag_free' });
    expect(answersFromSelection(step(runtime, 'fragrance_new_choice').step, 'corsica', runtime.env)).toEqual({ fragrance_new_choice: 'corsica' });
    expect(answersFromSelection(step(runtime, 'fragrance_new_choice_hair_oil').step, 'NONE', runtime.env)).toEqual({
      fragrance_new_choice_hair_oil: 'FRAGRANCE_FREE',
    });
  });

  it('§5.4: open text is saved only when not empty (the public review)', () => {
    const review = step(feedbackFlow('haircare'), 'public_review').step;
    expect(answersFromSelection(review, { public: 'My curls love it', internal: '  ' })).toEqual({
      open_text_public: 'My curls love it',
      open_text_internal: null,
    });
  });

  it('§2.7, §9.3: the results’ improvements are the positive set, its concerns the concern set', () => {
    const results = step(feedbackFlow('haircare'), 'results').step;
    expect(results.kind === 'feedback-results' && results.positive).toEqual(['yes', 'clean', 'soft_manageable']);
    expect(results.kind === 'feedback-results' && results.concern).toEqual([
      'some',
      'no',
      'uncleansed_greasy',
      'overstripped_dry',
      'underconditioned_dry',
      'overconditioned_heavy',
    ]);
  });

  it('§9.2, §9.3: ratings are 0-5 with the spec’s labels; shampoo and conditioner impact take the spec’s values', () => {
    const runtime = feedbackFlow('haircare', { order: everything });
    const overall = step(runtime, 'overall_experience').step;
    expect(overall.kind === 'rating' && overall.options.map((o) => [o.value, o.label])).toEqual([
      [0, 'I haven’t used it enough'],
      [1, 'Very Unsatisfied'],
      [2, 'Unsatisfied'],
      [3, 'Neutral'],
      [4, 'Satisfied'],
      [5, 'Very Satisfied'],
    ]);
    expect(step(runtime, 'product_shampoo_impact').offered({ product_shampoo_satisfaction: 4 })).toEqual(['uncleansed_greasy', 'clean', 'overstripped_dry']);
    expect(step(runtime, 'product_conditioner_impact').offered({ product_conditioner_satisfaction: 4 })).toEqual([
      'underconditioned_dry',
      'soft_manageable',
      'overconditioned_heavy',
    ]);
    const general = new Set(['yes', 'some', 'no', 'not_a_concern', 'too_much', 'too_heavy', 'too_crunchy']);
    for (const s of runtime.steps.filter((x) => x.kind === 'single' && !['product_shampoo_impact', 'product_conditioner_impact'].includes(x.name)))
      for (const v of step(runtime, s.name).offered({ [`${s.name.split('_').slice(0, -1).join('_')}_satisfaction`]: 4, product_conditioner_satisfaction: 4 }))
        expect(general.has(String(v)), `${s.name}: ${String(v)}`).toBe(true);
  });
});
