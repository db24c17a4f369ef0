import path from 'node:path';
import { z } from 'zod';
import { compileFactRule, readDataSource, type DataProblem, type Facts, type KnownFacts } from '#engine/compiler';
import { recommendationSection, type ProductRecommendation, type RecommendationSection, type Category, consultationCategories } from '#api';
import { loadDataFile } from '../load-data-table.ts';

const placement = { section: recommendationSection, because: z.string().min(3, 'say why, in the shopper’s terms') };
const productSchema = z.strictObject({
  product: z.string().regex(/^[a-z][a-z0-9_]*$/, 'a product slug is lowercase letters, digits and "_"'),
  label: z.string().min(1),
  rules: z.array(z.strictObject({ when: z.unknown(), ...placement })),
  otherwise: z.strictObject(placement),
});
const recommendationsFileSchema = z.strictObject({ haircare: z.array(productSchema).min(1), skincare: z.array(productSchema).min(1) });

interface ProductRules {
  product: string;
  label: string;
  rules: { test: (facts: Facts) => boolean; section: RecommendationSection; because: string }[];
  otherwise: { section: RecommendationSection; because: string };
}
export type RecommendationTable = Record<Category, ProductRules[]>;

/** The order sections are listed in. */
export const sectionOrder: readonly RecommendationSection[] = ['preselect', 'main', 'upsale', 'featured', 'optional', 'inadvisable', 'preview'];

const defaultFile = path.join(path.dirname(new URL(import.meta.url).pathname), 'recommendations.yaml');

/** Reads recommendations.yaml, compiling its rules against the facts the formulation knows; problems with file:line:column. */
export function compileRecommendationsSource(text: string, file: string, known: KnownFacts): { table?: RecommendationTable; problems: DataProblem[] } {
  const source = readDataSource(text, file, recommendationsFileSchema);
  if (!source.data) return { problems: source.problems };
  const problems: DataProblem[] = [];
  const table = {} as RecommendationTable;
  for (const category of consultationCategories) {
    const seen = new Set<string>();
    table[category] = source.data[category].map((written, i) => {
      if (seen.has(written.product))
        problems.push({ location: source.at([category, i, 'product']), message: `"${written.product}" is listed twice in ${category}.` });
      seen.add(written.product);
      return {
        product: written.product,
        label: written.label,
        otherwise: written.otherwise,
        rules: written.rules.map((rule, j) => {
          const where = [category, i, 'rules', j, 'when'];
          const compiled = compileFactRule(rule.when, where, known);
          for (const p of compiled.problems) problems.push({ location: source.at(p.path.length > 0 ? p.path : where, p.atKey), message: p.message });
          return { test: compiled.test ?? (() => false), section: rule.section, because: rule.because };
        }),
      };
    });
  }
  return problems.length > 0 ? { problems } : { table, problems };
}

/** Loads server/formulation/recommendations/recommendations.yaml; a broken table stops with every problem listed. */
export function loadRecommendationTable(known: KnownFacts, file = defaultFile): RecommendationTable {
  return loadDataFile('recommendations table', file, (text, shown) => compileRecommendationsSource(text, shown, known));
}

/**
 * The routine for a profile (issue 4 point 7): every product of the category in the section its first
 * matching rule gives (else `otherwise`), with why; listed by section, then in the table's order.
 */
export function recommendProducts(table: RecommendationTable, category: Category, facts: Facts): ProductRecommendation[] {
  return table[category]
    .map((p, order) => {
      const placed = p.rules.find((rule) => rule.test(facts)) ?? p.otherwise;
      return { product: p.product, label: p.label, section: placed.section, because: placed.because, order };
    })
    .sort((a, b) => sectionOrder.indexOf(a.section) - sectionOrder.indexOf(b.section) || a.order - b.order)
    .map(({ order: _order, ...rest }, index) => ({ ...rest, rank: index + 1 }));
}
