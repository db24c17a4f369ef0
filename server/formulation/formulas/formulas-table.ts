import path from 'node:path';
import { z } from 'zod';
import { compileFactRule, didYouMean, readDataSource, type DataProblem, type Facts, type KnownFacts } from '#engine/compiler';
import type { Category, FormulaCategory } from '#api';
import type { Catalogue } from '../catalogue/load-catalogue';
import { exclusionFlags, productTypes, type ExclusionFlag, type Ingredient, type Skeleton } from '../catalogue/schema';
import { loadDataFile } from '../load-data-table.ts';
import { formulaCategories, categoryOf } from '#api';

export const seasons = ['winter', 'spring', 'summer', 'autumn'] as const;
export type Season = (typeof seasons)[number];

const slug = z.string().regex(/^[a-z0-9]+(_[a-z0-9]+)*$/, 'a snake_case name');
const words = z.string().min(3, 'say it in a few words, in the shopper’s terms');
const percent = z.number().min(0).max(100);
const byUse = z.strictObject({ rinse_off: percent, leave_on: percent });

const hardRuleSchema = z.strictObject({
  rule: slug,
  categories: z.array(z.enum(formulaCategories)).min(1).optional(),
  when: z.unknown(),
  excludes: z.array(z.enum(exclusionFlags)).min(1),
  scent: z.literal('gentle').optional(),
  label: words,
  because: words,
});

const candidateSchema = z.strictObject({
  ingredient: slug,
  percent: z.union([percent, z.tuple([percent, percent])]).optional(),
  amount: z.number().positive().optional(),
  in: z.array(slug).min(1).optional(),
  when: z.unknown().optional(),
});

const needSchema = z.strictObject({
  need: slug,
  driver: slug.optional(),
  from: z.number().min(0).max(100).optional(),
  priority: z.number().min(0).max(100).optional(),
  when: z.unknown().optional(),
  count: z.number().int().min(1).optional(),
  because: words,
  candidates: z.array(candidateSchema).min(1),
});

const pickSchema = z.strictObject({ slug, when: z.unknown(), because: words });
const formulasFileSchema = z.strictObject({
  hardRules: z.array(hardRuleSchema).min(1),
  scents: z.strictObject({
    ingredient: slug,
    percent: byUse,
    gentle_factor: z.number().gt(0).max(1),
    label_threshold: byUse,
    allergens: z.record(slug, z.record(slug, z.number().gt(0).max(100))),
  }),
  needs: z.strictObject({ haircare: z.array(needSchema), skincare: z.array(needSchema), supplement: z.array(needSchema) }),
  serving_mg: z.number().positive(),
  variants: z.record(slug, z.array(z.strictObject({ slug, label: words, when: z.unknown() })).min(1)),
  recommendations: z.record(slug, z.strictObject({ rules: z.array(pickSchema), otherwise: z.strictObject({ slug, because: words }) })),
});

type Test = (facts: Facts) => boolean;
export interface HardRule {
  rule: string;
  categories?: readonly FormulaCategory[];
  test: Test;
  excludes: readonly ExclusionFlag[];
  gentleScent: boolean;
  label: string;
  because: string;
}
export interface Candidate {
  ingredient: Ingredient;
  /** A fixed % or [lowest, highest] scaled with the driver's score; undefined for a nutrient (amount). */
  percent?: number | readonly [number, number];
  amount?: number;
  /** The skeletons it may go in; every skeleton with the slot when undefined. */
  only?: readonly string[];
  test?: Test;
}
export interface NeedEntry {
  need: string;
  driver?: string;
  from: number;
  priority: number;
  test?: Test;
  count: number;
  because: string;
  candidates: Candidate[];
  /** Its place in the file: ties in strength go to the earlier entry. */
  order: number;
}
export interface FormulasTable {
  hardRules: HardRule[];
  scents: {
    ingredient: Ingredient;
    percent: { rinse_off: number; leave_on: number };
    gentleFactor: number;
    labelThreshold: { rinse_off: number; leave_on: number };
    allergens: Map<string, { ingredient: Ingredient; share: number }[]>;
  };
  needs: Record<FormulaCategory, NeedEntry[]>;
  servingMg: number;
  variants: Map<string, { slug: string; label: string; test: Test }[]>;
  recommendations: Map<string, { rules: { slug: string; test: Test; because: string }[]; otherwise: { slug: string; because: string } }>;
}

/** What the table is checked against: the catalogue, the facts rules may read, the dimensions and the scents. */
export interface FormulasContext {
  catalogue: Catalogue;
  known: KnownFacts;
  dimensions: Record<Category, readonly string[]>;
  /** Every scented fragrance slug (not the fragrance-free ones) of fragrances.yaml. */
  scentSlugs: readonly string[];
}

const catalogueOf = (category: FormulaCategory) => categoryOf(category);

/** Reads formulas.yaml and checks every name in it against the catalogue and the facts; problems with file:line:column. */
export function compileFormulasSource(text: string, file: string, context: FormulasContext): { table?: FormulasTable; problems: DataProblem[] } {
  const source = readDataSource(text, file, formulasFileSchema);
  if (!source.data) return { problems: source.problems };
  const data = source.data;
  const problems: DataProblem[] = [];
  const problem = (where: (string | number)[], message: string, atKey = false) => problems.push({ location: source.at(where, atKey), message });
  const known = new Map(context.known);
  known.set('season', { values: seasons });
  const rule = (raw: unknown, where: (string | number)[]): Test => {
    const compiled = compileFactRule(raw, where, known);
    for (const p of compiled.problems) problems.push({ location: source.at(p.path.length > 0 ? p.path : where, p.atKey), message: p.message });
    return compiled.test ?? (() => false);
  };
  const ingredient = (id: string, where: (string | number)[], category?: FormulaCategory): Ingredient | undefined => {
    const found = context.catalogue.ingredients.get(id);
    if (!found) problem(where, `"${id}" is no ingredient of the catalogue.${suggest(id, context.catalogue.ingredients.keys())}`);
    else if (category && !found.catalogues.includes(catalogueOf(category)))
      problem(
        where,
        `"${id}" is not in the ${catalogueOf(category)} catalogue (ingredients-${catalogueOf(category)}.yaml), so a ${category} formula cannot use it.`,
      );
    return found;
  };

  const hardRules: HardRule[] = data.hardRules.map((r, i) => ({
    rule: r.rule,
    categories: r.categories,
    test: rule(r.when, ['hardRules', i, 'when']),
    excludes: r.excludes,
    gentleScent: r.scent === 'gentle',
    label: r.label,
    because: r.because,
  }));

  const parfum = ingredient(data.scents.ingredient, ['scents', 'ingredient']);
  if (parfum && !parfum.fragrance) problem(['scents', 'ingredient'], `"${parfum.id}" is not a fragrance ingredient.`);
  const allergens = new Map<string, { ingredient: Ingredient; share: number }[]>();
  for (const [scent, declared] of Object.entries(data.scents.allergens)) {
    if (!context.scentSlugs.includes(scent))
      problem(['scents', 'allergens', scent], `"${scent}" is no scented fragrance of fragrances.yaml.${suggest(scent, context.scentSlugs)}`, true);
    const list: { ingredient: Ingredient; share: number }[] = [];
    for (const [id, share] of Object.entries(declared)) {
      const found = ingredient(id, ['scents', 'allergens', scent, id]);
      if (found && !found.allergen) problem(['scents', 'allergens', scent, id], `"${id}" is not one of the EU fragrance allergens the catalogue flags.`, true);
      if (found) list.push({ ingredient: found, share });
    }
    allergens.set(scent, list);
  }
  for (const scent of context.scentSlugs)
    if (!allergens.has(scent)) problem(['scents', 'allergens'], `The scent "${scent}" has no allergen declaration: add it (an empty one is {}).`, true);

  const skeletons = [...context.catalogue.skeletons.values()];
  const slotsOf = (category: FormulaCategory, need: string) =>
    skeletons.filter((s) => s.category === category).flatMap((s) => s.actives.slots.filter((slot) => slot.need === need));
  const needs = {} as Record<FormulaCategory, NeedEntry[]>;
  for (const category of formulaCategories) {
    const dimensions = context.dimensions[categoryOf(category)];
    needs[category] = data.needs[category].map((entry, i) => {
      const at = ['needs', category, i];
      const slots = slotsOf(category, entry.need);
      if (slots.length === 0)
        problem(
          [...at, 'need'],
          `No ${category} skeleton has a "${entry.need}" slot.${suggest(entry.need, new Set(skeletons.filter((s) => s.category === category).flatMap((s) => s.actives.slots.map((x) => x.need))))}`,
        );
      if (entry.driver !== undefined && !dimensions.includes(entry.driver))
        problem([...at, 'driver'], `"${entry.driver}" is no scoring dimension. Expected one of: ${dimensions.join(', ')}.${suggest(entry.driver, dimensions)}`);
      if (entry.driver === undefined && entry.from !== undefined) problem([...at, 'from'], '"from" needs a driver (the score it is compared with).', true);
      if (entry.driver !== undefined && entry.priority !== undefined)
        problem([...at, 'priority'], 'An entry with a driver takes its strength from the score: remove "priority".', true);
      const candidates: Candidate[] = [];
      entry.candidates.forEach((c, j) => {
        const where = [...at, 'candidates', j];
        const found = ingredient(c.ingredient, [...where, 'ingredient'], category);
        if (!found) return;
        if (slots.length > 0 && !slots.some((slot) => slot.functions.some((f) => found.functions.includes(f)))) {
          problem(
            [...where, 'ingredient'],
            `"${c.ingredient}" (${found.functions.join(', ')}) has none of the functions a "${entry.need}" slot accepts (${[...new Set(slots.flatMap((s) => s.functions))].join(', ')}).`,
          );
        }
        if (category === 'supplement') {
          if (c.amount === undefined || c.percent !== undefined) problem(where, 'A supplement candidate gives its `amount` per daily serving, not a percent.');
          else if (found.daily_max && c.amount > found.daily_max.amount)
            problem(
              [...where, 'amount'],
              `${c.amount} ${found.daily_max.unit} is above the ${found.daily_max.amount} ${found.daily_max.unit} daily maximum of "${found.id}".`,
            );
          else if (!found.daily_max) problem([...where, 'ingredient'], `"${found.id}" has no daily maximum: it is not a nutrient.`);
        } else if (c.percent === undefined || c.amount !== undefined) {
          problem(where, 'A topical candidate gives its `percent` of the finished product, not an amount.');
        } else {
          const [low, high] = typeof c.percent === 'number' ? [c.percent, c.percent] : c.percent;
          const max = Math.max(found.max_percent?.rinse_off ?? 0, found.max_percent?.leave_on ?? 0);
          if (low > high) problem([...where, 'percent'], `The lowest level (${low}%) is above the highest (${high}%).`);
          if (low > max) problem([...where, 'percent'], `${low}% is above the ${max}% use level of "${found.id}" in any product.`);
        }
        for (const [k, skeleton] of (c.in ?? []).entries()) {
          if (!context.catalogue.skeletons.get(skeleton)?.actives.slots.some((slot) => slot.need === entry.need))
            problem([...where, 'in', k], `"${skeleton}" is no ${category} skeleton with a "${entry.need}" slot.`);
        }
        candidates.push({
          ingredient: found,
          percent: c.percent,
          amount: c.amount,
          only: c.in,
          test: c.when === undefined ? undefined : rule(c.when, [...where, 'when']),
        });
      });
      return {
        need: entry.need,
        driver: entry.driver,
        from: entry.from ?? 0,
        priority: entry.priority ?? 50,
        test: entry.when === undefined ? undefined : rule(entry.when, [...at, 'when']),
        count: entry.count ?? 1,
        because: entry.because,
        candidates,
        order: i,
      };
    });
  }

  const products = new Set<string>(Object.values(productTypes).flat());
  const variants = new Map<string, { slug: string; label: string; test: Test }[]>();
  for (const [product, list] of Object.entries(data.variants)) {
    if (!products.has(product)) problem(['variants', product], `"${product}" is no product type.${suggest(product, products)}`, true);
    variants.set(
      product,
      list.map((v, i) => ({ slug: v.slug, label: v.label, test: rule(v.when, ['variants', product, i, 'when']) })),
    );
  }
  const recommendations: FormulasTable['recommendations'] = new Map();
  for (const [product, written] of Object.entries(data.recommendations)) {
    if (!products.has(product)) problem(['recommendations', product], `"${product}" is no product type.${suggest(product, products)}`, true);
    recommendations.set(product, {
      rules: written.rules.map((r, i) => ({ slug: r.slug, because: r.because, test: rule(r.when, ['recommendations', product, 'rules', i, 'when']) })),
      otherwise: written.otherwise,
    });
  }

  if (problems.length > 0 || !parfum) return { problems };
  return {
    problems,
    table: {
      hardRules,
      scents: {
        ingredient: parfum,
        percent: data.scents.percent,
        gentleFactor: data.scents.gentle_factor,
        labelThreshold: data.scents.label_threshold,
        allergens,
      },
      needs,
      servingMg: data.serving_mg,
      variants,
      recommendations,
    },
  };
}

const defaultFile = path.join(path.dirname(new URL(import.meta.url).pathname), 'formulas.yaml');

/** Loads server/formulation/formulas/formulas.yaml; a broken table stops the server with every problem listed. */
export function loadFormulasTable(context: FormulasContext, file = defaultFile): FormulasTable {
  return loadDataFile('formulas table', file, (text, shown) => compileFormulasSource(text, shown, context));
}

/** The skeletons a category's formulas are made from. */
export function skeletonsOf(catalogue: Catalogue, category: FormulaCategory): Skeleton[] {
  return [...catalogue.skeletons.values()].filter((s) => s.category === category);
}

function suggest(name: string, choices: Iterable<string>): string {
  const best = didYouMean(name, choices);
  return best ? ` Did you mean "${best}"?` : '';
}
