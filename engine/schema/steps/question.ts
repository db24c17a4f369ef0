import { z } from 'zod';
import { baseStep, casedImageSchema, choiceStep, slug, text } from '../step-parts.ts';

// The question family (spec 000 §2-§5): the steps the renderer draws for any flow kind (consultations, feedback,
// cancellation). Its components: renderer/step-components.ts.

export const welcomeStepSchema = z.strictObject({
  ...baseStep,
  kind: z.literal('welcome'),
  image: casedImageSchema.optional(),
  resumeLink: z.string().optional().describe('Text of a "Resume here" link to /signin.'),
});
export const introStepSchema = z.strictObject({
  ...baseStep,
  kind: z.literal('intro'),
  eyebrow: z.string().optional().describe('For example "Section 2".'),
  image: casedImageSchema.optional(),
});
export const singleStepSchema = z.strictObject({ ...choiceStep, kind: z.literal('single') });
export const multiStepSchema = z.strictObject({
  ...choiceStep,
  kind: z.literal('multi'),
  groups: z.array(z.strictObject({ id: slug, label: text })).optional(),
  min: z.number().int().min(0).default(1).describe('Fewest options to pick before moving on.'),
});
export const routineProductsStepSchema = z
  .strictObject({
    ...choiceStep,
    kind: z.literal('routine-products'),
    groups: z
      .array(z.strictObject({ id: slug, label: text }))
      .min(1)
      .describe('The groups the products are listed under, in order.'),
    min: z.number().int().min(0).default(1),
  })
  .describe('A multi-select of products grouped by use (spec 000 §3.3 diag_routine_products).');
export const matrixStepSchema = z
  .strictObject({
    ...choiceStep,
    kind: z.literal('matrix'),
    rows: z
      .array(z.strictObject({ field: slug, label: text, description: z.string().optional() }))
      .min(1)
      .describe('One row per field; each row takes one of `options` (the scale). Every row must be answered.'),
  })
  .describe('One answer on a shared scale for each of several fields (the skincare diet, spec 000 §5.1).');
export const rankingSchema = z
  .strictObject({
    source: z.enum(['fragrances', 'skeletons']).describe('Which server ranking orders the options: fragrances or skincare texture skeletons.'),
    product: slug.optional().describe('For skeletons: the product whose textures are ranked (cleanser, moisturizer).'),
    top: z.string().default('Your top recommendation').describe('Label of the best-ranked option.'),
    notRecommended: z.string().default('Not recommended at this time').describe('Label of an option the ranking leaves out.'),
    reasons: z.record(z.string(), text).optional().describe('What each reason_why_slug says the shopper indicated, e.g. "you have sensitive skin".'),
    reasonText: z
      .string()
      .default('Because you indicated that {reason}, we recommend fragrance-free for you.')
      .describe('The reason line; {reason} is replaced by the reason’s text.'),
  })
  .describe('Options ordered by a ranking the server computes for the shopper, with labels and reasons.');
export const rankedFragranceStepSchema = z.strictObject({ ...choiceStep, kind: z.literal('ranked-fragrance'), ranking: rankingSchema });
export const texturesStepSchema = z.strictObject({ ...choiceStep, kind: z.literal('textures'), ranking: rankingSchema });
export const booleanStepSchema = z.strictObject({ ...choiceStep, kind: z.literal('boolean') });
export const goalsStepSchema = z.strictObject({ ...choiceStep, kind: z.literal('goals'), min: z.number().int().min(0).default(1) });
export const fragranceStepSchema = z.strictObject({ ...choiceStep, kind: z.literal('fragrance') });
export const zipcodeStepSchema = z.strictObject({
  ...baseStep,
  kind: z.literal('zipcode'),
  fields: z.strictObject({ zipcode: slug, country: slug }).describe('The fields the zip code and country are written to.'),
  label: z.string().default('Zip code'),
});
export const geoAggressorsStepSchema = z.strictObject({
  ...baseStep,
  kind: z.literal('geo-aggressors'),
  subject: z.string().default('hair').describe('What the aggressors affect, substituted for {subject} in the title.'),
});
export const signinStepSchema = z.strictObject({
  ...baseStep,
  kind: z.literal('signin'),
  terms: z.string().describe('Text before the links to /terms and /privacy.'),
  resumeLink: z.string().describe('The "Resume here" link to /signin.'),
});

/** The question family's step schemas. */
export const questionSteps = [
  welcomeStepSchema,
  introStepSchema,
  singleStepSchema,
  multiStepSchema,
  booleanStepSchema,
  goalsStepSchema,
  fragranceStepSchema,
  zipcodeStepSchema,
  geoAggressorsStepSchema,
  signinStepSchema,
  routineProductsStepSchema,
  matrixStepSchema,
  rankedFragranceStepSchema,
  texturesStepSchema,
] as const;
export type QuestionStepKind = z.infer<(typeof questionSteps)[number]>['kind'];
