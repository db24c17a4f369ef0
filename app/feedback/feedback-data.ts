import type { ApiClient, FeedbackCategory, FeedbackFlowId, FeedbackRecord, Order, OrderFeedbackFacts } from '#api';
import { isApiError } from '#api/shared';
import { loadContent, type Answers, type CompiledFlow } from '#engine';

/**
 * The feedback flows (flows/feedback/*.yaml), compiled at build time, each loaded with its page; they arrive split
 * (logic first, then each section's texts: engine/runtime/flow-content.ts).
 */
export const feedbackFlows: Record<FeedbackFlowId, () => Promise<CompiledFlow>> = {
  'feedback-haircare': () => import('flows/feedback/haircare.yaml?split').then((m) => m.default),
  'feedback-skincare': () => import('flows/feedback/skincare.yaml?split').then((m) => m.default),
  'feedback-skincare-starter': () => import('flows/feedback/skincare-starter.yaml?split').then((m) => m.default),
  'feedback-supplements': () => import('flows/feedback/supplements.yaml?split').then((m) => m.default),
};

/** The categories a URL may name (spec 002 §2.1-2.4), and the Starter Set's own base (flows/feedback/skincare-starter.yaml). */
export const FEEDBACK_CATEGORIES: readonly FeedbackCategory[] = ['haircare', 'skincare', 'supplements'];
const FLOW_OF_PATH: Record<string, FeedbackFlowId> = {
  haircare: 'feedback-haircare',
  skincare: 'feedback-skincare',
  'skincare-starter': 'feedback-skincare-starter',
  supplements: 'feedback-supplements',
};
const CATEGORY_OF_FLOW: Record<FeedbackFlowId, FeedbackCategory> = {
  'feedback-haircare': 'haircare',
  'feedback-skincare': 'skincare',
  'feedback-skincare-starter': 'skincare',
  'feedback-supplements': 'supplements',
};

/** The flow a feedback URL's first segment names (/feedback/skincare-starter/…), or undefined. */
export const flowOfPath = (segment: string | undefined): FeedbackFlowId | undefined => (segment ? FLOW_OF_PATH[segment] : undefined);
export const categoryOfFlow = (flow: FeedbackFlowId): FeedbackCategory => CATEGORY_OF_FLOW[flow];

/** The record of a category on the order (spec 002 §3.1: feedback, skincare_feedback, supplements_feedback). */
export function recordOf(order: Order, category: FeedbackCategory): FeedbackRecord | null {
  return (category === 'haircare' ? order.feedback : category === 'skincare' ? order.skincare_feedback : order.supplements_feedback) ?? null;
}

/** What a feedback page needs before it draws. */
export type FeedbackLoad =
  | { kind: 'ready'; flow: CompiledFlow; flowId: FeedbackFlowId; category: FeedbackCategory; order: Order; facts: OrderFeedbackFacts; answers: Answers }
  /** The order's feedback of the category is completed: its confirmation shows (§2.5). */
  | { kind: 'completed'; category: FeedbackCategory }
  /** Nothing to give feedback on here: no order awaits it, or the order is not the shopper's or lacks the category. */
  | { kind: 'elsewhere'; to: string };

/**
 * Loads a feedback flow for one order (spec 002 §4.3): the order (named by ?order=, else the newest awaiting feedback in
 * that category) with the facts its flows read, which the server works out (GET /v2/orders/{id}/ `feedback_facts`: the
 * order's items, the consultation answers of its survey over the hair profile's, the shop's clock, and for supplements
 * the shopper's other orders; server/feedback/order-facts.ts). The Starter Set's flow is used when the skincare order
 * holds minis (§5.2), whichever skincare URL was opened. A completed feedback goes to the confirmation (§2.5); an order
 * that is not the shopper's, or holds nothing of the category, to the account's feedback page.
 */
export async function loadFeedback(
  api: Pick<ApiClient, 'getAccountFeedback' | 'getOrder'>,
  requested: FeedbackFlowId,
  orderKey: string | null,
  pathname: string,
): Promise<FeedbackLoad> {
  const category = categoryOfFlow(requested);
  const elsewhere = { kind: 'elsewhere', to: '/account/feedback' } as const;
  let key = orderKey;
  if (!key) {
    const overview = await api.getAccountFeedback();
    key = overview[category].awaiting[0]?.order ?? null;
    if (!key) return elsewhere;
  }
  const order = await api.getOrder(key).catch((error: unknown) => {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  });
  const facts = order?.feedback_facts;
  const flowId = facts?.flows[category];
  if (!order || !facts || !flowId) return elsewhere;
  const record = recordOf(order, category);
  if (record?.status === 'completed') return { kind: 'completed', category };
  const flow = await feedbackFlows[flowId]();
  // The words of the page opened come with the flow (its section's); the runner loads the others as the shopper goes.
  const path = pathname.replace(/\/$/, '');
  const step = flow.steps.find((s) => s.route === path) ?? flow.steps[0];
  if (step) await loadContent(flow, step.name);
  return { kind: 'ready', flow, flowId, category, order, facts, answers: { ...(record?.answers ?? {}) } as Answers };
}
