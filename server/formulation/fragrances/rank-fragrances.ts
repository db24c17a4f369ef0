import path from 'node:path';
import { z } from 'zod';
import { compileFactRule, readDataSource, type DataProblem, type Facts, type KnownFacts } from '#engine/compiler';
import { category, fragranceFreeReason, type Category, type Fragrance, type FragranceFreeReason, type RankedFragrance } from '#api';
import { loadDataFile } from '../load-data-table.ts';

const slug = z.string().regex(/^[a-z][a-z0-9_]*$/, 'a fragrance slug is lowercase letters, digits and "_"');
const categoryTable = z.strictObject({
  fragranceFree: slug,
  gentle: z.unknown(),
  catalogue: z
    .array(
      z.strictObject({
        slug,
        name: z.string().min(1),
        intensity: z.number().int('intensity is a whole number').min(0, 'intensity goes from 0 to 100').max(100, 'intensity goes from 0 to 100'),
        description: z.string().min(1, 'a fragrance needs a description, like "Citrusy + Woody"'),
        ingredients: z.array(z.string().min(1)),
        label: z.string().min(1).optional(),
        limited: z.boolean().optional(),
        image: z
          .string()
          .regex(/^[a-z0-9][a-z0-9/_.-]*\.(webp|png|jpg|svg)$/, 'an image is a file under the media root, like fragrances/arcadia.webp')
          .optional(),
      }),
    )
    .min(2),
});
const fragrancesFileSchema = z.strictObject({
  haircare: categoryTable,
  skincare: categoryTable,
  reasons: z.array(z.strictObject({ reason: fragranceFreeReason, categories: z.array(category).optional(), when: z.unknown() })).min(1),
});

type Test = (facts: Facts) => boolean;

/** A fragrance as the table keeps it: the contract's entity (api Fragrance) and how strong it is. */
export interface CatalogueFragrance extends Fragrance {
  intensity: number;
}

export interface FragranceTable {
  categories: Record<Category, { fragranceFree: string; gentle: Test; catalogue: CatalogueFragrance[] }>;
  reasons: { reason: FragranceFreeReason; categories?: Category[]; when: Test }[];
}

const defaultFile = path.join(path.dirname(new URL(import.meta.url).pathname), 'fragrances.yaml');

/** Reads fragrances.yaml, compiling its rules against the facts the formulation knows; problems with file:line:column. */
export function compileFragrancesSource(text: string, file: string, known: KnownFacts): { table?: FragranceTable; problems: DataProblem[] } {
  const source = readDataSource(text, file, fragrancesFileSchema);
  if (!source.data) return { problems: source.problems };
  const problems: DataProblem[] = [];
  const rule = (raw: unknown, where: (string | number)[]): Test => {
    const compiled = compileFactRule(raw, where, known);
    for (const p of compiled.problems) problems.push({ location: source.at(p.path.length > 0 ? p.path : where, p.atKey), message: p.message });
    return compiled.test ?? (() => false);
  };
  const category = (name: Category) => {
    const written = source.data![name];
    if (!written.catalogue.some((f) => f.slug === written.fragranceFree)) {
      problems.push({ location: source.at([name, 'fragranceFree']), message: `"${written.fragranceFree}" is not in the ${name} catalogue.` });
    }
    const catalogue = written.catalogue.map((f): CatalogueFragrance => ({
      name: f.name,
      slug: f.slug,
      description: f.description,
      ingredients: f.ingredients,
      image_url: f.image ? `/media/${f.image}` : null,
      label: f.label ?? f.name,
      fragrance_group: name,
      limited: f.limited ?? false,
      intensity: f.intensity,
    }));
    return { fragranceFree: written.fragranceFree, gentle: rule(written.gentle, [name, 'gentle']), catalogue };
  };
  const table: FragranceTable = {
    categories: { haircare: category('haircare'), skincare: category('skincare') },
    reasons: source.data.reasons.map((r, i) => ({
      reason: r.reason,
      ...(r.categories ? { categories: r.categories } : {}),
      when: rule(r.when, ['reasons', i, 'when']),
    })),
  };
  return problems.length > 0 ? { problems } : { table, problems };
}

/** Loads server/formulation/fragrances/fragrances.yaml; a broken table stops with every problem listed. */
export function loadFragranceTable(known: KnownFacts, file = defaultFile): FragranceTable {
  return loadDataFile('fragrances table', file, (text, shown) => compileFragrancesSource(text, shown, known));
}

/**
 * A category's fragrances ranked for a profile (spec 000 §3.5; issue 4 point 5): fragrance-free first with
 * the first reason that applies; a sensitive profile gets the scented ones softest first, else the
 * catalogue order. Facts are the answers plus `score.<dimension>` (formulation.ts).
 */
export function rankFragrances(table: FragranceTable, category: Category, facts: Facts): RankedFragrance[] {
  const { fragranceFree, gentle, catalogue } = table.categories[category];
  const reason = table.reasons.find((r) => (!r.categories || r.categories.includes(category)) && r.when(facts))?.reason ?? null;
  const free = catalogue.filter((f) => f.slug === fragranceFree);
  const scented = catalogue.filter((f) => f.slug !== fragranceFree);
  if (gentle(facts)) scented.sort((a, b) => a.intensity - b.intensity);
  const ordered = reason ? [...free, ...scented] : [...scented, ...free];
  return ordered.map(({ intensity: _intensity, ...entity }, index) => ({
    ...entity,
    rank: index + 1,
    reason_why_slug: reason && entity.slug === fragranceFree ? reason : null,
  }));
}
