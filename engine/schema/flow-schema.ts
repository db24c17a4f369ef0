import { z } from 'zod';
import { ruleSchema, scalarSchema } from './predicate-schema.ts';

const text = z.string().min(1);
const slug = z.string().regex(/^[a-z][a-z0-9_-]*$/, 'lowercase letters, digits, "-" or "_", starting with a letter');

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

const optionListSchema = z.array(optionSchema);

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

const baseStep = {
  name: slug.describe('Unique within the flow.'),
  route: z
    .string()
    .regex(/^([a-z0-9-]+(\/[a-z0-9-]+)*)?$/, 'a path relative to the flow’s base route, like "my-hair/length", or "" for the base')
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

const choiceStep = {
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

// Checkout steps (spec 001 §2 Cart and checkout, §4 Checkout and payment). Each writes the fields under `fields` (a role
// each, named as the checkout's answers are), and its flow kind's adapter decides what saving them does.
const field = (name: string, role: string) => slug.default(name).describe(`The answer field ${role} is written to.`);
export const accountDetailsStepSchema = z
  .strictObject({
    ...baseStep,
    kind: z.literal('account-details'),
    fields: z
      .strictObject({
        email: field('email', 'the e-mail'),
        first_name: field('first_name', 'the first name'),
        last_name: field('last_name', 'the last name'),
        phone: field('phone', 'the phone number'),
        shipping_address: field('shipping_address', 'the chosen saved address (its pubkey)'),
      })
      .default({ email: 'email', first_name: 'first_name', last_name: 'last_name', phone: 'phone', shipping_address: 'shipping_address' }),
    signIn: z.string().default('Already have an account? Sign in').describe('The link that sends a sign-in link back to this step.'),
  })
  .describe('Who orders: e-mail and names (an account is made for a guest), phone, and which saved address to ship to.');
export const addressStepSchema = z
  .strictObject({
    ...baseStep,
    kind: z.literal('address'),
    fields: z.strictObject({ address: field('shipping_address', 'the new address (its pubkey)') }).default({ address: 'shipping_address' }),
    countries: z
      .array(z.enum(['US', 'CA']))
      .min(1)
      .default(['US', 'CA'])
      .describe('Countries offered, first is the default (spec 001 §9 Countries).'),
  })
  .describe('The shipping address form (spec 001 §5: regions, the Canadian postal code and phone rules).');
export const paymentStepSchema = z
  .strictObject({
    ...baseStep,
    kind: z.literal('payment'),
    fields: z
      .strictObject({
        method: field('payment_method', 'the chosen method: a saved card’s id, newCard or wallet'),
        token: field('payment_token', 'the new card’s token or the wallet’s nonce'),
        save_card: field('save_card', 'whether to keep the new card'),
        label: field('payment_label', 'what the review shows of the method'),
      })
      .default({ method: 'payment_method', token: 'payment_token', save_card: 'save_card', label: 'payment_label' }),
    wallet: z.boolean().default(true).describe('Offer the wallet-type provider besides cards.'),
  })
  .describe('How to pay: a saved card, a new card (tokenised by the provider with the name on the card), or the wallet.');
export const reviewStepSchema = z
  .strictObject({
    ...baseStep,
    kind: z.literal('review'),
    fields: z
      .strictObject({ order: field('order', 'the placed order’s pubkey'), status: field('order_status', 'the placed order’s status') })
      .default({ order: 'order', status: 'order_status' }),
  })
  .describe('The order as it will be placed, with its totals from the server; its button places the order.');
export const waitPaymentStepSchema = z
  .strictObject({
    ...baseStep,
    kind: z.literal('wait-payment'),
    fields: z
      .strictObject({ order: field('order', 'the order’s pubkey'), status: field('order_status', 'the order’s status') })
      .default({ order: 'order', status: 'order_status' }),
  })
  .describe('An order waiting for the bank: the shopper confirms the payment, then the order is paid or refused.');

/** The step kinds only a checkout uses. */
export const checkoutStepKinds = ['account-details', 'address', 'payment', 'review', 'wait-payment'] as const;
export type CheckoutStepKind = (typeof checkoutStepKinds)[number];

/** Every step kind, discriminated by `kind`. */
export const stepSchema = z.discriminatedUnion('kind', [
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
  accountDetailsStepSchema,
  addressStepSchema,
  paymentStepSchema,
  reviewStepSchema,
  waitPaymentStepSchema,
]);
export type StepInput = z.input<typeof stepSchema>;
export type StepDefinition = z.infer<typeof stepSchema>;
export type StepKind = StepDefinition['kind'];
export const stepKinds = stepSchema.options.map((o) => o.shape.kind.value) as StepKind[];

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
      .regex(/^\/[a-z0-9/-]+$/)
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
    kind: z.enum(['consultation', 'feedback', 'checkout']),
    title: z.string().optional(),
    routes: z.strictObject({
      base: z.string().regex(/^\/[a-z0-9/-]+$/),
      results: z.string().regex(/^\/[a-z0-9/-]+$/),
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
  .describe('A consultation, checkout or feedback flow.');

/** A flow file as an editor writes it: steps may be `include`s of fragments. */
export const flowFileSchema = flowSchema.extend({ steps: z.array(z.union([stepSchema, includeSchema])).min(1) });

/** A fragment file: steps that several flows include (flows/fragments/*.yaml). */
export const fragmentSchema = z
  .strictObject({ $schema: z.string().optional(), description: z.string().optional(), steps: z.array(stepSchema).min(1) })
  .describe('Steps shared by several flows.');
export type FlowInput = z.input<typeof flowSchema>;
export type FlowDefinition = z.infer<typeof flowSchema>;
