import { beforeAll, describe, expect, it } from 'vitest';
import { answerCatalog, formatDataProblem, loadFlowDirectory } from '#engine/compiler';
import { knownFacts } from '../../server/formulation/known-facts';
import { compileScoringSource, loadScoringTable, type ScoringTable } from '../../server/formulation/scoring/scoring-table';
import { computeScores, profileFacts } from '../../server/formulation/scoring/compute-scores';

let known: ReturnType<typeof knownFacts>;
let table: ScoringTable;
beforeAll(() => {
  known = knownFacts(answerCatalog(loadFlowDirectory('flows').flows));
  table = loadScoringTable(known);
});

const score = (category: 'haircare' | 'skincare', answers: Record<string, unknown>, aggressors: { slug: string; level: 'low' | 'moderate' | 'high' }[] = []) =>
  Object.fromEntries(computeScores(table, category, profileFacts(answers, aggressors)).map((s) => [s.dimension, s]));

describe('scoring (issue 4 point 3): needs 0-100 on named dimensions, each with what moved it', () => {
  it('covers the hair and skin dimensions the issue names', () => {
    expect(table.haircare.map((d) => d.id)).toEqual(
      expect.arrayContaining(['dryness', 'damage', 'frizz', 'volume', 'scalp_oil', 'scalp_sensitivity', 'dandruff', 'shedding']),
    );
    expect(table.skincare.map((d) => d.id)).toEqual(expect.arrayContaining(['hydration', 'oil', 'sensitivity', 'ageing', 'blemishes', 'pigmentation']));
  });

  it('a dry, bleached, porous head scores high on dryness and damage, and says why in the shopper’s terms', () => {
    const s = score('haircare', {
      diag_hair_type: 'dry',
      diag_hair_porosity: 'high',
      diag_color_treatments: true,
      diag_color_treatments_type: ['bleach'],
      diag_split_ends: 'yes',
    });
    expect(s.dryness!.level).toBe('high');
    expect(s.damage!.score).toBeGreaterThanOrEqual(60);
    expect(s.dryness!.reasons[0]).toEqual({ because: 'your hair feels dry', points: 40, source: 'answers' });
    expect(s.damage!.reasons.map((r) => r.because)).toContain('you bleach your hair');
    expect(s.scalp_oil!.level).toBe('low');
  });

  it('the place moves a need, but never alone to "high"; it is reported as a place reason', () => {
    const humid = score('haircare', { diag_hair_texture: 'smooth' }, [{ slug: 'humidity', level: 'high' }]);
    expect(humid.frizz!.reasons).toEqual([{ because: 'humid air where you live swells the hair', points: 15, source: 'place' }]);
    const everything = score('haircare', {}, [
      { slug: 'humidity', level: 'high' },
      { slug: 'dry_air', level: 'high' },
      { slug: 'uv', level: 'high' },
      { slug: 'hard_water', level: 'high' },
      { slug: 'pollution', level: 'high' },
      { slug: 'cold', level: 'high' },
      { slug: 'heat', level: 'high' },
      { slug: 'indoor_heating', level: 'high' },
      { slug: 'pool_chlorine', level: 'high' },
      { slug: 'stress', level: 'high' },
      { slug: 'wind', level: 'high' },
    ]);
    for (const dimension of Object.values(everything)) expect(dimension.level, dimension.dimension).not.toBe('high');
    const skin = score('skincare', {}, [
      { slug: 'uv', level: 'high' },
      { slug: 'dry_air', level: 'high' },
      { slug: 'pollution', level: 'high' },
      { slug: 'cold', level: 'high' },
      { slug: 'wind', level: 'high' },
      { slug: 'humidity', level: 'high' },
    ]);
    for (const dimension of Object.values(skin)) expect(dimension.level, dimension.dimension).not.toBe('high');
  });

  it('oily, breakout-prone skin scores oil and blemishes high, hydration low; dry, sensitive skin the other way', () => {
    const oily = score('skincare', {
      diag_concerns: ['oiliness', 'breakouts', 'clogged_pores'],
      diag_skintype_afternoon: 'oily',
      diag_skintype_morning: 'oily',
      diag_zits_frequency: 'constantly',
    });
    expect([oily.oil!.level, oily.blemishes!.level, oily.hydration!.level]).toEqual(['high', 'high', 'low']);
    const dry = score('skincare', {
      diag_concerns: ['dryness', 'sensitivity', 'redness'],
      diag_skintype_morning: 'tights',
      diag_skintype_shower: 'tights',
      diag_comfort: 'yes_often',
    });
    expect([dry.hydration!.level, dry.sensitivity!.level, dry.oil!.level]).toEqual(['high', 'high', 'low']);
  });

  it('scores stay within 0-100, and the same profile always scores the same', () => {
    const answers = { diag_hair_type: 'oily', diag_scalp_type: 'dry', diag_hair_thickness: 'thick' };
    const first = score('haircare', answers);
    expect(score('haircare', answers)).toEqual(first);
    for (const s of Object.values(first)) expect(s.score).toBeGreaterThanOrEqual(0);
    const all = score('haircare', { diag_dandruff_level: 4, diag_scalp_type: 'dry', profile_stress_level: 'lot' }, [{ slug: 'cold', level: 'high' }]);
    expect(all.dandruff!.score).toBeLessThanOrEqual(100);
  });
});

describe('a broken scoring table is refused with file:line:column (issue 4: rules as data, checked like the flows)', () => {
  const table = (rules: string[]) =>
    ['haircare:', '  dryness:', '    label: Dryness', '    base: 10', '    rules:', ...rules.map((r) => `      - ${r}`), 'skincare: {}'].join('\n');

  it('names an unknown field with a suggestion, and a value the field cannot hold', () => {
    const { table: broken, problems } = compileScoringSource(
      table([
        '{ when: { diag_hair_typ: dry }, points: 40, because: your hair feels dry }',
        '{ when: { diag_hair_type: parched }, points: 40, because: your hair feels dry }',
      ]),
      'scoring.yaml',
      known,
    );
    expect(broken).toBeUndefined();
    expect(problems.map(formatDataProblem)).toMatchInlineSnapshot(`
      [
        "scoring.yaml:6:19  The rule tests "diag_hair_typ", which is no answer field or fact this table knows. Did you mean "diag_hair_type"?",
        "scoring.yaml:7:35  "diag_hair_type" cannot be "parched". Expected one of: "oily", "normal", "oily_dry", "dry".",
      ]
    `);
  });

  it('refuses a test that can never hold for the field’s shape (one answer or a list)', () => {
    const { problems } = compileScoringSource(
      table([
        '{ when: { diag_concerns: { in: [dryness] } }, points: 10, because: dry }',
        '{ when: { diag_hair_type: { includesAny: [dry] } }, points: 10, because: dry }',
      ]),
      'scoring.yaml',
      known,
    );
    expect(problems.map(formatDataProblem)).toMatchInlineSnapshot(`
      [
        "scoring.yaml:6:19  "diag_concerns" holds a list of answers (a multi-select question), so "in" never holds. Use includesAny, includesAll, includes or excludes.",
        "scoring.yaml:7:19  "diag_hair_type" holds one answer, so "includesAny" never holds. Use equals, in or notIn.",
      ]
    `);
  });

  it('explains the usual slip of a comma inside { … } cutting a reason short', () => {
    const { problems } = compileScoringSource(table(['{ when: { goal_volume: 3 }, points: 10, because: you want volume, and body }']), 'scoring.yaml', known);
    expect(problems.map(formatDataProblem)).toEqual([
      'scoring.yaml:6:75  Unknown key(s): and body. A comma inside { … } ends a value: put text with commas in quotes.',
    ]);
  });

  it('refuses points out of range, a missing reason and unknown keys', () => {
    const { problems } = compileScoringSource(
      table([
        '{ when: { aggressor.humidity: high }, points: 400, because: "" }',
        '{ when: { goal_volume: 3 }, points: 10, because: you want volume, weight: 2 }',
      ]),
      'scoring.yaml',
      known,
    );
    expect(problems.map(formatDataProblem)).toMatchInlineSnapshot(`
      [
        "scoring.yaml:6:55  points go from -100 to 100",
        "scoring.yaml:6:69  say why, in the shopper’s terms ("your hair feels dry")",
        "scoring.yaml:7:75  Unknown key(s): weight.",
      ]
    `);
  });
});
