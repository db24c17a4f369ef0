import { readDataSource, type DataProblem, type DataSource, type SourceLocation } from '#engine/compiler';
import {
  exclusionFlagsOf,
  ingredientsFileSchema,
  productTypes,
  skeletonsFileSchema,
  smallerVersions,
  type ExclusionFlag,
  type Ingredient,
  type Skeleton,
} from './schema.ts';
import { euFragranceAllergens, namesASilicone } from './rules.ts';
import { consultationCategories, categoryOf } from '#api';

/** One catalogue file's text and the name to print it under. */
export interface CatalogueSource {
  file: string;
  text: string;
}
export interface CatalogueFiles {
  haircare: CatalogueSource;
  skincare: CatalogueSource;
  skeletons: CatalogueSource;
}
export interface Catalogue {
  ingredients: Map<string, Ingredient>;
  skeletons: Map<string, Skeleton>;
}

type Written = Omit<Ingredient, 'catalogues'>;
type Path = (string | number)[];

/**
 * The three catalogue files -> the checked catalogue, or every problem with its file:line:column: the
 * schema, then the cross-checks (unique ids and INCI names, the flag rules, skeletons naming real ingredients).
 * @example const { catalogue, problems } = compileCatalogue({ haircare, skincare, skeletons })
 */
export function compileCatalogue(files: CatalogueFiles): { catalogue?: Catalogue; problems: DataProblem[] } {
  const problems: DataProblem[] = [];
  const report = (source: DataSource<unknown>, path: Path, message: string, atKey = false) => problems.push({ location: source.at(path, atKey), message });
  const where = (l: SourceLocation) => `${l.file}:${l.line}:${l.column}`;

  const ingredients = new Map<string, Ingredient>();
  const firstAt = new Map<string, { source: DataSource<unknown>; index: number }>();
  const inciOwner = new Map<string, string>();
  const parsed = {
    haircare: readDataSource(files.haircare.text, files.haircare.file, ingredientsFileSchema),
    skincare: readDataSource(files.skincare.text, files.skincare.file, ingredientsFileSchema),
  };
  for (const catalogue of consultationCategories) {
    const source = parsed[catalogue];
    problems.push(...source.problems);
    const seenHere = new Set<string>();
    source.data?.ingredients.forEach((entry: Written, index) => {
      const at = (key: string) => ['ingredients', index, key];
      if (seenHere.has(entry.id)) return report(source, at('id'), `Expected a unique id; found "${entry.id}" a second time in this file.`);
      seenHere.add(entry.id);
      const known = ingredients.get(entry.id);
      if (known) {
        const first = firstAt.get(entry.id)!;
        const differs = Object.keys({ ...known, ...entry }).filter(
          (k) => k !== 'catalogues' && JSON.stringify(known[k as keyof Written]) !== JSON.stringify(entry[k as keyof Written]),
        );
        if (differs.length > 0)
          return report(
            source,
            at('id'),
            `Expected "${entry.id}" to be written as at ${where(first.source.at(['ingredients', first.index, 'id']))} (an id in both files is one ingredient); found other values for ${differs.join(', ')}.`,
          );
        known.catalogues.push(catalogue);
        return;
      }
      const inci = entry.inci.toLowerCase();
      const owner = inciOwner.get(inci);
      if (owner) return report(source, at('inci'), `Expected a unique INCI name; found "${entry.inci}", already the INCI name of ${owner}.`);
      inciOwner.set(inci, entry.id);
      ingredients.set(entry.id, { ...entry, catalogues: [catalogue] });
      firstAt.set(entry.id, { source, index });
      for (const [path, message] of flagProblems(entry)) report(source, at(path), message);
    });
  }

  const skeletons = new Map<string, Skeleton>();
  const skeletonSource = readDataSource(files.skeletons.text, files.skeletons.file, skeletonsFileSchema);
  problems.push(...skeletonSource.problems);
  const ingredientsComplete = parsed.haircare.data && parsed.skincare.data;
  skeletonSource.data?.skeletons.forEach((skeleton, index) => {
    const report = (path: Path, message: string) => problems.push({ location: skeletonSource.at(['skeletons', index, ...path]), message });
    if (skeletons.has(skeleton.slug)) return report(['slug'], `Expected a unique slug; found "${skeleton.slug}" a second time.`);
    skeletons.set(skeleton.slug, skeleton);
    for (const [path, message] of skeletonProblems(skeleton, ingredientsComplete ? ingredients : undefined)) report(path, message);
  });

  const order = [files.haircare.file, files.skincare.file, files.skeletons.file];
  problems.sort(
    (a, b) => order.indexOf(a.location.file) - order.indexOf(b.location.file) || a.location.line - b.location.line || a.location.column - b.location.column,
  );
  return problems.length > 0 ? { problems } : { catalogue: { ingredients, skeletons }, problems };
}

/** Every problem in the three files, in file and line order (empty when the catalogue is sound). */
export function checkCatalogueSource(files: CatalogueFiles): DataProblem[] {
  return compileCatalogue(files).problems;
}

/** The rules between an ingredient's origin, INCI name, functions and flags. */
function flagProblems(entry: Written): [string, string][] {
  const out: [string, string][] = [];
  const has = (f: Written['functions'][number]) => entry.functions.includes(f);
  if (entry.origin === 'animal_derived' && entry.vegan)
    out.push(['origin', 'Expected vegan: false for an animal_derived ingredient; found vegan: true (the default when vegan is left out).']);
  const silicone = namesASilicone(entry.inci);
  if (silicone !== entry.silicone)
    out.push([
      'inci',
      `Expected silicone: ${silicone} for "${entry.inci}" (${silicone ? 'its name is a silicone’s' : 'its name is no silicone’s'}); found silicone: ${entry.silicone}.`,
    ]);
  const listed = euFragranceAllergens.some((a) => a.toLowerCase() === entry.inci.toLowerCase());
  if (listed !== entry.allergen)
    out.push([
      'inci',
      `Expected allergen: ${listed} for "${entry.inci}" (${listed ? 'one' : 'not one'} of the 26 EU fragrance allergens); found allergen: ${entry.allergen}.`,
    ]);
  if (entry.allergen !== has('fragrance_allergen'))
    out.push([
      'functions',
      `Expected the function fragrance_allergen ${entry.allergen ? 'for' : 'only for'} an EU fragrance allergen; found allergen: ${entry.allergen} with functions [${entry.functions.join(', ')}].`,
    ]);
  if (entry.fragrance !== has('fragrance'))
    out.push([
      'functions',
      `Expected fragrance: true exactly when the functions include fragrance; found fragrance: ${entry.fragrance} with functions [${entry.functions.join(', ')}].`,
    ]);
  if (has('supplement_nutrient') && !entry.daily_max) out.push(['functions', 'Expected daily_max for a supplement_nutrient; found none.']);
  if (!has('supplement_nutrient') && entry.daily_max) out.push(['daily_max', 'Expected daily_max only on a supplement_nutrient; found it here.']);
  if (!entry.max_percent && !entry.daily_max) out.push(['id', 'Expected max_percent (or daily_max for a nutrient); found neither.']);
  return out;
}

/** A skeleton's own rules: product type, one qs, real ingredients within their limits, room for the actives. */
function skeletonProblems(skeleton: Skeleton, ingredients: Map<string, Ingredient> | undefined): [Path, string][] {
  const out: [Path, string][] = [];
  const types: readonly string[] = productTypes[skeleton.category];
  if (!types.includes(skeleton.product_type))
    out.push([['product_type'], `Expected a ${skeleton.category} product type (${types.join(', ')}); found "${skeleton.product_type}".`]);
  const smaller = (smallerVersions as Record<string, string>)[skeleton.product_type];
  skeleton.smaller_versions.forEach(
    (v, i) =>
      v !== smaller &&
      out.push([['smaller_versions', i], `Expected ${smaller ? `"${smaller}"` : 'no smaller version'} for a ${skeleton.product_type}; found "${v}".`]),
  );

  const qs = skeleton.base.flatMap((b, i) => (b.percent === 'qs' ? [i] : []));
  if (qs.length === 0) out.push([['base'], 'Expected one ingredient with percent: qs (the balance); found none.']);
  qs.slice(1).forEach((i) => out.push([['base', i, 'percent'], 'Expected one ingredient with percent: qs (the balance); found a second.']));
  const fixed = skeleton.base.reduce((sum, b) => sum + (b.percent === 'qs' ? 0 : b.percent), 0);
  const total = Math.round((fixed + skeleton.actives.max_total_percent) * 1000) / 1000;
  if (fixed > 100) out.push([['base'], `Expected the base percentages (without qs) to sum to 100 or less; found ${fixed}.`]);
  else if (total > 100) out.push([['actives', 'max_total_percent'], `Expected the base (${fixed}%) and the actives together to fit in 100%; found ${total}%.`]);
  skeleton.actives.slots.forEach((slot, i) => {
    if (slot.max_count > skeleton.actives.max_count)
      out.push([['actives', 'slots', i, 'max_count'], `Expected at most the skeleton's max_count (${skeleton.actives.max_count}); found ${slot.max_count}.`]);
  });
  if (!ingredients) return out;

  const catalogue = categoryOf(skeleton.category);
  const use = skeleton.category === 'supplement' ? 'capsule' : skeleton.rinse_off ? 'rinse_off' : 'leave_on';
  const seen = new Set<string>();
  skeleton.base.forEach((b, i) => {
    const ingredient = ingredients.get(b.ingredient);
    if (seen.has(b.ingredient)) return out.push([['base', i, 'ingredient'], `Expected each ingredient once; found "${b.ingredient}" a second time.`]);
    seen.add(b.ingredient);
    if (!ingredient)
      return out.push([['base', i, 'ingredient'], `Expected an ingredient of the ${catalogue} catalogue; found "${b.ingredient}", which no catalogue lists.`]);
    if (!ingredient.catalogues.includes(catalogue))
      return out.push([
        ['base', i, 'ingredient'],
        `Expected an ingredient of the ${catalogue} catalogue; found "${b.ingredient}", listed only in the ${ingredient.catalogues.join(' and ')} catalogue.`,
      ]);
    // Every shopper gets the base, so it must suit every hard rule of the formulas (vegan, silicone-free, …).
    const flags = exclusionFlagsOf(ingredient).map((flag) => flagWords[flag]);
    if (flags.length > 0)
      out.push([
        ['base', i, 'ingredient'],
        `Expected a base ingredient every shopper can have; found "${b.ingredient}", which is ${flags.join(', ')}. Offer it as an active instead.`,
      ]);
    if (b.percent === 'qs') return;
    const max = ingredient.max_percent?.[use];
    if (max === undefined) out.push([['base', i, 'ingredient'], `Expected an ingredient with a ${use} max_percent; found "${b.ingredient}" without one.`]);
    else if (b.percent > max) out.push([['base', i, 'percent'], `Expected at most ${max}% of ${b.ingredient} (${use}); found ${b.percent}%.`]);
  });
  skeleton.actives.slots.forEach((slot, i) =>
    slot.functions.forEach((f, j) => {
      const any = [...ingredients.values()].some((x) => x.catalogues.includes(catalogue) && x.functions.includes(f));
      if (!any) out.push([['actives', 'slots', i, 'functions', j], `Expected a function some ${catalogue} ingredient has; found "${f}", which none has.`]);
    }),
  );
  return out;
}

/** What would keep a base ingredient from some shopper, in words: each flag is excluded by a hard rule of the formulas. */
const flagWords: Record<ExclusionFlag, string> = {
  animal_derived: 'animal-derived',
  silicone: 'a silicone',
  fragrance: 'a fragrance',
  allergen: 'a fragrance allergen',
  pregnancy_unsafe: 'not pregnancy-safe',
  irritant: 'an irritant',
};
