import { z } from 'zod';

// "Review & Refine" feedback on the wire (spec 002 §3, §7; API.md "Feedback"; server/feedback/README.md for the
// choices the spec leaves open).

/** The feedback categories (spec 002 §1): skincare covers the full-size and the Starter Set flows. */
export const feedbackCategory = z.enum(['haircare', 'skincare', 'supplements']);
export type FeedbackCategory = z.infer<typeof feedbackCategory>;

/** The longest free text a shopper may write (the public review, a text area, a product's open text). */
export const FEEDBACK_TEXT_MAX = 2000;

/** One answer: a rating (0-5), an option's value, a boolean, free text, or null to clear it (spec 002 §4.4). */
export const feedbackValue = z.union([z.string().max(FEEDBACK_TEXT_MAX, `Write at most ${FEEDBACK_TEXT_MAX} characters.`), z.number(), z.boolean(), z.null()]);
export type FeedbackValue = z.infer<typeof feedbackValue>;

/** A feedback record as saved so far (spec 002 §3.2): on GET /v2/orders/{id}/ and as the answer of its PATCH. */
export const feedbackRecord = z.object({
  status: z.enum(['started', 'completed']),
  /** Where it was started (account, email, order, confirmation...), recorded with the first save; null when none was sent. */
  origin: z.string().nullable(),
  answers: z.record(z.string(), feedbackValue),
});
export type FeedbackRecord = z.infer<typeof feedbackRecord>;

/**
 * PATCH /v2/orders/{id}/feedback/ (and skincare_feedback/, supplements_feedback/): `{origin}` or answer fields, each
 * checked against the category's feedback flows; `status: "completed"` completes it, after which it is final.
 */
export const feedbackPatch = z
  .object({
    origin: z.string().trim().min(1, 'Say where the feedback was started.').max(100).nullable().optional(),
    status: z.literal('completed', { message: 'The status can only be set to "completed".' }).optional(),
  })
  .catchall(feedbackValue);
export type FeedbackPatch = z.input<typeof feedbackPatch>;

/** One product's open-text feedback (spec 002 §3.3). */
export const openTextFeedback = z.object({ product: z.string(), open_text_feedback: z.object({ feedback_text: z.string() }) });
export type OpenTextFeedback = z.infer<typeof openTextFeedback>;

/** GET and PATCH /v2/orders/{id}/open_text_feedback/: every product's open text of the order. */
export const openTextFeedbackList = z.array(openTextFeedback);
export type OpenTextFeedbackList = z.infer<typeof openTextFeedbackList>;

const openTextEntry = z
  .object({
    /** A product type the order holds (shampoo, serum, supplement_core...). */
    product: z.string().trim().min(1, 'Name the product.').max(60),
    open_text_feedback: z.object({ feedback_text: z.string().max(FEEDBACK_TEXT_MAX, `Write at most ${FEEDBACK_TEXT_MAX} characters.`) }).strict(),
  })
  .strict();

/** PATCH /v2/orders/{id}/open_text_feedback/: one product's text, or several; an empty text is not saved (spec 002 §5.4). */
export const openTextFeedbackPatch = z.union([openTextEntry, z.array(openTextEntry).min(1, 'Send at least one product’s text.').max(40)]);
export type OpenTextFeedbackPatch = z.input<typeof openTextFeedbackPatch>;

/** GET /v1/surveys/{id}?category=: which of the order's categories (default: the first it holds). */
export const surveyQuery = z.object({ category: feedbackCategory.optional() }).strict();

/**
 * GET /v1/surveys/{id} (spec 002 §4.3 "Load the consultation survey"): the consultation answers the order's formulas
 * were made from, as the order kept them (its formulaset.survey). `id` is the order's pubkey.
 */
export const consultationSurvey = z.object({
  id: z.string(),
  category: feedbackCategory,
  answers: z.record(z.string(), z.unknown()),
  /** When the order was placed: the answers are as they were then. */
  created_at: z.string(),
});
export type ConsultationSurvey = z.infer<typeof consultationSurvey>;

/** GET /v1/supplements_feedback/{id}/end_of_road (spec 002 §3.10): a message for a shopper whose supplements have run their course. */
export const endOfTheRoadMessage = z.object({
  title: z.string(),
  body: z.string(),
  action: z.object({ label: z.string(), url: z.string() }),
});
export type EndOfTheRoadMessage = z.infer<typeof endOfTheRoadMessage>;

/** The flows of spec 002: skincare's is the Starter Set's when the order holds minis (§5.2). */
export const feedbackFlowId = z.enum(['feedback-haircare', 'feedback-skincare', 'feedback-skincare-starter', 'feedback-supplements']);
export type FeedbackFlowId = z.infer<typeof feedbackFlowId>;

/** A fact the flows' rules read: a rating, an option's value, a boolean, a list of them (the engine's AnswerValue). */
const factValue = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.union([z.string(), z.number(), z.boolean()]))]);

/**
 * What the feedback flows read about an order (spec 002 §3.1, §3.5, §3.6, §5.1-5.3; flows/README.md "Feedback"),
 * worked out by the server (server/feedback/order-facts.ts) from the order, the consultation answers (the order's survey
 * over the hair profile's), the shop's clock and the shopper's other orders. On GET /v2/orders/{id}/ for an order that
 * takes feedback, so the feedback page downloads none of that code.
 */
export const orderFeedbackFacts = z.object({
  /** The flow each category of the order leads to; a category the order does not hold is absent. */
  flows: z.object({ haircare: feedbackFlowId.optional(), skincare: feedbackFlowId.optional(), supplements: feedbackFlowId.optional() }),
  /** The rules' `order.<name>` facts, without the prefix (has_shampoo, antibrass_conditioner_days, ...). */
  order: z.record(z.string(), factValue),
  /** The consultation answers of §3.6 the flows declare, as `consultation.<field>`. */
  context: z.record(z.string(), factValue),
  /** Words the flows' texts fill in: {product} (the supplement's name), {date} (the order date). */
  text: z.record(z.string(), z.string()),
  /** Each product the order holds by the flows' product names (`haircare`: the hair products' shared fragrance). */
  products: z.record(z.string(), z.object({ name: z.string(), fragrance: z.string().optional() })),
  /** The names of the order's fragrances by slug ("arcadia" -> "Arcadia"). */
  fragrance_names: z.record(z.string(), z.string()),
});
export type OrderFeedbackFacts = z.infer<typeof orderFeedbackFacts>;
