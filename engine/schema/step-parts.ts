import { z } from 'zod';
import { ruleSchema, scalarSchema } from './predicate-schema.ts';

// The pieces every step family is built from: options, pictures, tips, texts, and the fields every step has.

export const text = z.string().min(1);
export const slug = z.string().regex(/^[a-z][a-z0-9_-]*$/, 'lowercase letters, digits, "-" or "_", starting with a letter');

/** A stored answer value: an option's `value`. Integers are stored as numbers (`answer_type: int`). */
export const optionValueSchema = z.union([z.string(), z.number(), z.boolean()]);
export type OptionValue = z.infer<typeof optionValueSchema>;

export const imageSchema = z
  .strictObject({
    src: text.describe('Path under public/ or an absolute URL on this site.'),
    alt: z.string().default('').describe('Text alternative; empty for a decorative picture.'),
    width: z.number().int().positive().default(640),
    height: z.number().int().positive().default(480),
    sources: z
      .array(z.strictObject({ media: text.describe('A media query, e.g. "(min-width: 768px)".'), src: text }))
      .optional()
      .describe('Other pictures for other screens (tablet, desktop), first match wins.'),
  })
  .describe('A picture with its intrinsic size, so the page does not shift while it loads.');
export type Image = z.infer<typeof imageSchema>;

/** A picture that changes with the answers: the first case whose rule holds, else `src`. */
export const casedImageSchema = imageSchema.extend({
  cases: z.array(z.strictObject({ when: ruleSchema, src: text })).optional(),
});

export const slideSchema = z.strictObject({ image: imageSchema, title: z.string().optional(), body: z.string().optional() });

export const tipSchema = z
  .strictObject({
    title: text.describe('For example "Why we ask:" or "Did you know…".'),
    body: text,
    slides: z.array(slideSchema).optional().describe('Picture slides shown under the tip.'),
  })
  .describe('The explanatory tip shown with a step.');
export type Tip = z.infer<typeof tipSchema>;

export const optionSchema = z
  .strictObject({
    value: optionValueSchema.describe('What is stored. Integers are stored as numbers.'),
    label: text,
    description: z.string().optional(),
    image: imageSchema.optional(),
    exclusive: z.boolean().default(false).describe('Selecting it clears every other option (multi-select only).'),
    group: slug.optional().describe('The option group (answersGroupSlug) it is listed under.'),
    aliases: z.array(optionValueSchema).optional().describe('Legacy stored values shown as this option.'),
    retired: z.boolean().default(false).describe('A value earlier versions stored: recognised and accepted, no longer offered.'),
    when: ruleSchema.optional().describe('The option is offered only when this rule holds.'),
    field: slug.optional().describe('Per-option field: this option writes its own field (goals, exceptions).'),
    selected: scalarSchema.optional().describe('Per-option field value when chosen (goals: 3).'),
    unselected: scalarSchema.optional().describe('Per-option field value when not chosen (goals: 0).'),
    writes: z.record(slug, scalarSchema).optional().describe('Fields written instead of, or besides, the step field when chosen.'),
    slug: z.string().optional().describe('The catalogue slug server rankings use for it, when it differs from `value` (matched case-insensitively).'),
    intensity: z.number().int().min(0).max(100).optional().describe('Scent intensity 0-100 (fragrances).'),
    notes: z.array(text).optional().describe('Scent notes, e.g. [lavender, lemongrass, cypress].'),
  })
  .describe('One answer a shopper can pick.');
export type OptionInput = z.input<typeof optionSchema>;
export type Option = z.infer<typeof optionSchema>;

export const optionListSchema = z.array(optionSchema);

export const optionCaseSchema = z.strictObject({
  when: ruleSchema,
  options: z.union([slug.describe('The name of a list under optionSets.'), optionListSchema]),
  tip: tipSchema.optional(),
});

export const followUpSchema = z
  .strictObject({
    on: z.array(optionValueSchema).min(1).describe('The option values that open the follow-up.'),
    when: ruleSchema.optional().describe('The follow-up is used only when this rule holds.'),
    title: text,
    body: text,
    button: text.default('Got it'),
  })
  .describe('A follow-up modal opened before moving on when one of `on` is selected.');

export const placementSchema = z
  .strictObject({
    variant: slug.describe('The variant (under `variants`) that chooses the position.'),
    at: z.record(
      z.string(),
      z.strictObject({
        first: z.literal(true).optional().describe('Before every other step.'),
        before: slug.optional().describe('Just before this step.'),
        after: slug.optional().describe('Just after this step.'),
        beforeFirstPrivate: z.literal(true).optional().describe('Just before the first step that is not public.'),
        section: slug.optional().describe('The progress section while there; `last` for the last section.'),
      }),
    ),
  })
  .describe('Where the step sits, chosen by a variant. The step’s place in the list is then ignored.');

export const textCaseSchema = z
  .strictObject({
    when: ruleSchema,
    title: z.string().optional(),
    subtitle: z.string().optional(),
    body: z.string().optional(),
  })
  .describe('Texts used instead of the step’s own while the rule holds (the first case that holds wins).');

/** The fields every step has, whatever its kind. */
export const baseStep = {
  name: slug.describe('Unique within the flow.'),
  route: z
    .string()
    .regex(/^([a-z0-9_-]+(\/[a-z0-9_-]+)*)?$/, 'a path relative to the flow’s base route, like "my-hair/length", or "" for the base')
    .describe('Relative to routes.base; "" is the base route itself.'),
  section: slug.optional().describe('A progress section id (under `sections`). Defaults to the previous step’s.'),
  title: z.string().optional(),
  subtitle: z.string().optional(),
  body: z.string().optional(),
  button: z.string().optional().describe('The label of the call to action.'),
  public: z.boolean().default(false).describe('Anonymous visitors may answer it; their answer is kept on the device until sign-up.'),
  skipSave: z
    .boolean()
    .optional()
    .describe('Never saved. Always true for welcome, intro, signin and geo-aggressors; the default for payment and wait-payment.'),
  when: ruleSchema.optional().describe('The step is shown only when this rule holds.'),
  tip: tipSchema.optional(),
  textCases: z.array(textCaseSchema).optional().describe('Title, subtitle or body chosen by rule, e.g. an e-mail-capture heading by offer.'),
  placement: placementSchema.optional(),
  replaceHistory: z.boolean().default(false).describe('Moving on replaces the history entry instead of adding one.'),
};

/** The fields of a step that offers options. */
export const choiceStep = {
  ...baseStep,
  field: slug.optional().describe('The answer field it writes.'),
  options: z.union([slug, optionListSchema]).default([]).describe('The options, or the name of a list under optionSets.'),
  optionCases: z.array(optionCaseSchema).optional().describe('Options (and tip) chosen by the first case whose rule holds.'),
  writes: z
    .record(slug, scalarSchema)
    .optional()
    .describe('Fields every option writes besides the step field, unless the option’s own `writes` says otherwise.'),
  followUp: followUpSchema.optional(),
  initial: z.strictObject({ clearWhen: ruleSchema.describe('Start empty, ignoring the stored answer, when this holds.') }).optional(),
};
