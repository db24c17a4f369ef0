import { beforeAll, describe, expect, it } from 'vitest';
import { answerCatalog, formatDataProblem, loadFlowDirectory } from '#engine/compiler';
import { aggressorSlugs, knownFacts } from '../../server/formulation/known-facts';
import { loadScoringTable, type ScoringTable } from '../../server/formulation/scoring/scoring-table';
import { computeScores, profileFacts, type AggressorLevel } from '../../server/formulation/scoring/compute-scores';
import {
  compileTexturesSource,
  loadTexturesTable,
  rankTextures,
  skeletonRecommendationsOf,
  type TexturesTable,
} from '../../server/formulation/textures/rank-textures';
import { rankedSkeletons } from '../fixtures/skeleton-recommendations';

let scoring: ScoringTable;
let textures: TexturesTable;
beforeAll(() => {
  scoring = loadScoringTable(knownFacts(answerCatalog(loadFlowDirectory('flows').flows)));
  textures = loadTexturesTable(
    scoring.skincare.map((d) => d.id),
    aggressorSlugs,
  );
});

const order = (answers: Record<string, unknown>, aggressors: AggressorLevel[] = []) => {
  const ranked = rankTextures(textures, computeScores(scoring, 'skincare', profileFacts(answers, aggressors)), aggressors);
  return { cleanser: ranked.CLEANSER.map((t) => t.skeleton_slug), moisturizer: ranked.MOISTURIZER.map((t) => t.skeleton_slug), ranked };
};

const oily = { diag_skintype_morning: 'oily', diag_skintype_afternoon: 'oily', diag_skintype_shower: 'oily', diag_concerns: ['oiliness', 'breakouts'] };
const dry = { diag_skintype_morning: 'tights', diag_skintype_afternoon: 'tights', diag_skintype_shower: 'tights', diag_concerns: ['dryness', 'sensitivity'] };
const combination = {
  diag_skintype_morning: 'depends_on_area',
  diag_skintype_afternoon: 'depends_on_area',
  diag_skintype_shower: 'balanced',
  diag_oil_location: ['t_zone'],
};

describe('skincare texture ranking (spec 000 §3.6; issue 4 point 6)', () => {
  it('oily skin: the foaming gel and the light gel cream first, with the reason', () => {
    const { cleanser, moisturizer, ranked } = order(oily);
    expect(cleanser).toEqual(['foaming_gel', 'cleansing_cream']);
    expect(moisturizer).toEqual(['light', 'medium', 'rich']);
    expect(ranked.MOISTURIZER[0]!.because[0]).toBe('your skin gets oily');
  });

  it('dry skin: the gentle cream cleanser and the rich cream first', () => {
    const { cleanser, moisturizer } = order(dry);
    expect(cleanser).toEqual(['cleansing_cream', 'foaming_gel']);
    expect(moisturizer[0]).toBe('rich');
  });

  it('combination skin: the medium cream first', () => {
    expect(order(combination).moisturizer[0]).toBe('medium');
  });

  it('the season at the shopper’s place moves the moisturizer: richer in a cold, dry winter, lighter in a humid summer', () => {
    const winter = order(combination, [
      { slug: 'cold', level: 'high' },
      { slug: 'dry_air', level: 'high' },
      { slug: 'wind', level: 'moderate' },
    ]);
    const summer = order(combination, [
      { slug: 'humidity', level: 'high' },
      { slug: 'heat', level: 'high' },
    ]);
    expect(winter.moisturizer[0]).toBe('rich');
    expect(summer.moisturizer[0]).toBe('light');
    expect(winter.ranked.MOISTURIZER[0]!.because).toContain('the cold where you live dries the skin at this time of year');
  });

  it('answers with ranks 1..n in the §3.6 shape, and the same profile always ranks the same', () => {
    const { ranked } = order(oily);
    expect(skeletonRecommendationsOf(ranked)).toEqual(
      rankedSkeletons({ CLEANSER: ['foaming_gel', 'cleansing_cream'], MOISTURIZER: ['light', 'medium', 'rich'] }),
    );
    expect(order(oily).ranked).toEqual(ranked);
  });

  it('a weight naming an unknown dimension is refused at its key', () => {
    const text = [
      'CLEANSER:',
      '  foaming_gel:',
      '    base: 20',
      '    weights:',
      '      oily: { weight: 1, because: your skin gets oily }',
      'MOISTURIZER: {}',
    ].join('\n');
    const { problems } = compileTexturesSource(text, 'textures.yaml', ['oil', 'hydration'], ['humidity']);
    expect(problems.map(formatDataProblem)).toEqual([
      'textures.yaml:5:7  "oily" is no scoring dimension or aggressor. Expected one of: oil, hydration, aggressor.humidity.',
    ]);
  });
});
