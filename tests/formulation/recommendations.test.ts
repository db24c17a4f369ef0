import { beforeAll, describe, expect, it } from 'vitest';
import { productRecommendations } from '#api';
import { answerCatalog, formatDataProblem, loadFlowDirectory } from '#engine/compiler';
import { createFormulation, type Formulation } from '../../server/formulation/formulation';
import { compileRecommendationsSource } from '../../server/formulation/recommendations/recommend-products';
import type { AggressorLevel } from '../../server/formulation/scoring/compute-scores';

let formulation: Formulation;
beforeAll(() => {
  formulation = createFormulation(answerCatalog(loadFlowDirectory('flows').flows));
});

const routine = (category: 'haircare' | 'skincare', answers: Record<string, unknown>, aggressors: AggressorLevel[] = []) =>
  formulation.derive(answers, aggressors).routine[category];
const sections = (list: ReturnType<typeof routine>) => Object.fromEntries(list.map((p) => [p.product, p.section]));

describe('product recommendations (spec 000 §3.7; spec 001 sections; issue 4 point 7)', () => {
  it('every product of the category once, by section (preselect first, inadvisable last), ranked 1..n, in the contract’s shape', () => {
    const list = routine('haircare', { diag_hair_type: 'dry', diag_scalp_type: 'dry' });
    expect(productRecommendations.parse({ category: 'haircare', recommendations: list }).recommendations).toHaveLength(11);
    expect(list.map((p) => p.rank)).toEqual(list.map((_, i) => i + 1));
    expect(list[0]).toMatchObject({ product: 'shampoo', section: 'preselect' });
    const order = ['preselect', 'main', 'upsale', 'featured', 'optional', 'inadvisable', 'preview'];
    expect(list.map((p) => order.indexOf(p.section))).toEqual([...list.map((p) => order.indexOf(p.section))].sort((a, b) => a - b));
  });

  it('a dry, damaged head: mask and oil recommended; dry shampoo inadvisable for the dry scalp, with why', () => {
    const list = routine('haircare', {
      diag_hair_type: 'dry',
      diag_scalp_type: 'dry',
      diag_color_treatments: true,
      diag_color_treatments_type: ['bleach'],
      diag_split_ends: 'yes',
      diag_hair_porosity: 'high',
    });
    expect(sections(list)).toMatchObject({ shampoo: 'preselect', conditioner: 'preselect', hair_mask: 'main', hair_oil: 'main', dry_shampoo: 'inadvisable' });
    expect(list.find((p) => p.product === 'dry_shampoo')!.because).toBe('dry shampoo absorbs oil your dry scalp needs');
  });

  it('an oily scalp: dry shampoo and scalp mask recommended, hair oil inadvisable, a light conditioner only', () => {
    expect(
      sections(routine('haircare', { diag_regrease_delay: 'within_one_day', diag_hair_type: 'oily', diag_scalp_type: 'oily', diag_sebum_level: 4 })),
    ).toMatchObject({
      dry_shampoo: 'main',
      scalp_mask: 'main',
      hair_oil: 'inadvisable',
      conditioner: 'upsale',
    });
  });

  it('shedding brings the scalp serum and supplements forward, unless pregnant or breastfeeding (ask a doctor first)', () => {
    const shedding = { diag_hairloss_level: 'excessive', goal_hair_shedding: 3 };
    expect(sections(routine('haircare', shedding))).toMatchObject({ scalp_serum: 'main', supplement_core: 'main' });
    const pregnant = routine('haircare', { ...shedding, profile_hormones: ['pregnant'] });
    expect(pregnant.find((p) => p.product === 'supplement_core')).toMatchObject({
      section: 'inadvisable',
      because: 'please ask your doctor before taking supplements at this time',
    });
  });

  it('the season at the place features a hair oil in cold, dry air', () => {
    expect(sections(routine('haircare', {}))).toMatchObject({ hair_oil: 'optional' });
    expect(sections(routine('haircare', {}, [{ slug: 'cold', level: 'high' }]))).toMatchObject({ hair_oil: 'featured' });
  });

  it('skincare: cleanser and moisturizer always; the serum preselected when a need calls for actives', () => {
    expect(sections(routine('skincare', {}))).toEqual({ cleanser: 'preselect', moisturizer: 'preselect', serum: 'main' });
    expect(sections(routine('skincare', { diag_concerns: ['hyperpigmentation'] })).serum).toBe('preselect');
  });

  it('a broken table is refused with file:line:column', () => {
    const text = [
      'haircare:',
      '  - { product: shampoo, label: Shampoo, rules: [ { when: { score.drynes: { gte: 30 } }, section: main, because: dry hair } ], otherwise: { section: preselect, because: always } }',
      '  - { product: shampoo, label: Shampoo, rules: [], otherwise: { section: preselect, because: always } }',
      'skincare:',
      '  - { product: cleanser, label: Cleanser, rules: [], otherwise: { section: maybe, because: always } }',
    ].join('\n');
    expect(compileRecommendationsSource(text, 'recommendations.yaml', formulation.known).problems.map(formatDataProblem)).toMatchInlineSnapshot(`
      [
        "recommendations.yaml:5:76  Invalid option: expected one of "preselect"|"main"|"upsale"|"featured"|"optional"|"inadvisable"|"preview"",
      ]
    `);
    const shaped = text.replace('section: maybe', 'section: optional');
    expect(compileRecommendationsSource(shaped, 'recommendations.yaml', formulation.known).problems.map(formatDataProblem)).toMatchInlineSnapshot(`
      [
        "recommendations.yaml:2:60  The rule tests "score.drynes", which is no answer field or fact this table knows. Did you mean "score.dryness"?",
        "recommendations.yaml:3:16  "shampoo" is listed twice in haircare.",
      ]
    `);
  });
});
