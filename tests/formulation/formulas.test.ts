import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { inciLists, keyIngredients } from '#api';
import { answerCatalog, formatDataProblem, loadFlowDirectory } from '#engine/compiler';
import { createFormulation, type Formulation } from '../../server/formulation/formulation';
import { composeFormula } from '../../server/formulation/formulas/build-formula';
import { compileFormulasSource, type FormulasContext } from '../../server/formulation/formulas/formulas-table';
import { inciListsOf, keyIngredientsOf, recommendationSlugOf, variantOf } from '../../server/formulation/formulas/formula-views';
import type { AggressorLevel } from '../../server/formulation/scoring/compute-scores';

const FILE = 'server/formulation/formulas/formulas.yaml';
let formulation: Formulation;
let context: FormulasContext;
let text: string;
beforeAll(() => {
  formulation = createFormulation(answerCatalog(loadFlowDirectory('flows').flows));
  text = readFileSync(FILE, 'utf8');
  const { fragrances, scoring } = formulation;
  context = {
    catalogue: formulation.catalogue,
    known: formulation.known,
    dimensions: { haircare: scoring.haircare.map((d) => d.id), skincare: scoring.skincare.map((d) => d.id) },
    scentSlugs: (['haircare', 'skincare'] as const).flatMap((c) =>
      fragrances.categories[c].catalogue.map((f) => f.slug).filter((s) => s !== fragrances.categories[c].fragranceFree),
    ),
  };
});

const WINTER = new Date('2026-01-15T12:00:00Z');
const SUMMER = new Date('2026-07-15T12:00:00Z');
const formulas = (answers: Record<string, unknown>, aggressors: AggressorLevel[] = [], date = WINTER) => formulation.formulate(answers, aggressors, date);
const product = (answers: Record<string, unknown>, slug: string, aggressors: AggressorLevel[] = [], date = WINTER) =>
  formulas(answers, aggressors, date).formulas.find((f) => f.skeleton_slug === slug)!;
const activeSlugs = (f: { actives: { slug: string }[] }) => f.actives.map((a) => a.slug);
const problemsOf = (edited: string) => compileFormulasSource(edited, FILE, context).problems.map(formatDataProblem);
const lineOf = (needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('formulas.yaml is checked at start, with file:line:column (issue 4 point 4)', () => {
  it('the shipped table has no problem', () => {
    expect(problemsOf(text)).toEqual([]);
  });

  it('an unknown ingredient is reported where it is written, with a did-you-mean', () => {
    const line = lineOf('ingredient: hydrolyzed_rice_protein');
    const problems = problemsOf(text.replace('ingredient: hydrolyzed_rice_protein', 'ingredient: hydrolyzed_rice_protien'));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      new RegExp(`^${FILE}:${line}:\\d+  "hydrolyzed_rice_protien" is no ingredient of the catalogue\\. Did you mean "hydrolyzed_rice_protein"\\?`),
    );
  });

  it('an ingredient the slot cannot take, a dose above its use level, an unknown driver and a nutrient given in percent are refused', () => {
    const problems = problemsOf(
      text
        .replace('- { ingredient: piroctone_olamine, percent: [0.3, 0.5] }', '- { ingredient: shea_butter, percent: [0.3, 0.5] }')
        .replace('- { ingredient: caffeine, percent: [0.2, 0.5] }', '- { ingredient: caffeine, percent: [5, 6] }')
        .replace('driver: volume', 'driver: volumes')
        .replace('- { ingredient: biotin, amount: 2500 }', '- { ingredient: biotin, percent: 1 }'),
    ).join('\n');
    expect(problems).toContain('"shea_butter" (emollient, occlusive) has none of the functions a "scalp" slot accepts');
    expect(problems).toContain('5% is above the 1% use level of "caffeine" in any product.');
    expect(problems).toContain('"volumes" is no scoring dimension.');
    expect(problems).toContain('Did you mean "volume"?');
    expect(problems).toContain('A supplement candidate gives its `amount` per daily serving, not a percent.');
  });

  it('a rule naming an unknown answer, a scent without its allergen declaration and a non-allergen in one are refused', () => {
    const problems = problemsOf(
      text
        .replace('when: { pref_vegan: true }', 'when: { pref_vegn: true }')
        .replace('    glacia: { limonene: 6, linalool: 4 }\n', '')
        .replace('perle: { hexyl_cinnamal: 3', 'perle: { glycerin: 3'),
    ).join('\n');
    expect(problems).toContain('Did you mean "pref_vegan"?');
    expect(problems).toContain('The scent "glacia" has no allergen declaration');
    expect(problems).toContain('"glycerin" is not one of the EU fragrance allergens');
  });

  it('the hard rules hold even when a candidate in the table forgets to guard itself (pref_silicone "no")', () => {
    const unguarded = compileFormulasSource(
      text.replace(
        '{ ingredient: amodimethicone, percent: [0.5, 1.5], when: { pref_silicone: "yes" } }',
        '{ ingredient: amodimethicone, percent: [0.5, 1.5] }',
      ),
      FILE,
      context,
    ).table!;
    const frizzy = { diag_hair_texture: 'frizzy', goal_straight: 3 };
    const build = (answers: Record<string, unknown>) => {
      const derived = formulation.derive(answers, []);
      const set = formulation.formulate(answers, [], WINTER, derived);
      const scores = new Map(derived.scores.haircare.map((s) => [s.dimension, s]));
      return composeFormula(unguarded, formulation.catalogue, formulation.catalogue.skeletons.get('conditioner')!, {
        facts: set.facts,
        scores,
        fragrances: derived.fragrances,
        fragranceFree: { haircare: 'fragrance_free', skincare: 'frag_free' },
        date: set.date,
        season: set.season,
      }).formula;
    };
    expect(activeSlugs(build(frizzy))).toContain('amodimethicone');
    const free = build({ ...frizzy, pref_silicone: 'no' });
    expect(activeSlugs(free)).not.toContain('amodimethicone');
    expect(activeSlugs(free)).toContain('brassicamidopropyl_dimethylamine');
    expect(free.free_of).toContainEqual({ rule: 'silicone_free', label: 'silicones', because: 'you asked for silicone-free formulas' });
  });
});

describe('formulas for a profile (issue 4 point 4)', () => {
  it('actives follow the strongest needs, each saying why in the shopper’s own terms', () => {
    const shampoo = product({ diag_color_treatments: true, diag_color_treatments_type: ['bleach'], diag_dandruff_level: 4, diag_hair_type: 'dry' }, 'shampoo');
    expect(shampoo.actives.find((a) => a.slug === 'bis_aminopropyl_diglycol_dimaleate')).toMatchObject({
      need: 'strength',
      because: 'rebuilds strength in damaged hair: you bleach your hair',
    });
    expect(shampoo.actives.find((a) => a.need === 'scalp')).toMatchObject({ slug: 'piroctone_olamine' });
    // Without the need, no active for it.
    expect(product({ diag_hair_type: 'normal' }, 'shampoo').actives.map((a) => a.need)).not.toContain('strength');
  });

  it('the dose follows the need: more for a higher score, never above the use level', () => {
    const mild = product({ diag_dandruff_level: 1 }, 'shampoo').actives.find((a) => a.slug === 'piroctone_olamine');
    const strong = product({ diag_dandruff_level: 4, diag_scalp_type: 'dry' }, 'shampoo').actives.find((a) => a.slug === 'piroctone_olamine')!;
    expect(strong.percent).toBeLessThanOrEqual(1);
    if (mild) expect(strong.percent).toBeGreaterThan(mild.percent);
  });

  it('vegan: the keratin becomes a plant protein and the supplement’s collagen becomes horsetail', () => {
    const damaged = { diag_color_treatments: true, diag_color_treatments_type: ['permanent'], diag_styling: ['straightener'], diag_split_ends: 'yes' };
    expect(activeSlugs(product(damaged, 'shampoo'))).toContain('hydrolyzed_keratin');
    const vegan = product({ ...damaged, pref_vegan: true }, 'shampoo');
    expect(activeSlugs(vegan)).not.toContain('hydrolyzed_keratin');
    expect(activeSlugs(vegan)).toContain('hydrolyzed_rice_protein');
    expect(activeSlugs(product({ ...damaged, diag_hairloss_level: 'excessive' }, 'supplement_core'))).toContain('marine_collagen_peptides');
    const veganSupplement = product({ ...damaged, diag_hairloss_level: 'excessive', pref_vegan: true }, 'supplement_core');
    expect(activeSlugs(veganSupplement)).toEqual(expect.arrayContaining(['horsetail_extract', 'methylcobalamin']));
    expect(activeSlugs(veganSupplement)).not.toContain('marine_collagen_peptides');
  });

  it('vegan: winter’s vitamin D is the same D3 from lichen, at the same amount, instead of D3 from lanolin', () => {
    const vitaminD = (f: { actives: { slug: string; name: string; amount: unknown }[] }) => f.actives.find((a) => a.slug.startsWith('cholecalciferol'));
    const thinning = { diag_hairloss_level: 'excessive' };
    expect(vitaminD(product(thinning, 'supplement_core'))).toMatchObject({ slug: 'cholecalciferol', amount: { value: 25, unit: 'mcg' } });
    const vegan = product({ ...thinning, pref_vegan: true }, 'supplement_core');
    expect(vitaminD(vegan)).toMatchObject({ slug: 'cholecalciferol_from_lichen', name: 'Cholecalciferol from lichen', amount: { value: 25, unit: 'mcg' } });
    expect(vegan.inci).toContain('Cholecalciferol (from Lichen)');
    expect(vegan.inci).not.toContain('Cholecalciferol');
    // In summer, with time outdoors, there is none to give.
    expect(vitaminD(product({ ...thinning, pref_vegan: true }, 'supplement_core', [], SUMMER))).toBeUndefined();
  });

  it('the supplement gives amounts per daily serving, within each nutrient’s daily maximum', () => {
    const supplement = product({ diag_hairloss_level: 'excessive', profile_stress_level: 'lot' }, 'supplement_core');
    expect(supplement.actives[0]).toMatchObject({ slug: 'biotin', amount: { value: 2500, unit: 'mcg' } });
    expect(activeSlugs(supplement)).toContain('ashwagandha_root_extract');
    expect(supplement.fragrance).toBeNull();
    expect(supplement.inci[0]).toBe('Microcrystalline Cellulose');
  });

  it('pregnancy keeps retinoids, salicylic acid and ashwagandha out, and says so without naming it', () => {
    const answers = {
      profile_age_range: 50,
      diag_concerns: ['fine_lines', 'breakouts'],
      diag_wrinkles: ['deep_wrinkles'],
      profile_stress_level: 'lot',
      diag_hairloss_level: 'excessive',
    };
    const before = formulas(answers).formulas;
    expect(before.flatMap(activeSlugs)).toEqual(expect.arrayContaining(['retinal', 'salicylic_acid', 'ashwagandha_root_extract']));
    const during = formulas({ ...answers, profile_hormones_skin: ['pregnancy'] }).formulas;
    expect(during.flatMap(activeSlugs)).not.toEqual(expect.arrayContaining(['retinal']));
    for (const slug of ['retinal', 'bakuchiol', 'salicylic_acid', 'ashwagandha_root_extract']) expect(during.flatMap(activeSlugs)).not.toContain(slug);
    expect(during.find((f) => f.skeleton_slug === 'serum')!.actives.map((a) => a.need)).toContain('renewal');
    expect(JSON.stringify(during).toLowerCase()).not.toMatch(/pregnan|breastfeed/);
  });

  it('the season changes the formula: retinal in a low-UV winter, a peptide in a high-UV summer; hyaluronate in dry air, panthenol in humid air', () => {
    const ageing = { profile_age_range: 50, diag_concerns: ['fine_lines'], diag_wrinkles: ['fine_lines', 'expression_lines'] };
    expect(activeSlugs(product(ageing, 'serum', [{ slug: 'uv', level: 'low' }], WINTER))).toContain('retinal');
    const summer = product(ageing, 'serum', [{ slug: 'uv', level: 'high' }], SUMMER);
    expect(activeSlugs(summer)).not.toContain('retinal');
    expect(activeSlugs(summer)).toContain('palmitoyl_tripeptide_1');
    expect(summer.made_for).toEqual({ date: '2026-07-15', season: 'summer' });
    const dry = { diag_hair_type: 'dry' };
    expect(activeSlugs(product(dry, 'conditioner', [{ slug: 'dry_air', level: 'high' }]))).toContain('sodium_hyaluronate');
    const humid = activeSlugs(product(dry, 'conditioner', [{ slug: 'humidity', level: 'high' }], SUMMER));
    expect(humid).toContain('panthenol');
    expect(humid).not.toContain('sodium_hyaluronate');
  });

  it('the scent: the one chosen, its allergens on the label below it, halved for a sensitive scalp; none when fragrance-free is ranked first', () => {
    const chosen = product({ pref_fragrance: 'NAPOLI' }, 'shampoo');
    expect(chosen.fragrance).toEqual({ slug: 'napoli', name: 'Napoli', because: 'the scent you chose' });
    expect(chosen.inci.slice(chosen.inci.indexOf('Parfum') + 1)).toEqual(expect.arrayContaining(['Limonene', 'Linalool']));
    const gentle = product({ pref_fragrance: 'NAPOLI', diag_sensitivity_level: 3 }, 'shampoo');
    expect(gentle.fragrance?.because).toBe('the scent you chose, at a gentler strength for sensitivity');
    expect(gentle.free_of.map((r) => r.rule)).toContain('gentle_scalp');
    const sensitiveSkin = product({ diag_concerns: ['sensitivity'] }, 'serum');
    expect(sensitiveSkin.fragrance).toBeNull();
    expect(sensitiveSkin.fragrance_free_because).toBe('fragrance-free is kindest to sensitive skin');
    const free = product({ pref_fragrance: 'NAPOLI', pref_fragrance_free: true }, 'conditioner');
    expect(free).toMatchObject({ fragrance: null, fragrance_free_because: 'you chose fragrance-free' });
    expect(free.inci).not.toContain('Parfum');
    // The scalp mask has no fragrance choice (spec 001 §9).
    expect(product({ pref_fragrance: 'NAPOLI' }, 'scalp_mask')).toMatchObject({ fragrance: null, fragrance_free_because: null });
  });

  it('skincare is made in the texture chosen, else the top-ranked one', () => {
    const made = (answers: Record<string, unknown>) =>
      formulas(answers)
        .formulas.filter((f) => f.category === 'skincare')
        .map((f) => f.skeleton_slug);
    expect(made({ pref_texture_cleanser: 'foaming_gel', pref_texture_moisturizer: 'rich' })).toEqual(['foaming_gel', 'serum', 'rich']);
    expect(made({ diag_concerns: ['sensitivity', 'dryness'] })[0]).toBe('cleansing_cream');
  });
});

describe('ingredients, INCI lists, variants and recommendation slugs (spec 000 §3.7)', () => {
  it('the key ingredients are ranked, the most shared first, each with its products and why', () => {
    const set = formulas({ diag_hair_type: 'dry', diag_color_treatments: true, diag_color_treatments_type: ['bleach'] });
    const list = keyIngredientsOf(set, 'haircare');
    expect(keyIngredients.parse({ category: 'haircare', ingredients: list }).ingredients.map((i) => i.rank)).toEqual(list.map((_, i) => i + 1));
    for (let i = 1; i < list.length; i++) expect(list[i - 1]!.products.length).toBeGreaterThanOrEqual(list[i]!.products.length);
    expect(list.find((i) => i.slug === 'bis_aminopropyl_diglycol_dimaleate')?.products).toEqual(
      expect.arrayContaining(['shampoo', 'conditioner', 'hair_mask']),
    );
    expect(list.every((i) => i.because.length > 5)).toBe(true);
  });

  it('each product’s INCI list, water first in a water-based formula', () => {
    const incis = inciListsOf(formulas({}), 'skincare');
    expect(inciLists.parse({ category: 'skincare', incis }).incis.map((i) => i.product)).toEqual(['cleanser', 'serum', 'moisturizer']);
    expect(incis.every((i) => i.inci[0] === 'Aqua')).toBe(true);
  });

  it('conditioner_coarse for thick hair; the skincare variant names its texture', () => {
    const table = formulation.formulas;
    expect(variantOf(table, formulas({ diag_hair_thickness: 'thick' }), 'conditioner')).toMatchObject({
      slug: 'conditioner_coarse',
      type: 'conditioner',
      is_formula: true,
      product: { category: 'haircare' },
    });
    expect(variantOf(table, formulas({ diag_hair_thickness: 'thin' }), 'conditioner')?.slug).toBe('conditioner');
    expect(variantOf(table, formulas({ pref_texture_moisturizer: 'light' }), 'moisturizer')?.product).toEqual({
      type: 'moisturizer',
      category: 'skincare',
      sub_category: 'light',
    });
    expect(variantOf(table, formulas({}), 'supplement_core')?.product.category).toBe('supplement');
  });

  it('the styling gel’s recommendation slug follows the hold asked for; other products fall back to their variant', () => {
    const table = formulation.formulas;
    expect(recommendationSlugOf(table, formulas({ diag_hold_level: 'strong' }), 'styling_gel')).toEqual({
      product: 'styling_gel',
      recommendation_slug: 'styling_gel_strong_hold',
      because: 'you want a strong hold',
    });
    expect(recommendationSlugOf(table, formulas({ diag_hold_level: 'not_sure' }), 'styling_gel')?.recommendation_slug).toBe('styling_gel_medium_hold');
    expect(activeSlugs(product({ diag_hold_level: 'strong' }, 'styling_gel'))).toContain('pvp');
    expect(activeSlugs(product({ diag_hold_level: 'light' }, 'styling_gel'))).toContain('pullulan');
    expect(recommendationSlugOf(table, formulas({ diag_hair_thickness: 'thick' }), 'conditioner')?.recommendation_slug).toBe('conditioner_coarse');
  });
});
