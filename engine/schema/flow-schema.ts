import { z } from 'zod';
import { ruleSchema, scalarSchema } from './predicate-schema.ts';
import { optionListSchema, slug, text, textCaseSchema } from './step-parts.ts';
import { stepSchema } from './steps/index.ts';

export {
  optionValueSchema,
  imageSchema,
  casedImageSchema,
  slideSchema,
  tipSchema,
  optionSchema,
  optionCaseSchema,
  followUpSchema,
  placementSchema,
  textCaseSchema,
} from './step-parts.ts';
export type { OptionValue, Image, Tip, OptionInput, Option } from './step-parts.ts';
export { stepSchema, stepKinds, stepFamilies } from './steps/index.ts';
export type { StepInput, StepDefinition, StepKind, QuestionStepKind, CheckoutStepKind, FeedbackStepKind, CancelStepKind } from './steps/index.ts';

export const derivedSchema = z
  .strictObject({
    field: slug,
    save: z.boolean().default(false).describe('Saved with the step that answers its last input.'),
    terms: z
      .array(
        z.strictObject({
          from: slug.describe('The answer field read.'),
          values: z.record(z.string(), z.number()).describe('Score for each answer value.'),
          unknown: z.string().optional().describe('Error raised for a value not in the table; without it the field is left unset.'),
        }),
      )
      .min(1),
    clamp: z.tuple([z.number(), z.number()]).optional(),
  })
  .describe('A field computed from answers: the sum of each term’s score, clamped. Computed only when every input is answered.');
export type Derived = z.infer<typeof derivedSchema>;

export const variantSchema = z
  .strictObject({
    description: z.string().optional(),
    options: z.array(slug).min(2),
    default: slug,
    flag: z.string().optional().describe('A feature flag whose value, when it is one of the options, selects it.'),
    choose: z
      .array(z.strictObject({ when: ruleSchema, use: slug }))
      .optional()
      .describe('The first rule that holds picks the option; checked before the flag.'),
  })
  .describe('A behaviour with several readings: one default, the others selectable.');

export const exitModalSchema = z
  .strictObject({
    title: text,
    subtitle: z.string().optional(),
    textCases: z.array(textCaseSchema).optional().describe('Heading and subtitle by rule (by offer), the first that holds wins. Default: the sign-in step’s.'),
    emailLabel: z.string().default('Email'),
    button: z.string().default('Continue'),
    dismiss: z.string().default('No thanks, leave the consultation'),
  })
  .describe('The e-mail capture opened when an anonymous visitor leaves mid-way (spec 000 §2.7).');

export const questionSetSchema = z
  .strictObject({
    description: z.string().optional(),
    when: ruleSchema.optional().describe('The set is used only while this holds (e.g. the shopper lacks these answers); otherwise the whole flow runs.'),
    steps: z.array(slug).min(1).describe('The steps of the set, by name, in the order they are met.'),
    results: z
      .string()
      .regex(/^\/[a-z0-9/_-]+$/)
      .optional()
      .describe('Where the set ends; defaults to the flow’s results route.'),
    progress: z.strictObject({ tracker: z.boolean().default(true), counter: z.boolean().default(false) }).optional(),
    onComplete: z.record(slug, scalarSchema).optional().describe('Fields saved when the set is finished (instead of the flow’s).'),
  })
  .describe('A subset of the flow’s steps, chosen by ?questionSet=<name>, which is then kept on every route.');
export type QuestionSet = z.infer<typeof questionSetSchema>;

export const includeSchema = z
  .strictObject({
    include: z
      .string()
      .regex(/\.ya?ml$/)
      .describe('A fragment file, relative to this one, e.g. ../fragments/lifestyle.yaml.'),
    steps: z.array(slug).optional().describe('Which of its steps, in this order; all of them by default.'),
    with: z
      .record(slug, z.record(z.string(), z.unknown()))
      .optional()
      .describe('Per-step changes, by step name: each key replaces the fragment’s (tip, section, route, when…).'),
  })
  .describe('Steps shared with other flows, taken from a fragment file.');

export const flowSchema = z
  .strictObject({
    $schema: z.string().optional(),
    id: slug,
    category: slug.describe('haircare, skincare, ...'),
    kind: z.enum(['consultation', 'feedback', 'checkout', 'cancellation']),
    title: z.string().optional(),
    routes: z.strictObject({
      base: z.string().regex(/^\/[a-z0-9/_-]+$/),
      results: z.string().regex(/^\/[a-z0-9/_-]+$/),
      fallback: z.string().optional(),
    }),
    query: z.record(z.string(), z.string()).optional().describe('Query parameters appended to every route of the flow.'),
    progress: z.strictObject({ tracker: z.boolean().default(true), counter: z.boolean().default(false) }).default({ tracker: true, counter: false }),
    sections: z.array(z.strictObject({ id: slug, label: text, shortLabel: z.string().optional() })).min(1),
    onComplete: z.record(slug, scalarSchema).optional().describe('Fields saved when the results route is reached.'),
    context: z
      .record(z.string(), z.strictObject({ values: z.array(scalarSchema).optional(), description: z.string().optional() }))
      .optional()
      .describe('Context keys the rules may read, besides the built-in ones.'),
    variants: z.record(slug, variantSchema).optional(),
    optionSets: z.record(slug, optionListSchema).optional().describe('Named option lists that steps and option cases share.'),
    derived: z.array(derivedSchema).optional(),
    questionSets: z.record(slug, questionSetSchema).optional(),
    exitModal: exitModalSchema.optional(),
    steps: z.array(stepSchema).min(1),
  })
  .describe('A consultation, checkout, feedback or cancellation flow.');

/** A flow file as an editor writes it: steps may be `include`s of fragments. */
export const flowFileSchema = flowSchema.extend({ steps: z.array(z.union([stepSchema, includeSchema])).min(1) });

/** A fragment file: steps that several flows include (flows/fragments/*.yaml). */
export const fragmentSchema = z
  .strictObject({ $schema: z.string().optional(), description: z.string().optional(), steps: z.array(stepSchema).min(1) })
  .describe('Steps shared by several flows.');
export type FlowInput = z.input<typeof flowSchema>;
export type FlowDefinition = z.infer<typeof flowSchema>;
