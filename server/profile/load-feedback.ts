import type { Database } from '../db/database';
import { latestCompletedFeedbacks } from '../feedback/read-feedback';
import { feedbackCategories } from '../formulation/feedback/feedback-answers';
import type { CompletedFeedback, ShopperFeedback } from '../formulation/feedback/adjust-from-feedback';

/**
 * The shopper's latest completed feedback of each category, as the formulation reads it (issue 26 item 5): the
 * answers, and what the order held (each line's type, fragrance and actives; an order placed before the actives'
 * ids were kept gives none, and the formulation then moves away from today's actives).
 */
export async function loadShopperFeedback(db: Database, userId: number): Promise<ShopperFeedback> {
  const feedback: ShopperFeedback = {};
  for (const latest of await latestCompletedFeedbacks(db, userId, feedbackCategories)) {
    const category = latest.category;
    const given: CompletedFeedback = {
      answers: latest.answers,
      orderPubkey: latest.orderPubkey,
      completedAt: latest.completedAt.toISOString(),
      items: latest.items.map((item) => ({
        type: item.type,
        fragrance: item.fragrance,
        ...(item.ingredients.length > 0 ? { actives: item.ingredients } : {}),
      })),
    };
    feedback[category] = given;
  }
  return feedback;
}

/** What tells one feedback from the next: the formulas kept for the day are made again when it changes. */
export function feedbackKey(feedback: ShopperFeedback): string {
  return feedbackCategories.map((c) => (feedback[c] ? `${feedback[c].orderPubkey}@${feedback[c].completedAt}` : '-')).join('|');
}
