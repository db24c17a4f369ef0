import { z } from 'zod';
import { scalarSchema } from '../predicate-schema.ts';
import { baseStep, choiceStep, optionListSchema, slug, text } from '../step-parts.ts';
import { FEEDBACK_TEXT_MAX, PHASE_LABELS } from '../feedback-values.ts';

// The feedback family (spec 002 §2.6 page types): the steps only `kind: feedback` flows may use. Intros and transitions
// are the question family's `intro` (never saved, §5.4), default questions its `single`. Components:
// renderer/feedback/feedback-steps.ts.

const maxLength = z
  .number()
  .int()
  .min(1)
  .max(FEEDBACK_TEXT_MAX)
  .default(FEEDBACK_TEXT_MAX)
  .describe(`Most characters the text may hold (at most ${FEEDBACK_TEXT_MAX}); the server refuses longer.`);

export const ratingStepSchema = z
  .strictObject({
    ...choiceStep,
    kind: z.literal('rating'),
    field: slug.describe('The answer field the rating (a number 0-5) is written to.'),
    options: z
      .union([slug, optionListSchema])
      .default([])
      .describe('The scale; by default spec 002 §9.2: 0 "I haven\'t used it enough" (shown apart), 1 "Very Unsatisfied" … 5 "Very Satisfied".'),
    product: slug.optional().describe('The product rated, when it is one: its name fills {product} in the texts.'),
    clears: z.array(slug).optional().describe('Follow-up fields a 0 ("I haven\'t used it enough") sets to null in the same save (spec 002 §4.4).'),
  })
  .describe('A satisfaction rating on the 1-5 scale with the skip value 0 (spec 002 §2.6, §9.2); moves on by itself.');

export const textureStepSchema = z
  .strictObject({
    ...choiceStep,
    kind: z.literal('texture'),
    field: slug.describe('The answer field the chosen texture is written to.'),
    product: z.enum(['cleanser', 'moisturizer']).describe('The product whose texture is chosen (the results list it under that product).'),
  })
  .describe('The texture preferred for one product, among options with a description and a picture (spec 002 §2.6); moves on by itself.');

export const fragranceChoiceStepSchema = z
  .strictObject({
    ...choiceStep,
    kind: z.literal('fragrance-choice'),
    field: slug.describe('The answer field the chosen fragrance’s slug is written to.'),
    product: slug.optional().describe('The product the new fragrance is for (hair_oil), when not the whole order’s: the results name it.'),
    noneValue: scalarSchema.optional().describe('What the option of value NONE saves in `field` (spec 002 §5.4: frag_free, or FRAGRANCE_FREE for hair oil).'),
    newFragrance: z
      .strictObject({
        field: slug.default('new_fragrance').describe('The boolean field written.'),
        fact: z
          .string()
          .regex(/^order\.[A-Za-z][A-Za-z0-9_]*$/, 'an order fact, like order.skin_fragrance')
          .describe('The order fact holding the ordered fragrance.'),
      })
      .optional()
      .describe('Also writes `field` true when the choice differs from the order’s fragrance, else false (spec 002 §5.4 skincare).'),
  })
  .describe('A new fragrance, among options with notes, a description and a picture (spec 002 §2.6, §3.8); moves on by itself.');

export const fragranceRatingStepSchema = z
  .strictObject({
    ...baseStep,
    kind: z.literal('fragrance-rating'),
    product: slug.describe('The product whose fragrance is rated (scalp_serum, hair_oil, cleanser…): its name fills {product}, its fragrance’s {fragrance}.'),
    fields: z
      .strictObject({
        satisfaction: slug.describe('The field the satisfaction (0-5) is written to.'),
        intensity: slug.describe('The field the intensity (too_strong, too_light, just_right) is written to.'),
      })
      .describe('The two answers of the page.'),
    satisfactionOptions: optionListSchema.optional().describe('The satisfaction scale; by default spec 002 §9.2 (0-5).'),
    intensityOptions: optionListSchema.optional().describe('The intensity answers; by default spec 002 §9.4: too_strong, too_light, just_right.'),
    satisfactionLabel: z.string().default('How satisfied are you with the fragrance?'),
    intensityLabel: z.string().default('How do you find its intensity?'),
  })
  .describe(
    'Satisfaction and intensity of one product’s fragrance on one page (spec 002 §2.6), moved on by its button; a satisfaction of 0 needs no intensity and clears it.',
  );

export const publicReviewStepSchema = z
  .strictObject({
    ...baseStep,
    kind: z.literal('public-review'),
    fields: z
      .strictObject({
        public: slug.default('open_text_public').describe('The review that may be made public.'),
        internal: slug.default('open_text_internal').describe('What the shopper tells the shop alone.'),
      })
      .default({ public: 'open_text_public', internal: 'open_text_internal' }),
    publicLabel: z.string().default('Your review'),
    internalLabel: z.string().default('Anything else you’d like to tell us? (private)'),
    maxLength,
    skip: z.string().default('Skip').describe('The button that moves on without a review.'),
  })
  .describe('The public review (spec 002 §2.6): two optional texts; `body` carries the legal notice that the review may be made public.');

export const textStepSchema = z
  .strictObject({
    ...baseStep,
    kind: z.literal('text'),
    field: slug.describe('The answer field the text is written to.'),
    label: z.string().default('Your answer'),
    placeholder: z.string().optional(),
    maxLength,
    required: z.boolean().default(false).describe('Whether the shopper must write something before moving on.'),
  })
  .describe('A free-text area (spec 002 §2.6); an empty text is not saved.');

export const feedbackResultsStepSchema = z
  .strictObject({
    ...baseStep,
    kind: z.literal('feedback-results'),
    fields: z
      .strictObject({ status: slug.default('status').describe('The feedback record’s status field, written "completed".') })
      .default({ status: 'status' }),
    positive: z.array(scalarSchema).default([]).describe('Answer values that count as improvements (spec 002 §2.7, §9.3).'),
    concern: z.array(scalarSchema).default([]).describe('Answer values that count as concerns (spec 002 §2.7, §9.3).'),
    topics: z
      .record(slug, text)
      .optional()
      .describe('The fields improvements and concerns are read from, each with its name on the screen; by default every answer field.'),
    phases: z
      .strictObject({
        field: slug.default('product_supplements_usage_duration').describe('The usage duration answer the phases follow (spec 002 §9.6).'),
        labels: z
          .tuple([text, text, text])
          .default([...PHASE_LABELS])
          .describe('The names of phase1, phase2 and phase3.'),
      })
      .optional()
      .describe('Show the supplement progress phases (spec 002 §9.6), from the usage duration, else the months since the first supplement order.'),
    headings: z
      .strictObject({
        improvements: z.string().default('What’s working'),
        concerns: z.string().default('What we’ll refine'),
        fragrances: z.string().default('Your fragrance'),
        intensity: z.string().default('Fragrance intensity'),
        textures: z.string().default('Your textures'),
        phases: z.string().default('Your progress'),
      })
      .prefault({})
      .describe('The headings of the summary’s parts.'),
  })
  .describe('The results screen (spec 002 §2.7): the summary of the answers; showing it completes the feedback, once.');

/** The feedback family's step schemas (its components: renderer/feedback/feedback-steps.ts). */
export const feedbackSteps = [
  ratingStepSchema,
  textureStepSchema,
  fragranceChoiceStepSchema,
  fragranceRatingStepSchema,
  publicReviewStepSchema,
  textStepSchema,
  feedbackResultsStepSchema,
] as const;
export type FeedbackStepKind = z.infer<(typeof feedbackSteps)[number]>['kind'];
