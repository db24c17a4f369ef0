import { z } from 'zod';

/** A literal a rule can compare against: an option value, a boolean, a number, or null. */
export const scalarSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type Scalar = z.infer<typeof scalarSchema>;

/** The comparison operators a field test may use, with what each expects. */
export const operatorSchema = z
  .strictObject({
    equals: scalarSchema.describe('The answer equals this value.'),
    notEquals: scalarSchema.describe('The answer is not this value (an unanswered field counts as not equal).'),
    in: z.array(scalarSchema).describe('The answer is one of these values.'),
    notIn: z.array(scalarSchema).describe('The answer is none of these values (unanswered counts as none).'),
    includes: scalarSchema.describe('A multi-select answer contains this value.'),
    includesAny: z.array(scalarSchema).describe('A multi-select answer contains at least one of these values.'),
    includesAll: z.array(scalarSchema).describe('A multi-select answer contains every one of these values.'),
    excludes: scalarSchema.describe('A multi-select answer does not contain this value.'),
    answered: z.boolean().describe('true: the field has an answer; false: it has none.'),
    gt: z.number(),
    gte: z.number(),
    lt: z.number(),
    lte: z.number(),
  })
  .partial()
  .describe('One or more comparisons, all of which must hold.');
export type OperatorTest = z.infer<typeof operatorSchema>;
export const operatorNames = Object.keys(operatorSchema.shape) as (keyof OperatorTest)[];

/** Keys with a meaning of their own inside a rule. */
export const combinatorNames = ['all', 'any', 'not', 'fn'] as const;

/**
 * A rule as written in YAML: `{ field: value }`, `{ field: { in: [...] } }`, `{ all: [...] }`,
 * `{ any: [...] }`, `{ not: rule }` or `{ fn: registeredName }`. Several keys in one mapping must all hold.
 * Keys are answer fields, derived fields, or context keys (`session`, `user.hasNames`,
 * `variant.<name>`, `flag.<name>`, `query.<name>`, `order.<name>`).
 */
export type RuleInput = { all: RuleInput[] } | { any: RuleInput[] } | { not: RuleInput } | { fn: string } | { [key: string]: Scalar | OperatorTest };

export const ruleSchema: z.ZodType<RuleInput> = z.lazy(() =>
  z.union([
    z.strictObject({ all: z.array(ruleSchema).min(1) }).describe('Every rule in the list holds.'),
    z.strictObject({ any: z.array(ruleSchema).min(1) }).describe('At least one rule in the list holds.'),
    z.strictObject({ not: ruleSchema }).describe('The rule does not hold.'),
    z.strictObject({ fn: z.string() }).describe('A rule written in code, registered with the engine by this name.'),
    z
      .record(z.string().regex(/^(?!all$|any$|not$|fn$)[A-Za-z_][\w.-]*$/), z.union([scalarSchema, operatorSchema]))
      .refine((r) => Object.keys(r).length > 0, 'A rule needs at least one field.')
      .describe('Field tests: `field: value` means equals; `field: { in: [...] }` and the other operators compare.'),
  ]),
);

/** A normalised rule: what the checker and the compiler work on. */
export type Rule =
  | { kind: 'all'; of: Rule[] }
  | { kind: 'any'; of: Rule[] }
  | { kind: 'not'; of: Rule }
  | { kind: 'fn'; name: string; path?: (string | number)[] }
  | { kind: 'test'; key: string; op: keyof OperatorTest; value: Scalar | Scalar[] | boolean; path?: (string | number)[] };
