import type { Order, OrderItem } from '#api';
import {
  anonymousEnvironment,
  answersFromSelection,
  createFlowRuntime,
  nextStepIndex,
  type Answers,
  type CompiledStep,
  type FlowEnvironment,
  type FlowRuntime,
  type Selection,
} from '#engine';
import { orderFacts, type FeedbackFactsInput } from '../../server/feedback/order-facts';
import { flow, stepOf } from './support/flows';

/** The four feedback flows (spec 002 §2.1-2.4), by file. */
export type FeedbackFlowName = 'haircare' | 'skincare' | 'skincare-starter' | 'supplements';

/** A feedback flow prepared for a signed-in shopper with these order facts and consultation answers. */
export function feedbackFlow(name: FeedbackFlowName, env: { order?: FlowEnvironment['order']; context?: FlowEnvironment['context'] } = {}): FlowRuntime {
  return createFlowRuntime(
    flow(`flows/feedback/${name}.yaml`),
    anonymousEnvironment({ session: 'authenticated', order: env.order ?? {}, context: env.context ?? {} }),
  );
}

/** A feedback flow prepared from an order as the server computes its facts (server/feedback/order-facts.ts). */
export function feedbackFlowFor(name: FeedbackFlowName, input: Partial<FeedbackFactsInput> & { order: Order }): FlowRuntime {
  const facts = orderFacts({ profile: null, now: '2026-08-20T12:00:00.000Z', ...input });
  return feedbackFlow(name, { order: facts.order, context: facts.context });
}

/** One step of a runtime: whether it shows for some answers, and which step follows it. */
export const step = (runtime: FlowRuntime, name: string) => stepOf(runtime, name);

/** How a walk answers a step: its selection (undefined: the walk's default for the kind). */
export type AnswerPolicy = (step: CompiledStep, answers: Answers) => Selection | undefined;

/** The default answer of a step for a walk: the first offered option, a rating of `rating`, a fragrance page's `rating` and just_right. */
export function defaultSelection(runtime: FlowRuntime, s: CompiledStep, answers: Answers, rating = 4): Selection {
  switch (s.kind) {
    case 'rating':
      return rating;
    case 'fragrance-rating':
      return { satisfaction: rating, intensity: 'just_right' };
    case 'public-review':
      return { public: 'Lovely', internal: '' };
    case 'feedback-results':
      return { status: 'completed' };
    default:
      return ('options' in s ? stepOf(runtime, s.name).offered(answers)[0] : undefined) as Selection;
  }
}

/**
 * Walks a flow from its first shown step to its end, answering each step with `policy` (or the default), and returns
 * the pages met in order and the answers saved (the runtime's navigation: the first later step whose rule holds, §2.8).
 */
export function walk(runtime: FlowRuntime, policy: AnswerPolicy = () => undefined, start: Answers = {}): { pages: string[]; answers: Answers } {
  const answers: Answers = { ...start };
  const pages: string[] = [];
  const scope = () => ({ answers, env: runtime.env, variants: runtime.variants });
  for (let i = nextStepIndex(runtime, -1, scope()); i !== -1; i = nextStepIndex(runtime, i, scope())) {
    const s = runtime.steps[i]!;
    pages.push(s.name);
    const selection = policy(s, answers) ?? defaultSelection(runtime, s, answers);
    Object.assign(answers, answersFromSelection(s, selection, runtime.env));
  }
  return { pages, answers };
}

/** An order line of a product type with its fragrance slug (null: none) and ingredient slugs. */
export function orderItem(type: string, options: { fragrance?: string | null; slugs?: string[]; createdAt?: string } = {}): OrderItem {
  const fragrance = options.fragrance === undefined ? 'arcadia' : options.fragrance;
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
      gtm_category: type,
      gtm_variant: type,
      ingredients: (options.slugs ?? []).map((slug) => ({ name: slug, inci: slug, percent: 1, amount: null, slug })),
      inci: [],
      fragrance: fragrance ? fragrance.charAt(0).toUpperCase() + fragrance.slice(1) : null,
      smells_like: fragrance,
    },
    variant: { slug: type, type, label: `Custom ${type}`, is_formula: true, product: { type, category: 'haircare', sub_category: null } },
    picture: null,
  };
}

/** What a delivered order carries besides (its fulfilment, no feedback yet). */
const deliveredWithoutFeedback = {
  tracking: null,
  shipped_at: '2026-08-03T09:00:00.000Z',
  delivered_at: '2026-08-06T09:00:00.000Z',
  feedback: null,
  skincare_feedback: null,
  supplements_feedback: null,
};

/** A delivered order of these lines. */
export function anOrder(items: OrderItem[], overrides: Partial<Order> = {}): Order {
  return {
    pubkey: 'ord_feedback',
    status: 'delivered',
    display_status: 'delivered',
    serial_no: '100001',
    currency: 'USD',
    total_price: 100,
    total_discount: 0,
    total_shipping: 0,
    total_taxes: 0,
    total_amount: 100,
    credit_applied: 0,
    is_subscription: false,
    created_at: '2026-08-01T09:00:00.000Z',
    paid_at: '2026-08-01T09:00:00.000Z',
    payment: { card: null },
    formulaset: { categories: ['haircare'], survey: {} },
    shipping_address: null,
    delivery_estimate: null,
    delivery_instructions: null,
    items,
    payment_error: null,
    next_action: null,
    ...deliveredWithoutFeedback,
    ...overrides,
  };
}
