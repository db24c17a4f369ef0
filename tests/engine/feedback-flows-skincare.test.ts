import { describe, expect, it } from 'vitest';
import { answersFromSelection, describeStep, type FlowEnvironment } from '#engine';
import { orderFacts } from '../../server/feedback/order-facts';
import { anOrder, feedbackFlow, orderItem, step, walk, type FeedbackFlowName } from './feedback-flows-support';

const everything: FlowEnvironment['order'] = { has_cleanser: true, has_serum: true, has_moisturizer: true, skin_fragrance: 'blanca', sold_out_fragrances: [] };
const holding = (...products: ('cleanser' | 'serum' | 'moisturizer')[]) => ({
  has_cleanser: products.includes('cleanser'),
  has_serum: products.includes('serum'),
  has_moisturizer: products.includes('moisturizer'),
});
const SKINCARE: FeedbackFlowName[] = ['skincare', 'skincare-starter'];

const FULL_SIZE_PAGES = [
  'intro',
  'overall_experience',
  'skin',
  'skin-satisfaction',
  'skin-hydration',
  'skin-exfoliation',
  'skin-eventone',
  'skin-rescue',
  'skin-anti-redness',
  'skin-anti-shine',
  'skin-anti-blemish',
  'skin-anti-wrinkles',
  'skin-firming',
  'individual-products',
  'cleanser-satisfaction',
  'cleanser-product-feel',
  'cleanser-texture',
  'serum-satisfaction',
  'serum-product-feel',
  'moisturizer-satisfaction',
  'moisturizer-product-feel',
  'moisturizer-texture',
  'fragrance',
  'fragrance-cleanser',
  'fragrance-serum',
  'fragrance-moisturizer',
  'fragrance-new-choice',
  'results',
  'public-review',
];
const STARTER_PAGES = [
  'intro',
  'overall_experience',
  'skin',
  'skin-satisfaction',
  'individual-products',
  'cleanser-satisfaction',
  'cleanser-product-feel',
  'cleanser-texture',
  'serum-satisfaction',
  'serum-product-feel',
  'moisturizer-satisfaction',
  'moisturizer-product-feel',
  'moisturizer-texture',
  'fragrance',
  'fragrance-cleanser',
  'fragrance-serum',
  'fragrance-moisturizer',
  'fragrance-new-choice',
  'results',
  'public-review',
];

describe('spec 002 §2.2 skincare full-size feedback pages', () => {
  it('§2.2: every page in the spec’s order when everything applies, each at /feedback/skincare/{slug}, its field the slug with "_"', () => {
    const runtime = feedbackFlow('skincare', { order: everything });
    expect(walk(runtime).pages).toEqual(FULL_SIZE_PAGES);
    expect(runtime.steps[0]!.route).toBe('/feedback/skincare');
    for (const s of runtime.steps.slice(1)) expect(s.route).toBe(`/feedback/skincare/${s.name}`);
    for (const s of runtime.steps.filter((x) => x.kind === 'rating' || x.kind === 'single' || x.kind === 'texture'))
      expect(s.answerFields[0], s.name).toBe(s.name.replace(/-/g, '_'));
    expect(step(runtime, 'fragrance-serum').step.answerFields).toEqual(['fragrance_serum_satisfaction', 'fragrance_serum_intensity']);
  });

  it('§2.2: the intro’s title and legal notice; the "skin" transition’s call to action is "Refine my formula"', () => {
    const runtime = feedbackFlow('skincare');
    expect(step(runtime, 'intro').step).toMatchObject({ title: 'Give us feedback on your skincare routine' });
    expect(step(runtime, 'intro').step.body).toMatch(/reviews may be made public/);
    expect(step(runtime, 'skin').step).toMatchObject({ kind: 'intro', button: 'Refine my formula' });
  });

  it('§5.4: the intro and the transitions (skin, individual-products, fragrance) are never saved', () => {
    for (const name of SKINCARE) {
      const runtime = feedbackFlow(name);
      const unsaved = runtime.steps.filter((s) => s.saveMode === 'none').map((s) => s.name);
      expect(unsaved, name).toEqual(['intro', 'skin', 'individual-products', 'fragrance']);
    }
  });
});

describe('spec 002 §2.3 Skincare Starter Set feedback pages', () => {
  it('§2.3: every page in the spec’s order, at the skincare slugs under /feedback/skincare-starter; no skin questions but satisfaction', () => {
    const runtime = feedbackFlow('skincare-starter', { order: everything });
    expect(walk(runtime).pages).toEqual(STARTER_PAGES);
    expect(runtime.steps[0]!.route).toBe('/feedback/skincare-starter');
    for (const s of runtime.steps.slice(1)) expect(s.route).toBe(`/feedback/skincare-starter/${s.name}`);
    expect(runtime.steps.filter((s) => s.name.startsWith('skin-')).map((s) => s.name)).toEqual(['skin-satisfaction']);
  });

  it('§2.3, §9.1: the intro says results show after week 4; the skin transition names the order date; the choice is for the full-size order', () => {
    const order = anOrder([orderItem('cleanser_mini', { fragrance: 'blanca' })], { created_at: '2026-03-03T10:00:00.000Z' });
    const facts = orderFacts({ order, profile: null, now: '2026-04-10T00:00:00.000Z' });
    expect(facts.flows.skincare).toBe('feedback-skincare-starter');
    const runtime = feedbackFlow('skincare-starter', { order: facts.order, context: facts.context });
    const scope = { answers: {}, env: runtime.env, variants: runtime.variants };
    const intro = describeStep(runtime, step(runtime, 'intro').step, scope, facts);
    expect(intro.text.title).toBe('Give us feedback on your Skincare Starter Set');
    expect(intro.text.subtitle).toMatch(/after week 4/);
    expect(intro.text.body).toMatch(/reviews may be made public/);
    expect(describeStep(runtime, step(runtime, 'skin').step, scope, facts).text.subtitle).toBe(
      'Your feedback on the Starter Set you ordered on March 3, 2026 refines your full-size formula.',
    );
    expect(describeStep(runtime, step(runtime, 'fragrance-new-choice').step, scope, facts).text.title).toBe(
      'Which fragrance would you like in your full-size order?',
    );
    expect(describeStep(runtime, step(runtime, 'fragrance-cleanser').step, scope, facts).text.title).toBe('How do you like Blanca in your cleanser?');
  });
});

describe('spec 002 §5.2 skincare question inclusion (both flows)', () => {
  it('§5.2 skin fragrance questions: unless pref_fragrance_free_skin is set, and only when a skin fragrance exists', () => {
    for (const flowName of SKINCARE) {
      for (const name of ['fragrance', 'fragrance-cleanser', 'fragrance-serum', 'fragrance-moisturizer', 'fragrance-new-choice']) {
        const shown = (order: FlowEnvironment['order'], context: FlowEnvironment['context'] = {}) =>
          step(feedbackFlow(flowName, { order, context }), name).included({});
        expect(shown(everything), `${flowName} ${name}`).toBe(true);
        expect(shown(everything, { 'consultation.pref_fragrance_free_skin': false }), `${flowName} ${name}`).toBe(true);
        expect(shown(everything, { 'consultation.pref_fragrance_free_skin': true }), `${flowName} ${name} fragrance-free`).toBe(false);
        const { skin_fragrance: _, ...unscented } = everything;
        expect(shown(unscented), `${flowName} ${name} unscented`).toBe(false);
      }
    }
  });

  it('§5.2 through the app’s facts: a frag_free routine has no fragrance questions', () => {
    const facts = orderFacts({ order: anOrder([orderItem('serum', { fragrance: 'frag_free' })]), profile: null, now: '2026-08-20T00:00:00.000Z' });
    const pages = walk(feedbackFlow('skincare', { order: facts.order })).pages;
    expect(pages.slice(-5)).toEqual(['individual-products', 'serum-satisfaction', 'serum-product-feel', 'results', 'public-review']);
    expect(pages.filter((p) => p.startsWith('fragrance'))).toEqual([]);
  });

  it('§5.1 "presumably" (our reading for skincare too): each product’s questions and fragrance page only when the order holds it', () => {
    for (const flowName of SKINCARE) {
      for (const product of ['cleanser', 'serum', 'moisturizer'] as const) {
        const names = feedbackFlow(flowName).steps.filter((s) => s.name.startsWith(`${product}-`) || s.name === `fragrance-${product}`);
        expect(names.length).toBeGreaterThanOrEqual(3);
        for (const s of names) {
          const answers = { [`${product}_satisfaction`]: 4 };
          const others = (['cleanser', 'serum', 'moisturizer'] as const).filter((p) => p !== product);
          expect(step(feedbackFlow(flowName, { order: { ...holding(product), skin_fragrance: 'blanca' } }), s.name).included(answers), s.name).toBe(true);
          expect(step(feedbackFlow(flowName, { order: { ...holding(...others), skin_fragrance: 'blanca' } }), s.name).included(answers), s.name).toBe(false);
        }
      }
    }
  });

  it('§5.2, §4.4: product feel and texture only when that product’s satisfaction is non-zero; a 0 clears them', () => {
    for (const flowName of SKINCARE) {
      const runtime = feedbackFlow(flowName, { order: everything });
      const followUps = {
        cleanser: ['cleanser-product-feel', 'cleanser-texture'],
        serum: ['serum-product-feel'],
        moisturizer: ['moisturizer-product-feel', 'moisturizer-texture'],
      };
      for (const [product, names] of Object.entries(followUps)) {
        for (const name of names) {
          expect(step(runtime, name).included({}), name).toBe(false);
          expect(step(runtime, name).included({ [`${product}_satisfaction`]: 0 }), name).toBe(false);
          for (const v of [1, 2, 3, 4, 5]) expect(step(runtime, name).included({ [`${product}_satisfaction`]: v }), name).toBe(true);
        }
        const rating = step(runtime, `${product}-satisfaction`).step;
        expect(answersFromSelection(rating, 0, runtime.env)).toEqual({
          [`${product}_satisfaction`]: 0,
          ...Object.fromEntries(names.map((n) => [n.replace(/-/g, '_'), null])),
        });
      }
    }
  });

  it('§9.4: feel and texture answers; textures are the consultation’s, the current one said from pref_texture_*', () => {
    const runtime = feedbackFlow('skincare', { order: everything, context: { 'consultation.pref_texture_moisturizer': 'rich' } });
    const answers = { cleanser_satisfaction: 4, serum_satisfaction: 4, moisturizer_satisfaction: 4 };
    expect(step(runtime, 'cleanser-product-feel').offered(answers)).toEqual(['too_oily', 'nicely_hydrating', 'little_drying', 'too_drying']);
    expect(step(runtime, 'moisturizer-product-feel').offered(answers)).toEqual(['too_heavy', 'nicely_hydrating', 'not_hydrating_enough']);
    expect(step(runtime, 'serum-product-feel').offered(answers)).toEqual(['too_sticky', 'ok', 'soft_hydrating']);
    expect(step(runtime, 'skin-hydration').offered(answers)).toEqual(['yes', 'some', 'no', 'not_a_concern']);
    expect(step(runtime, 'cleanser-texture').offered(answers)).toEqual(['foaming_gel', 'cleansing_cream']);
    expect(step(runtime, 'moisturizer-texture').offered(answers)).toEqual(['light', 'medium', 'rich']);
    const scope = { answers, env: runtime.env, variants: runtime.variants };
    expect(describeStep(runtime, step(runtime, 'moisturizer-texture').step, scope).text.subtitle).toBe('You have the Rich Cream Moisturizer now.');
  });
});

describe('spec 002 §5.4 skincare saving rules', () => {
  it('§5.4: new_fragrance is true when the chosen fragrance differs from the order’s; NONE is saved as frag_free', () => {
    for (const flowName of SKINCARE) {
      const runtime = feedbackFlow(flowName, { order: everything });
      const choice = step(runtime, 'fragrance-new-choice').step;
      expect(answersFromSelection(choice, 'blanca', runtime.env)).toEqual({ fragrance_new_choice: 'blanca', new_fragrance: false });
      expect(answersFromSelection(choice, 'pacifica', runtime.env)).toEqual({ fragrance_new_choice: 'pacifica', new_fragrance: true });
      expect(answersFromSelection(choice, 'NONE', runtime.env)).toEqual({ fragrance_new_choice: 'frag_free', new_fragrance: true });
    }
  });

  it('§3.8: the skincare choices are pacifica, blanca and fragrance-free; a sold-out one is not offered', () => {
    const offered = (soldOut: string[]) =>
      step(feedbackFlow('skincare', { order: { ...everything, sold_out_fragrances: soldOut } }), 'fragrance-new-choice').offered();
    expect(offered([])).toEqual(['pacifica', 'blanca', 'NONE']);
    expect(offered(['pacifica'])).toEqual(['blanca', 'NONE']);
  });

  it('§2.7: the results’ positive and concern sets cover the skin and product-feel answers of §9.4', () => {
    const results = step(feedbackFlow('skincare'), 'results').step;
    expect(results.kind === 'feedback-results' && results.positive).toEqual(['yes', 'nicely_hydrating', 'soft_hydrating']);
    expect(results.kind === 'feedback-results' && results.concern).toEqual([
      'some',
      'no',
      'too_oily',
      'little_drying',
      'too_drying',
      'too_sticky',
      'too_heavy',
      'not_hydrating_enough',
    ]);
    const starter = step(feedbackFlow('skincare-starter'), 'results').step;
    expect(starter).toMatchObject({
      positive: results.kind === 'feedback-results' && results.positive,
      concern: results.kind === 'feedback-results' && results.concern,
    });
  });
});
