import path from 'node:path';
import { z } from 'zod';
import { compileFactRule, didYouMean, readDataSource, type DataProblem, type Facts, type KnownFacts } from '#engine/compiler';
import type { Category, FormulaCategory } from '#api';
import type { Catalogue } from '../catalogue/load-catalogue';
import { ingredientFunctions, productTypes, type Skeleton } from '../catalogue/schema';
import type { FormulasTable } from '../formulas/formulas-table';
import { loadDataFile } from '../load-data-table.ts';
import { feedbackCategories, type FeedbackCategory } from './feedback-answers';

const slug = z.string().regex(/^[a-z0-9]+(_[a-z0-9]+)*$/, 'a snake_case name');
const words = z.string().min(3, 'say it in a few words, in the shopper’s terms');
const factor = z.number().gt(0, 'a factor above 0').max(2, 'a factor of at most 2');

const ruleSchema = z.strictObject({
  rule: slug,
  when: z.unknown(),
  products: z.array(slug).min(1),
  change: words,
  because: words,
  keep: z.literal(true).optional(),
  scores: z.record(slug, z.number().int().min(-50).max(50)).optional(),
  base: z.record(slug, factor).optional(),
  texture: z.union([z.enum(['lighter', 'richer']), z.strictObject({ from: slug })]).optional(),
  scent: z.strictObject({ from: slug.optional(), strength: factor.optional() }).optional(),
  actives: z.literal('next_best').optional(),
  prefer: z.array(slug).min(1).optional(),
  avoid: z.array(slug).min(1).optional(),
});
const rulesFileSchema = z.strictObject({
  fragrance_free: z.array(z.string().min(1)).min(1),
  textures: z.record(slug, z.array(slug).min(2, 'list at least two textures, the lightest first')),
  haircare: z.array(ruleSchema),
  skincare: z.array(ruleSchema),
  supplements: z.array(ruleSchema),
});
type WrittenRule = z.infer<typeof ruleSchema>;

/** One rule over a feedback's answers, compiled: what it changes in which products, and the sentence the shopper reads. */
export interface FeedbackRule {
  rule: string;
  category: FeedbackCategory;
  test: (answers: Facts) => boolean;
  products: readonly string[];
  change: string;
  because: string;
  /** The products keep their formula: no later rule of the category changes them (spec 002 §9.6, the first 90 days). */
  keep: boolean;
  scores: Readonly<Record<string, number>>;
  base: Readonly<Record<string, number>>;
  texture?: { step: -1 | 1 } | { from: string };
  scent?: { from?: string; strength?: number };
  nextBest: boolean;
  prefer: readonly string[];
  avoid: readonly string[];
}

export interface FeedbackRules {
  rules: Record<FeedbackCategory, FeedbackRule[]>;
  /** The answer values that mean "no fragrance" (frag_free, FRAGRANCE_FREE; spec 002 §5.4, §9.7). */
  fragranceFree: ReadonlySet<string>;
  /** Each texture product's skeletons, lightest first (cleanser, moisturizer). */
  textures: ReadonlyMap<string, readonly string[]>;
  /** A fragrance slug's name, for `{fragrance}` in a rule's sentences. */
  fragranceNames: ReadonlyMap<string, string>;
}

/** What the rules are checked against: the feedback answers, the catalogue, the formulas, the scores and the fragrances. */
export interface FeedbackRulesContext {
  known: Record<FeedbackCategory, KnownFacts>;
  catalogue: Catalogue;
  formulas: FormulasTable;
  dimensions: Record<Category, readonly string[]>;
  /** Each category's scented fragrances (fragrances.yaml), slug to name. */
  fragrances: Record<Category, ReadonlyMap<string, string>>;
}

/** The formula category a feedback category's products belong to. */
export const formulaCategoryOf = (category: FeedbackCategory): FormulaCategory => (category === 'supplements' ? 'supplement' : category);
const scoringOf = (category: FeedbackCategory): Category => (category === 'skincare' ? 'skincare' : 'haircare');

/** Reads feedback-rules.yaml and checks every name in it; problems with file:line:column. */
export function compileFeedbackRulesSource(text: string, file: string, context: FeedbackRulesContext): { table?: FeedbackRules; problems: DataProblem[] } {
  const source = readDataSource(text, file, rulesFileSchema);
  if (!source.data) return { problems: source.problems };
  const data = source.data;
  const problems: DataProblem[] = [];
  const problem = (where: (string | number)[], message: string, atKey = false) => problems.push({ location: source.at(where, atKey), message });
  const skeletons = [...context.catalogue.skeletons.values()];
  const skeletonsOf = (product: string) => skeletons.filter((s) => s.product_type === product);

  const textures = new Map<string, string[]>();
  for (const [product, ladder] of Object.entries(data.textures)) {
    const own = skeletonsOf(product).map((s) => s.slug);
    if (own.length < 2)
      problem(['textures', product], `"${product}" is no product made in several textures.${suggest(product, ['cleanser', 'moisturizer'])}`, true);
    ladder.forEach((s, i) => {
      if (!own.includes(s)) problem(['textures', product, i], `"${s}" is no ${product} skeleton. Expected one of: ${own.join(', ')}.`);
    });
    for (const s of own) if (!ladder.includes(s)) problem(['textures', product], `The ${product} texture "${s}" is missing from its list.`);
    textures.set(product, ladder);
  }
  const fragranceFree = new Set(data.fragrance_free);

  const seen = new Set<string>();
  const compile = (category: FeedbackCategory, written: WrittenRule, i: number): FeedbackRule => {
    const at = (...rest: (string | number)[]) => [category, i, ...rest];
    const known = context.known[category];
    if (seen.has(written.rule)) problem(at('rule'), `The rule "${written.rule}" is written twice: each rule's name is its own.`);
    seen.add(written.rule);
    const compiled = compileFactRule(written.when, at('when'), known);
    for (const p of compiled.problems) problems.push({ location: source.at(p.path.length > 0 ? p.path : at('when'), p.atKey), message: p.message });

    const made: readonly string[] = productTypes[formulaCategoryOf(category)];
    written.products.forEach((product, j) => {
      if (!made.includes(product))
        problem(at('products', j), `"${product}" is no ${category} product. Expected one of: ${made.join(', ')}.${suggest(product, made)}`);
    });
    const products = written.products.filter((p) => made.includes(p));
    const effects = (['scores', 'base', 'texture', 'scent', 'actives', 'prefer', 'avoid'] as const).filter((k) => written[k] !== undefined);
    if (written.keep && effects.length > 0) problem(at('keep'), `A keep rule keeps the formula as it is: remove ${effects.join(', ')}.`, true);
    if (!written.keep && effects.length === 0)
      problem(at('rule'), 'The rule changes nothing: give it scores, base, texture, scent, actives, prefer or avoid (or keep: true).');

    checkScores(written, category, at, context, problem);
    checkBase(written, products, at, skeletonsOf, context.catalogue.ingredients, problem);
    const texture = checkTexture(written, products, at, known, textures, problem);
    checkScent(written, category, products, at, known, skeletonsOf, context, fragranceFree, problem);
    checkIngredients(written, category, products, at, skeletonsOf, context, problem);

    return {
      rule: written.rule,
      category,
      test: compiled.test ?? (() => false),
      products,
      change: written.change,
      because: written.because,
      keep: written.keep ?? false,
      scores: written.scores ?? {},
      base: written.base ?? {},
      ...(texture ? { texture } : {}),
      ...(written.scent ? { scent: written.scent } : {}),
      nextBest: written.actives === 'next_best',
      prefer: written.prefer ?? [],
      avoid: written.avoid ?? [],
    };
  };
  const rules = Object.fromEntries(feedbackCategories.map((c) => [c, data[c].map((r, i) => compile(c, r, i))])) as Record<FeedbackCategory, FeedbackRule[]>;
  if (problems.length > 0) return { problems };
  const fragranceNames = new Map([...context.fragrances.haircare, ...context.fragrances.skincare]);
  return { problems, table: { rules, fragranceFree, textures, fragranceNames } };
}

type Where = (...rest: (string | number)[]) => (string | number)[];
type Problem = (where: (string | number)[], message: string, atKey?: boolean) => void;

function checkScores(written: WrittenRule, category: FeedbackCategory, at: Where, context: FeedbackRulesContext, problem: Problem) {
  const dimensions = context.dimensions[scoringOf(category)];
  for (const [dimension, points] of Object.entries(written.scores ?? {})) {
    if (!dimensions.includes(dimension))
      problem(
        at('scores', dimension),
        `"${dimension}" is no ${scoringOf(category)} score. Expected one of: ${dimensions.join(', ')}.${suggest(dimension, dimensions)}`,
        true,
      );
    if (points === 0) problem(at('scores', dimension), 'Zero points change nothing.');
  }
}

/** A base factor must find the function in the product's base, keep each ingredient at or under its use level, and leave room for the balance. */
function checkBase(
  written: WrittenRule,
  products: readonly string[],
  at: Where,
  skeletonsOf: (p: string) => Skeleton[],
  ingredients: Catalogue['ingredients'],
  problem: Problem,
) {
  const factors = written.base ?? {};
  const functionsOf = (id: string) => ingredients.get(id)?.functions ?? [];
  for (const fn of Object.keys(factors)) {
    if (!(ingredientFunctions as readonly string[]).includes(fn)) {
      problem(at('base', fn), `"${fn}" is no ingredient function.${suggest(fn, ingredientFunctions)}`, true);
      continue;
    }
    for (const product of products) {
      const holds = skeletonsOf(product).some((s) => s.base.some((b) => b.percent !== 'qs' && (functionsOf(b.ingredient) as readonly string[]).includes(fn)));
      if (!holds) problem(at('base', fn), `No ${product} base holds a "${fn}" ingredient, so this factor changes nothing.`, true);
    }
  }
  if (Object.keys(factors).length === 0) return;
  // Checked with every factor of the rule at once, as the formula applies them.
  for (const product of products) {
    for (const skeleton of skeletonsOf(product)) {
      const use = skeleton.rinse_off ? 'rinse_off' : 'leave_on';
      let total = 0;
      for (const b of skeleton.base) {
        if (b.percent === 'qs') continue;
        const scaled = b.percent * baseFactor(functionsOf(b.ingredient), factors);
        const max = ingredients.get(b.ingredient)?.max_percent?.[use];
        if (max !== undefined && scaled > max + 1e-9)
          problem(
            at('base'),
            `In the ${skeleton.slug} base, ${b.ingredient} would be ${round(scaled)}%, above its ${use.replace('_', '-')} use level of ${max}%.`,
          );
        total += scaled;
      }
      if (total + skeleton.actives.max_total_percent > 100)
        problem(
          at('base'),
          `The ${skeleton.slug} base and its actives would take ${round(total + skeleton.actives.max_total_percent)}%, leaving no room for the balance.`,
        );
    }
  }
}

/** The factor a base ingredient takes: that of the first of its functions the factors name (1 when none). */
export function baseFactor(functions: readonly string[], factors: Readonly<Record<string, number>>): number {
  for (const fn of functions) if (Object.hasOwn(factors, fn)) return factors[fn]!;
  return 1;
}

function checkTexture(
  written: WrittenRule,
  products: readonly string[],
  at: Where,
  known: KnownFacts,
  textures: ReadonlyMap<string, readonly string[]>,
  problem: Problem,
): FeedbackRule['texture'] {
  if (!written.texture) return undefined;
  for (const product of products)
    if (!textures.has(product)) problem(at('products'), `"${product}" comes in one texture: a texture change needs a product listed under textures.`);
  if (typeof written.texture === 'string') return { step: written.texture === 'lighter' ? -1 : 1 };
  const field = written.texture.from;
  const values = known.get(field);
  if (!values) problem(at('texture', 'from'), `"${field}" is no answer of this feedback.${suggest(field, known.keys())}`);
  for (const product of products) {
    const ladder = textures.get(product) ?? [];
    // A cleared answer (null, spec 002 §4.4) picks nothing.
    for (const v of values?.values ?? [])
      if (v !== null && !ladder.includes(String(v)))
        problem(at('texture', 'from'), `"${field}" can be "${v}", which is no ${product} texture (${ladder.join(', ')}).`);
  }
  return { from: field };
}

function checkScent(
  written: WrittenRule,
  category: FeedbackCategory,
  products: readonly string[],
  at: Where,
  known: KnownFacts,
  skeletonsOf: (p: string) => Skeleton[],
  context: FeedbackRulesContext,
  fragranceFree: ReadonlySet<string>,
  problem: Problem,
) {
  const placeholders = [...`${written.change} ${written.because}`.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]);
  for (const name of placeholders)
    if (name !== 'fragrance' || !written.scent?.from)
      problem(at('change'), `"{${name}}" is no placeholder here: only {fragrance}, in a rule whose scent comes from an answer.`);
  if (!written.scent) return;
  if (written.scent.from === undefined && written.scent.strength === undefined)
    problem(at('scent'), 'Give the scent a `from` (the answer naming it) or a `strength`.');
  for (const product of products) if (!skeletonsOf(product).some((s) => s.fragrance_choice)) problem(at('products'), `"${product}" has no scent to change.`);
  const field = written.scent.from;
  if (field === undefined) return;
  const values = known.get(field);
  if (!values) return problem(at('scent', 'from'), `"${field}" is no answer of this feedback.${suggest(field, known.keys())}`);
  const scents = context.fragrances[scoringOf(category)];
  for (const v of values.values ?? [])
    if (v !== null && !scents.has(String(v)) && !fragranceFree.has(String(v)))
      problem(
        at('scent', 'from'),
        `"${field}" can be "${v}", which is no ${category} fragrance and no fragrance-free value (${[...fragranceFree].join(', ')}).`,
      );
}

function checkIngredients(
  written: WrittenRule,
  category: FeedbackCategory,
  products: readonly string[],
  at: Where,
  skeletonsOf: (p: string) => Skeleton[],
  context: FeedbackRulesContext,
  problem: Problem,
) {
  const formulaCategory = formulaCategoryOf(category);
  for (const key of ['prefer', 'avoid'] as const) {
    (written[key] ?? []).forEach((id, j) => {
      const ingredient = context.catalogue.ingredients.get(id);
      if (!ingredient) return problem(at(key, j), `"${id}" is no ingredient of the catalogue.${suggest(id, context.catalogue.ingredients.keys())}`);
      for (const product of products) {
        const slots = new Set(skeletonsOf(product).flatMap((s) => s.actives.slots.map((slot) => slot.need)));
        const offered = context.formulas.needs[formulaCategory].some((e) => slots.has(e.need) && e.candidates.some((c) => c.ingredient.id === id));
        if (!offered) problem(at(key, j), `"${id}" is no candidate of any need a ${product} has (formulas.yaml), so this changes nothing.`);
      }
    });
  }
}

const defaultFile = path.join(path.dirname(new URL(import.meta.url).pathname), 'feedback-rules.yaml');

/** Loads server/formulation/feedback/feedback-rules.yaml; a broken table stops the server with every problem listed. */
export function loadFeedbackRules(context: FeedbackRulesContext, file = defaultFile): FeedbackRules {
  return loadDataFile('feedback rules', file, (text, shown) => compileFeedbackRulesSource(text, shown, context));
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

function suggest(name: string, choices: Iterable<string>): string {
  const best = didYouMean(name, choices);
  return best ? ` Did you mean "${best}"?` : '';
}
