import { describe, expect, it } from 'vitest';
import type { Order } from '#api';
import { loadFlowFile } from '#engine/compiler';
import type { CompiledStep, FlowRuntime } from '#engine';
import { orderFacts } from '../../server/feedback/order-facts';
import { anOrder, feedbackFlow, orderItem, step, walk, type AnswerPolicy, type FeedbackFlowName } from './feedback-flows-support';

// Issue 26 item 7: generated paths through each feedback flow. Orders and consultation answers are generated, their
// facts computed by the server (server/feedback/order-facts.ts), and each flow walked by the engine's navigation under
// several ways of answering; every page must be met on some path, and every path must reach the results.

const NOW = '2026-08-20T12:00:00.000Z';
const daysAgo = (days: number) => new Date(Date.parse(NOW) - days * 86_400_000).toISOString();

/** Ways of answering: ratings of 0 (skip) or 4, the first or the last option of every other question. */
function policies(runtime: FlowRuntime): AnswerPolicy[] {
  const policy =
    (rating: number, pick: 'first' | 'last', duration?: string): AnswerPolicy =>
    (s: CompiledStep, answers) => {
      if (duration && s.name === 'product_supplements_usage_duration') return duration;
      if (s.kind === 'rating') return rating;
      if (s.kind === 'fragrance-rating') return { satisfaction: rating, intensity: pick === 'first' ? 'too_strong' : 'too_light' };
      if (s.kind === 'single' || s.kind === 'boolean' || s.kind === 'texture' || s.kind === 'fragrance-choice') {
        const offered = step(runtime, s.name).offered(answers);
        return pick === 'first' ? offered[0] : offered[offered.length - 1];
      }
      return undefined;
    };
  const durations = ['not_started', 'le_one_month', 'two_months', 'three_months', 'ge_six_months'];
  if (runtime.flow.id === 'feedback-supplements') return durations.flatMap((d) => [policy(4, 'first', d), policy(0, 'last', d)]);
  return [policy(4, 'first'), policy(4, 'last'), policy(0, 'first'), policy(2, 'last')];
}

const haircareOrders: Order[] = [
  [orderItem('shampoo')],
  [orderItem('trial_conditioner', { fragrance: null })],
  [orderItem('conditioner', { slugs: ['purple_v2'], createdAt: daysAgo(10) })],
  [orderItem('conditioner', { slugs: ['anti_brassines'], createdAt: daysAgo(40) })],
  [orderItem('hair_mask', { fragrance: 'NO_ADDED_FRAGRANCE' })],
  [orderItem('scalp_mask')],
  [orderItem('scalp_serum', { fragrance: 'palma' })],
  [orderItem('dry_shampoo')],
  [orderItem('hair_oil', { fragrance: 'perle' })],
  [orderItem('oil', { fragrance: 'FRAGRANCE_FREE' })],
  [orderItem('curl_cream'), orderItem('leavein_conditioner'), orderItem('styling_gel')],
  [orderItem('shampoo', { fragrance: 'paradiso' }), orderItem('hair_oil', { fragrance: 'candela' })],
  ['shampoo', 'conditioner', 'hair_mask', 'scalp_mask', 'scalp_serum', 'dry_shampoo', 'hair_oil', 'curl_cream', 'leavein_conditioner', 'styling_gel'].map(
    (type) => orderItem(type, type === 'conditioner' ? { slugs: ['purple_v2'], createdAt: daysAgo(30) } : {}),
  ),
].map((items) => anOrder(items));
const haircareProfiles = [
  null,
  { goal_curl: 3, diag_hair_length: 'long' },
  { diag_hair_texture: 'type_3b', diag_other_treatments: ['relaxer'], diag_hair_length: 'very_short', pref_fragrance_free: true },
  { diag_hair_texture: 'zigzag', diag_other_treatments: ['none'], diag_hair_length: 'shoulder', is_fragrance_soldout: true, pref_fragrance: 'ARCADIA' },
];

const skincareOrders = (minis: boolean): Order[] =>
  [
    ['cleanser', 'serum', 'moisturizer'].map((t) => orderItem(minis ? `${t}_mini` : t, { fragrance: 'blanca' })),
    ['cleanser', 'serum', 'moisturizer'].map((t) => orderItem(minis ? `${t}_mini` : t, { fragrance: 'frag_free' })),
    [orderItem(minis ? 'serum_mini' : 'serum', { fragrance: 'pacifica' })],
    [orderItem(minis ? 'moisturizer_mini' : 'moisturizer', { fragrance: 'pacifica' })],
  ].map((items) => anOrder(items));
const skincareProfiles = [null, { pref_fragrance_free_skin: true, pref_texture_cleanser: 'foaming_gel' }];

const supplementOrders = [
  anOrder([orderItem('supplement_core', { fragrance: null })]),
  anOrder([orderItem('shampoo'), orderItem('supplement_core', { fragrance: null })]),
];
const supplementProfiles = [
  null,
  { diag_sensitivity_level: 2, diag_dandruff_level: 3, diag_hair_type: 'oily_dry' },
  { diag_sensitivity_level: 1, diag_hair_type: 'dry' },
];

const cases: { flow: FeedbackFlowName; orders: Order[]; profiles: (Record<string, unknown> | null)[]; soldOut?: string[] }[] = [
  { flow: 'haircare', orders: haircareOrders, profiles: haircareProfiles, soldOut: ['paradiso'] },
  { flow: 'skincare', orders: skincareOrders(false), profiles: skincareProfiles },
  { flow: 'skincare-starter', orders: skincareOrders(true), profiles: skincareProfiles },
  { flow: 'supplements', orders: supplementOrders, profiles: supplementProfiles },
];

describe('issue 26 item 7: generated paths through the feedback flows', () => {
  it.each(cases)('$flow: the engine’s reachability walker finds every page reachable (flows:check has no unreachable_step)', ({ flow }) => {
    const result = loadFlowFile(`flows/feedback/${flow}.yaml`);
    expect(result.issues.map((i) => i.code)).toEqual([]);
    expect(result.flow!.steps.length).toBeGreaterThan(0);
  });

  it.each(cases)(
    '$flow: every page is met on a path for some order and answers; every path starts at the intro and ends with the results and the review',
    (c) => {
      const met = new Set<string>();
      let paths = 0;
      for (const order of c.orders) {
        for (const profile of c.profiles) {
          const facts = orderFacts({ order, profile, now: NOW, soldOutFragrances: c.soldOut ?? [] });
          // The app picks the flow from the order (§5.2): skincare orders with minis run the Starter Set.
          if (c.flow.startsWith('skincare')) expect(facts.flows.skincare).toBe(c.flow === 'skincare' ? 'feedback-skincare' : 'feedback-skincare-starter');
          const runtime = feedbackFlow(c.flow, { order: facts.order, context: facts.context });
          for (const policy of policies(runtime)) {
            const { pages, answers } = walk(runtime, policy);
            paths += 1;
            expect(pages[0]).toBe('intro');
            expect(pages.slice(-2)).toEqual(['results', c.flow === 'skincare' || c.flow === 'skincare-starter' ? 'public-review' : 'public_review']);
            // Pages come in the flow's order, each once (§2.8: always a later page).
            const positions = pages.map((p) => runtime.steps.findIndex((s) => s.name === p));
            expect(positions).toEqual([...positions].sort((a, b) => a - b));
            expect(new Set(pages).size).toBe(pages.length);
            expect(answers.status).toBe('completed'); // §2.7: reaching the results completes the feedback
            pages.forEach((p) => met.add(p));
          }
        }
      }
      const all = feedbackFlow(c.flow).steps.map((s) => s.name);
      expect(all.filter((name) => !met.has(name))).toEqual([]);
      expect(paths).toBeGreaterThan(10);
    },
  );
});
