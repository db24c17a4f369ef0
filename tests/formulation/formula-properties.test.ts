import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formula as formulaSchema } from '#api';
import { answerCatalog, loadFlowDirectory } from '#engine/compiler';
import { createFormulation, type Formulation } from '../../server/formulation/formulation';
import { aggressorLevels, aggressorSlugs } from '../../server/formulation/known-facts';
import type { Ingredient } from '../../server/formulation/catalogue/schema';
import type { CompositionLine } from '../../server/formulation/formulas/build-formula';
import type { AggressorLevel } from '../../server/formulation/scoring/compute-scores';

// Property tests for the hard rules of issue 4 point 4: over generated profiles (any answers the flows accept,
// any place's aggressors, any date in two years), no formula ever breaks one. The expectations are read from
// the answers here, not from formulas.yaml, so a mistake in the table's rules is caught too.

let formulation: Formulation;
let byInci: Map<string, Ingredient>;
let profile: fc.Arbitrary<{ answers: Record<string, unknown>; aggressors: AggressorLevel[]; date: Date }>;

beforeAll(() => {
  formulation = createFormulation(answerCatalog(loadFlowDirectory('flows').flows));
  byInci = new Map([...formulation.catalogue.ingredients.values()].map((i) => [i.inci.toLowerCase(), i]));
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, fact] of formulation.known) {
    if (key.includes('.') || !fact.values || fact.values.length === 0) continue;
    const values = fact.values.filter((v) => v !== null);
    if (values.length === 0) continue;
    fields[key] = fact.list ? fc.uniqueArray(fc.constantFrom(...values), { minLength: 1, maxLength: values.length }) : fc.constantFrom(...fact.values);
  }
  // Every field may be unanswered; the hard-rule answers are drawn often enough to matter.
  profile = fc.record({
    answers: fc.record(fields, { requiredKeys: [] }),
    aggressors: fc.uniqueArray(fc.record({ slug: fc.constantFrom(...aggressorSlugs), level: fc.constantFrom(...aggressorLevels) }), {
      selector: (a) => a.slug,
      maxLength: aggressorSlugs.length,
    }),
    date: fc.date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2027-12-31T23:59:59Z'), noInvalidDate: true }),
  });
});

interface Made {
  formula: ReturnType<Formulation['formulateSkeleton']>;
  composition: CompositionLine[];
}
/** Every formula of a profile with its composition. */
function formulate({ answers, aggressors, date }: { answers: Record<string, unknown>; aggressors: AggressorLevel[]; date: Date }): Made[] {
  const derived = formulation.derive(answers, aggressors);
  const set = formulation.formulate(answers, aggressors, date, derived);
  return set.formulas.map((f) => formulation.composeSkeleton(set, derived, f.skeleton_slug));
}

const ingredientsOf = (made: Made) => made.formula.inci.map((name) => byInci.get(name.toLowerCase())!);
const includesAny = (value: unknown, wanted: string[]) => Array.isArray(value) && value.some((v) => wanted.includes(v as string));
const topical = (made: Made, categories: string[]) => categories.includes(made.formula.category);
const runs = { numRuns: 300, seed: 20261123 };

describe('formulas obey every hard rule over generated profiles (issue 4 points 4 and 11)', () => {
  it('every INCI name of every formula is a catalogue ingredient, and every formula has the contract’s shape', () => {
    fc.assert(
      fc.property(profile, (p) => {
        for (const made of formulate(p)) {
          expect(formulaSchema.safeParse(made.formula).success).toBe(true);
          for (const name of made.formula.inci) expect(byInci.has(name.toLowerCase()), name).toBe(true);
        }
      }),
      { ...runs, numRuns: 100 },
    );
  });

  it('pref_vegan: nothing animal-derived in any formula, the supplement included', () => {
    fc.assert(
      fc.property(profile, (p) => {
        p.answers.pref_vegan = true;
        for (const made of formulate(p)) for (const i of ingredientsOf(made)) expect(i.vegan, `${made.formula.label}: ${i.inci}`).toBe(true);
      }),
      runs,
    );
  });

  it('pref_silicone "no": no silicone in any formula', () => {
    fc.assert(
      fc.property(profile, (p) => {
        p.answers.pref_silicone = 'no';
        for (const made of formulate(p)) for (const i of ingredientsOf(made)) expect(i.silicone, `${made.formula.label}: ${i.inci}`).toBe(false);
      }),
      runs,
    );
  });

  it('pref_fragrance_free: no fragrance and no fragrance allergen in haircare, whatever scent was picked before', () => {
    fc.assert(
      fc.property(profile, (p) => {
        p.answers.pref_fragrance_free = true;
        for (const made of formulate(p).filter((m) => topical(m, ['haircare', 'supplement']))) {
          expect(made.formula.fragrance).toBeNull();
          for (const i of ingredientsOf(made)) expect(i.fragrance || i.allergen, `${made.formula.label}: ${i.inci}`).toBe(false);
        }
      }),
      runs,
    );
  });

  it('pref_fragrance_free_skin: no fragrance and no fragrance allergen in skincare', () => {
    fc.assert(
      fc.property(profile, (p) => {
        p.answers.pref_fragrance_free_skin = true;
        for (const made of formulate(p).filter((m) => topical(m, ['skincare']))) {
          expect(made.formula.fragrance).toBeNull();
          for (const i of ingredientsOf(made)) expect(i.fragrance || i.allergen, `${made.formula.label}: ${i.inci}`).toBe(false);
        }
      }),
      runs,
    );
  });

  it('pregnancy, post-pregnancy or breastfeeding: nothing unsafe then (retinoids, salicylic acid, saw palmetto, …) in any formula', () => {
    const hormones = fc.oneof(
      fc.record({
        profile_hormones: fc
          .subarray(['pregnant', 'post_pregnant', 'breastfeeding', 'menopause'], { minLength: 1 })
          .filter((l) => includesAny(l, ['pregnant', 'post_pregnant', 'breastfeeding'])),
      }),
      fc.record({ profile_hormones_skin: fc.subarray(['pregnancy', 'diabetic', 'menopause'], { minLength: 1 }).filter((l) => l.includes('pregnancy')) }),
    );
    fc.assert(
      fc.property(profile, hormones, (p, said) => {
        Object.assign(p.answers, said);
        for (const made of formulate(p)) for (const i of ingredientsOf(made)) expect(i.pregnancy_safe, `${made.formula.label}: ${i.inci}`).toBe(true);
      }),
      runs,
    );
  });

  it('a sensitive scalp: no irritant active in haircare, and the perfume (itself an irritant) only at the gentle dose', () => {
    const { scents } = formulation.formulas;
    fc.assert(
      fc.property(profile, fc.constantFrom(2, 3), (p, level) => {
        p.answers.diag_sensitivity_level = level;
        for (const made of formulate(p).filter((m) => topical(m, ['haircare', 'supplement'])))
          checkGentle(made, scents.percent.rinse_off * scents.gentleFactor);
      }),
      runs,
    );
  });

  it('sensitive skin: no irritant active in skincare, and the perfume only at the gentle dose', () => {
    const { scents } = formulation.formulas;
    fc.assert(
      fc.property(profile, (p) => {
        p.answers.diag_concerns = [...new Set([...((p.answers.diag_concerns as string[] | undefined) ?? []), 'sensitivity'])];
        for (const made of formulate(p).filter((m) => topical(m, ['skincare']))) checkGentle(made, scents.percent.rinse_off * scents.gentleFactor);
      }),
      runs,
    );
  });

  it('every composition adds up to 100%, lists the INCI in descending order, keeps within each use level and the skeleton’s budget', () => {
    fc.assert(
      fc.property(profile, (p) => {
        for (const made of formulate(p)) {
          const { composition, formula } = made;
          const skeleton = formulation.catalogue.skeletons.get(formula.skeleton_slug)!;
          expect(composition.reduce((s, l) => s + l.percent, 0)).toBeCloseTo(100, 2);
          expect(composition.map((l) => l.ingredient.inci)).toEqual(formula.inci);
          for (let i = 1; i < composition.length; i++) expect(composition[i - 1]!.percent).toBeGreaterThanOrEqual(composition[i]!.percent);
          const use = skeleton.category === 'supplement' ? 'capsule' : skeleton.rinse_off ? 'rinse_off' : 'leave_on';
          for (const line of composition) {
            if (line.role === 'balance') expect(line.percent).toBeGreaterThan(0);
            else if (line.role === 'active' && use !== 'capsule')
              expect(line.percent, line.ingredient.id).toBeLessThanOrEqual(line.ingredient.max_percent![use]!);
          }
          const actives = formula.actives;
          expect(actives.length).toBeLessThanOrEqual(skeleton.actives.max_count);
          expect(actives.reduce((s, a) => s + a.percent, 0)).toBeLessThanOrEqual(skeleton.actives.max_total_percent + 1e-6);
          for (const slot of skeleton.actives.slots) expect(actives.filter((a) => a.need === slot.need).length).toBeLessThanOrEqual(slot.max_count);
          for (const a of actives) {
            if (a.amount) expect(a.amount.value).toBeLessThanOrEqual(formulation.catalogue.ingredients.get(a.slug)!.daily_max!.amount);
            expect(a.because.length).toBeGreaterThan(5);
          }
        }
      }),
      { ...runs, numRuns: 150 },
    );
  });

  it('the same answers on the same date give the same formulas', () => {
    fc.assert(
      fc.property(profile, (p) => {
        expect(formulate(p).map((m) => m.formula)).toEqual(formulate(structuredClone(p)).map((m) => m.formula));
      }),
      { ...runs, numRuns: 100 },
    );
  });
});

/** No irritant but the perfume, and the perfume at most at the gentle dose. */
function checkGentle(made: Made, gentleMax: number) {
  for (const line of made.composition) {
    if (line.role === 'scent' && line.ingredient.fragrance) expect(line.percent, made.formula.label).toBeLessThanOrEqual(gentleMax + 1e-9);
    else expect(line.ingredient.irritant, `${made.formula.label}: ${line.ingredient.inci}`).toBe(false);
  }
  if (made.formula.fragrance) expect(made.formula.fragrance.because).toMatch(/gentler/);
}
