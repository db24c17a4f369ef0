import type { ApiClient, FeedbackCategory, FeedbackPatch, FeedbackRecord } from '#api';
import type { SaveRequest } from '#engine';

/** Where a feedback may have been started (spec 002 §4.3 origin): what ?origin= may say; anything else counts as none. */
const ORIGINS = new Set(['account', 'email', 'order', 'confirmation', 'orders']);

/**
 * A text step whose field is `open_text_<product>` holds the shopper's words about one product (spec 002 §3.3): it is
 * saved as that product's open-text feedback, not as an answer field (flows/README.md "Feedback").
 */
const OPEN_TEXT = /^open_text_(?!public$|internal$)([a-z_]+)$/;

export interface FeedbackSavingDeps {
  api: () => Promise<ApiClient>;
  order: string;
  category: FeedbackCategory;
  /** ?origin= of the page, or null. */
  origin: string | null;
  /** Whether the order's record of this category existed when the page opened (the origin is recorded once, §4.3). */
  started: boolean;
  /** Logs what is worth knowing but is no failure (a feedback started without its origin, §8). */
  report(message: string): void;
}

/**
 * How feedback answers are saved (spec 002 §4.3, §5.4): a product's non-empty open text as its open-text feedback,
 * then the step's answers on the category's record (the engine never asks to save a skipSave step); the origin goes
 * with the first save of a record that did not exist (a missing one is logged as invalid and the save goes on).
 */
export function feedbackSaving(deps: FeedbackSavingDeps) {
  let started = deps.started;
  const patch = (api: ApiClient, body: FeedbackPatch): Promise<FeedbackRecord> =>
    deps.category === 'haircare'
      ? api.patchFeedback(deps.order, body)
      : deps.category === 'skincare'
        ? api.patchSkincareFeedback(deps.order, body)
        : api.patchSupplementsFeedback(deps.order, body);
  return {
    async save(request: Pick<SaveRequest, 'values'>): Promise<void> {
      const api = await deps.api();
      const body: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(request.values)) {
        const product = OPEN_TEXT.exec(field)?.[1];
        if (!product) {
          body[field] = value ?? null;
          continue;
        }
        const text = typeof value === 'string' ? value.trim() : '';
        if (text) await api.patchOpenTextFeedback(deps.order, { product, open_text_feedback: { feedback_text: text } });
      }
      if (!started) {
        const origin = deps.origin && ORIGINS.has(deps.origin) ? deps.origin : null;
        // Sent as null when unknown: the server logs it as invalid and saves the answers all the same (§4.3, §8).
        if (!origin) deps.report(`feedback started without a valid origin (${deps.category})`);
        body.origin = origin;
      }
      if (Object.keys(body).length === 0) return;
      await patch(api, body as FeedbackPatch);
      started = true;
    },
  };
}
