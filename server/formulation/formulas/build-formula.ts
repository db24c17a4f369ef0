import type { Facts } from '#engine/compiler';
import type { Category, Formula, FormulaActive, FormulaCategory, RankedFragrance } from '#api';
import type { Catalogue } from '../catalogue/load-catalogue';
import { exclusionFlagsOf, type ExclusionFlag, type Ingredient, type Skeleton } from '../catalogue/schema';
import type { Score } from '../scoring/compute-scores';
import type { FormulasTable, HardRule, NeedEntry, Season } from './formulas-table';
import { feedbackHardRules, orderedCandidates, shiftedScores, type AppliedAdjustment } from '../feedback/apply-adjustment';
import { baseFactor } from '../feedback/feedback-rules';

/** What one formula is built from: the profile's facts (with `season` and the scores), its scores and the day. */
export interface FormulaInput {
  facts: Facts;
  scores: ReadonlyMap<string, Score>;
  /** The category's fragrances ranked for the shopper (fragrances.yaml). */
  fragrances: Record<Category, readonly RankedFragrance[]>;
  /** The slug of each category's fragrance-free entry in that ranking (fragrances.yaml `fragranceFree`). */
  fragranceFree: Record<Category, string>;
  date: string;
  season: Season;
  /** What the shopper's latest feedback changes in this product (../feedback/README.md). */
  feedback?: AppliedAdjustment;
}

/** The season at a place in the northern hemisphere (every place we ship to) on a date. */
export function seasonOf(date: Date): Season {
  const month = date.getUTCMonth();
  return month === 11 || month < 2 ? 'winter' : month < 5 ? 'spring' : month < 8 ? 'summer' : 'autumn';
}

/** The hard rules that hold for a profile in a category (formulas.yaml hardRules). */
export function applicableRules(table: FormulasTable, category: FormulaCategory, facts: Facts): HardRule[] {
  return table.hardRules.filter((r) => (!r.categories || r.categories.includes(category)) && r.test(facts));
}

interface Chosen {
  ingredient: Ingredient;
  percent: number;
  amount: FormulaActive['amount'];
  need: string;
  because: string;
}

/** One line of a formula's composition: what the label lists, at what % w/w (kept on the server, never sent). */
export interface CompositionLine {
  ingredient: Ingredient;
  percent: number;
  role: 'base' | 'balance' | 'active' | 'scent';
}

/**
 * Builds one product's formula for a profile (issue 4 point 4; README.md next to this file): the skeleton's base,
 * the actives its need slots take for the profile's strongest needs, the scent, and the INCI list in descending
 * order of concentration, with its full composition (every ingredient with its %). Pure: the same facts on the same
 * date always give the same formula. The hard rules are checked on every active and scent ingredient, whatever
 * formulas.yaml's candidates say.
 */
export function composeFormula(
  table: FormulasTable,
  catalogue: Catalogue,
  skeleton: Skeleton,
  written: FormulaInput,
): { formula: Formula; composition: CompositionLine[] } {
  const category = skeleton.category;
  // The feedback moves the product's scores and may add a fragrance-free rule of its own.
  const input = { ...written, scores: shiftedScores(written.scores, written.feedback) };
  const rules = [...applicableRules(table, category, input.facts), ...feedbackHardRules(input.feedback)];
  const excluded = new Set<ExclusionFlag>(rules.flatMap((r) => r.excludes));
  const allowed = (ingredient: Ingredient) => !exclusionFlagsOf(ingredient).some((flag) => excluded.has(flag));
  const use = category === 'supplement' ? 'capsule' : skeleton.rinse_off ? 'rinse_off' : 'leave_on';

  const base = new Map<string, number>();
  let balance: Ingredient | undefined;
  for (const b of skeleton.base) {
    const ingredient = catalogue.ingredients.get(b.ingredient)!;
    if (b.percent === 'qs') balance = ingredient;
    else base.set(b.ingredient, scaledBase(ingredient, b.percent, use, input.feedback));
  }

  const chosen = new Map<string, Chosen>();
  const slotCount = new Map<string, number>();
  let total = 0;
  for (const entry of strongestFirst(table.needs[category], skeleton, input)) {
    const slot = skeleton.actives.slots.find((s) => s.need === entry.need)!;
    let taken = 0;
    for (const candidate of orderedCandidates(entry.candidates, input.feedback)) {
      if (taken >= entry.count || chosen.size >= skeleton.actives.max_count || (slotCount.get(slot.need) ?? 0) >= slot.max_count) break;
      const { ingredient } = candidate;
      if (
        chosen.has(ingredient.id) ||
        ingredient === balance ||
        (candidate.only && !candidate.only.includes(skeleton.slug)) ||
        !allowed(ingredient) ||
        (candidate.test && !candidate.test(input.facts))
      )
        continue;
      if (!slot.functions.some((f) => ingredient.functions.includes(f))) continue;
      const dose =
        category === 'supplement'
          ? nutrientDose(table, ingredient, candidate.amount!)
          : topicalDose(ingredient, use as 'rinse_off' | 'leave_on', candidate.percent!, entry, input, base.get(ingredient.id) ?? 0);
      if (!dose || total + dose.percent > skeleton.actives.max_total_percent + 1e-9) continue;
      chosen.set(ingredient.id, { ingredient, percent: dose.percent, amount: dose.amount, need: slot.need, because: whyOf(entry, input) });
      slotCount.set(slot.need, (slotCount.get(slot.need) ?? 0) + 1);
      total += dose.percent;
      taken += 1;
    }
  }

  const scent = skeleton.fragrance_choice
    ? chooseScent(table, category as Category, rules, excluded, input, use as 'rinse_off' | 'leave_on')
    : { fragrance: null, because: null, parts: [] };

  // Everything but the balance, merged by ingredient (an active may add to a base ingredient).
  const parts = new Map<string, CompositionLine>();
  const add = (ingredient: Ingredient, percent: number, role: CompositionLine['role']) =>
    parts.set(ingredient.id, {
      ingredient,
      percent: round((parts.get(ingredient.id)?.percent ?? 0) + percent, 4),
      role: parts.get(ingredient.id)?.role ?? role,
    });
  for (const [id, percent] of base) add(catalogue.ingredients.get(id)!, percent, 'base');
  for (const c of chosen.values()) add(c.ingredient, c.percent, 'active');
  for (const p of scent.parts) add(p.ingredient, p.percent, 'scent');
  const rest = round(100 - [...parts.values()].reduce((sum, p) => sum + p.percent, 0), 4);
  if (balance) parts.set(balance.id, { ingredient: balance, percent: rest, role: 'balance' });
  const composition = [...parts.values()]
    .filter((p) => p.percent > 0)
    .sort((a, b) => b.percent - a.percent || a.ingredient.inci.localeCompare(b.ingredient.inci));

  const formula: Formula = {
    product: skeleton.product_type,
    skeleton_slug: skeleton.slug,
    label: skeleton.label,
    category,
    made_for: { date: input.date, season: input.season },
    fragrance: scent.fragrance,
    fragrance_free_because: scent.because,
    actives: [...chosen.values()].map((c) => ({
      slug: c.ingredient.id,
      name: plainName(c.ingredient),
      inci: c.ingredient.inci,
      percent: c.percent,
      amount: c.amount,
      need: c.need,
      because: c.because,
    })),
    inci: composition.map((p) => p.ingredient.inci),
    free_of: uniqueBy(rules, (r) => r.rule).map((r) => ({ rule: r.rule, label: r.label, because: r.because })),
  };
  return { formula, composition };
}

/** The entries that apply to this skeleton for this profile, strongest need first (ties in file order). */
function strongestFirst(entries: readonly NeedEntry[], skeleton: Skeleton, input: FormulaInput): NeedEntry[] {
  const slots = new Set(skeleton.actives.slots.map((s) => s.need));
  return entries
    .filter((e) => slots.has(e.need))
    .map((e) => ({ e, strength: e.driver === undefined ? e.priority : (input.scores.get(e.driver)?.score ?? 0) }))
    .filter(({ e, strength }) => (e.driver === undefined || strength >= e.from) && (!e.test || e.test(input.facts)))
    .sort((a, b) => b.strength - a.strength || a.e.order - b.e.order)
    .map(({ e }) => e);
}

/** A base ingredient's amount with the feedback's factor for its function, within its use level. */
function scaledBase(ingredient: Ingredient, percent: number, use: 'rinse_off' | 'leave_on' | 'capsule', feedback: AppliedAdjustment | undefined): number {
  const factor = feedback ? baseFactor(ingredient.functions, feedback.base) : 1;
  if (factor === 1) return percent;
  return Math.min(significant(percent * factor), ingredient.max_percent?.[use] ?? Infinity);
}

/** A topical active's level: fixed, or scaled with the driver's score; capped at its use level (with what the base already holds). */
function topicalDose(
  ingredient: Ingredient,
  use: 'rinse_off' | 'leave_on',
  written: number | readonly [number, number],
  entry: NeedEntry,
  input: FormulaInput,
  inBase: number,
) {
  const max = ingredient.max_percent?.[use];
  if (max === undefined || max <= inBase) return undefined;
  let percent: number;
  if (typeof written === 'number') percent = written;
  else {
    const score = entry.driver === undefined ? 100 : (input.scores.get(entry.driver)?.score ?? 0);
    const share = entry.from >= 100 ? 1 : Math.min(1, Math.max(0, (score - entry.from) / (100 - entry.from)));
    percent = written[0] + (written[1] - written[0]) * share;
  }
  percent = significant(Math.min(percent, max - inBase));
  return percent > 0 ? { percent, amount: null as FormulaActive['amount'] } : undefined;
}

/** A nutrient's amount per daily serving, and its share of the capsule fill. */
function nutrientDose(table: FormulasTable, ingredient: Ingredient, amount: number) {
  const unit = ingredient.daily_max?.unit;
  if (!unit) return undefined;
  const mg = unit === 'mg' ? amount : amount / 1000;
  return { percent: significant((mg / table.servingMg) * 100), amount: { value: amount, unit } as FormulaActive['amount'] };
}

/** "Rebuilds strength in damaged hair: you bleach your hair." The driver's strongest reason, when it has one. */
function whyOf(entry: NeedEntry, input: FormulaInput): string {
  const reason = entry.driver === undefined ? undefined : input.scores.get(entry.driver)?.reasons.find((r) => r.points > 0)?.because;
  return reason ? `${entry.because}: ${reason}` : entry.because;
}

/** Why fragrance-free came first in the ranking, as the formula says it (never naming a health answer). */
const rankedFreeBecause: Record<string, string> = {
  fragrance_free_recommender_sensitive_skin_v1: 'fragrance-free is kindest to sensitive skin',
  fragrance_free_recommender_pregnant_v2: 'we recommend fragrance-free for you at this time',
  fragrance_free_recommender_skin_condition_v1: 'we recommend fragrance-free for your scalp and skin',
  fragrance_free_recommender_medical_treatment_v1: 'we recommend fragrance-free alongside your current routine',
};

/**
 * The scent of a product: the shopper's chosen fragrance (pref_fragrance / pref_fragrance_skin), else the top of
 * their ranking; none when a hard rule excludes fragrance, when fragrance-free was chosen or ranked first, or when
 * the scent's declared allergens break a hard rule. A gentle rule halves the perfume.
 */
function chooseScent(
  table: FormulasTable,
  category: Category,
  rules: readonly HardRule[],
  excluded: ReadonlySet<ExclusionFlag>,
  input: FormulaInput,
  use: 'rinse_off' | 'leave_on',
) {
  const none = (because: string) => ({ fragrance: null, because, parts: [] as { ingredient: Ingredient; percent: number }[] });
  const banning = rules.find((r) => r.excludes.includes('fragrance'));
  if (banning) return none(banning.because);
  const chosenInFeedback = input.feedback?.scent && 'slug' in input.feedback.scent ? input.feedback.scent : undefined;
  const picked = chosenInFeedback?.slug ?? (category === 'haircare' ? input.facts.pref_fragrance : input.facts.pref_fragrance_skin);
  const ranking = input.fragrances[category];
  const top = ranking[0];
  const chosenSlug = typeof picked === 'string' ? picked.toLowerCase() : top?.slug;
  if (!chosenSlug || chosenSlug === input.fragranceFree[category]) {
    const reason = typeof picked === 'string' ? undefined : top?.reason_why_slug;
    return none(reason ? rankedFreeBecause[reason]! : 'you chose fragrance-free');
  }
  const declared = table.scents.allergens.get(chosenSlug);
  const name = ranking.find((f) => f.slug === chosenSlug)?.name ?? chosenSlug;
  // A gentle rule keeps the perfume (itself an irritant) at a lower dose; any other exclusion rules the scent out.
  const gentle = rules.some((r) => r.gentleScent);
  const tolerated = (flag: ExclusionFlag) => flag === 'irritant' && rules.every((r) => !r.excludes.includes('irritant') || r.gentleScent);
  const breaks = (ingredient: Ingredient, isPerfume: boolean) =>
    exclusionFlagsOf(ingredient).some((flag) => excluded.has(flag) && !(isPerfume && tolerated(flag)));
  if (!declared || breaks(table.scents.ingredient, true) || declared.some((a) => breaks(a.ingredient, false))) {
    return none(`${name} isn't suitable for you right now, so this one is fragrance-free`);
  }
  // The feedback's strength (too strong, too light) within the perfume's use level.
  const strength = input.feedback?.strength ?? 1;
  const perfume = round(
    Math.min(table.scents.percent[use] * (gentle ? table.scents.gentleFactor : 1) * strength, table.scents.ingredient.max_percent?.[use] ?? Infinity),
  );
  const threshold = table.scents.labelThreshold[use];
  const allergens = declared.map((a) => ({ ingredient: a.ingredient, percent: round((perfume * a.share) / 100, 4) })).filter((a) => a.percent >= threshold);
  const because = chosenInFeedback?.because ?? (typeof picked === 'string' ? 'the scent you chose' : 'your top-ranked scent');
  return {
    fragrance: { slug: chosenSlug, name, because: gentle ? `${because}, at a gentler strength for sensitivity` : because },
    because: null,
    // The perfume's declared allergens are part of it: the perfume's own entry is what remains.
    parts: [{ ingredient: table.scents.ingredient, percent: round(perfume - allergens.reduce((s, a) => s + a.percent, 0), 4) }, ...allergens],
  };
}

/**
 * The name a shopper reads: a plant's or animal's Latin INCI in plain words from its id ("Camellia Sinensis Leaf
 * Extract" → "Green tea leaf extract"); a made or mineral ingredient's INCI is already its name (PVP, Ceramide NP).
 */
export function plainName(ingredient: Ingredient): string {
  if (ingredient.origin !== 'plant' && ingredient.origin !== 'animal_derived') return ingredient.inci;
  const words = ingredient.id.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A dose as a formulator writes it: two significant digits (1.2%, 0.19%, 0.005%). */
function significant(value: number): number {
  return Number(value.toPrecision(2));
}

function round(value: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

function uniqueBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => (seen.has(key(item)) ? false : (seen.add(key(item)), true)));
}
