import type { AnswerCatalog, KnownFacts } from '#engine/compiler';
import type { Formula, ProductRecommendation, RankedFragrance } from '#api';
import { loadRecommendationTable, recommendProducts, type RecommendationTable } from './recommendations/recommend-products';
import { loadFragranceTable, rankFragrances, type FragranceTable } from './fragrances/rank-fragrances';
import { aggressorSlugs, knownFacts } from './known-facts';
import { computeScores, profileFacts, type AggressorLevel, type Score } from './scoring/compute-scores';
import { loadScoringTable, type ScoringCategory, type ScoringTable } from './scoring/scoring-table';
import { loadTexturesTable, rankTextures, type RankedTexture, type TexturesTable } from './textures/rank-textures';
import { loadCatalogue, type Catalogue } from './catalogue/load-catalogue';
import { composeFormula, seasonOf, type CompositionLine } from './formulas/build-formula';
import { loadFormulasTable, type FormulasTable } from './formulas/formulas-table';
import type { FormulaSet } from './formulas/formula-views';
import { consultationCategories, categoryOf } from '#api';
import { feedbackFacts } from './feedback/feedback-answers';
import { loadFeedbackRules, type FeedbackRules, type FeedbackRulesContext } from './feedback/feedback-rules';
import { adjustFromFeedback, textureFromFeedback, type ShopperFeedback } from './feedback/adjust-from-feedback';
import { composeWithFeedback } from './feedback/apply-adjustment';

/**
 * The formulation service's tables, read and checked once at start (a broken table stops the server
 * with every problem and its file:line:column), and what it derives from one profile. Pure: the same
 * answers and aggressors always derive the same data.
 */
export interface Formulation {
  scoring: ScoringTable;
  textures: TexturesTable;
  fragrances: FragranceTable;
  recommendations: RecommendationTable;
  /** What the tables' rules may read: the answers, `aggressor.<slug>` and `score.<dimension>`. */
  known: KnownFacts;
  catalogue: Catalogue;
  formulas: FormulasTable;
  /** How a completed feedback changes the next formulas (feedback/feedback-rules.yaml). */
  feedbackRules: FeedbackRules;
  /** Everything derived from one profile's answers and the aggressors of its place today. */
  derive(answers: Readonly<Record<string, unknown>>, aggressors: readonly AggressorLevel[]): DerivedProfile;
  /**
   * Every formula that would be made for the profile on `date` (its aggressors are the place's on that date):
   * each haircare product, the supplement, and the skincare cleanser, serum and moisturizer in the texture the
   * shopper chose (else their top-ranked one). With the shopper's latest completed `feedback`, each formula it
   * changes says what changed and why (feedback/README.md).
   */
  formulate(
    answers: Readonly<Record<string, unknown>>,
    aggressors: readonly AggressorLevel[],
    date: Date,
    derived?: DerivedProfile,
    feedback?: ShopperFeedback,
  ): FormulaSet;
  /** One skeleton's formula for a formulated profile (any skincare texture, chosen or not). */
  formulateSkeleton(set: FormulaSet, derived: DerivedProfile, slug: string): Formula;
  /** The same, with the full composition (every ingredient's %), which stays on the server. */
  composeSkeleton(set: FormulaSet, derived: DerivedProfile, slug: string): { formula: Formula; composition: CompositionLine[] };
}

export interface DerivedProfile {
  scores: Record<ScoringCategory, Score[]>;
  textures: Record<'CLEANSER' | 'MOISTURIZER', RankedTexture[]>;
  fragrances: Record<ScoringCategory, RankedFragrance[]>;
  routine: Record<ScoringCategory, ProductRecommendation[]>;
}

/** What feedback-rules.yaml is checked against: the feedback answers, the catalogue, the formulas, the scores and the scents. */
export function feedbackRulesContextOf(tables: Pick<Formulation, 'scoring' | 'fragrances' | 'catalogue' | 'formulas'>): FeedbackRulesContext {
  const { scoring, fragrances, catalogue, formulas } = tables;
  const scented = (c: 'haircare' | 'skincare') => fragrances.categories[c].catalogue.filter((f) => f.slug !== fragrances.categories[c].fragranceFree);
  return {
    known: feedbackFacts({ haircare: scented('haircare').map((f) => f.slug), skincare: scented('skincare').map((f) => f.slug) }),
    catalogue,
    formulas,
    dimensions: { haircare: scoring.haircare.map((d) => d.id), skincare: scoring.skincare.map((d) => d.id) },
    fragrances: { haircare: new Map(scented('haircare').map((f) => [f.slug, f.name])), skincare: new Map(scented('skincare').map((f) => [f.slug, f.name])) },
  };
}

/** Builds the formulation from the flows' answer catalogue (the fields and values its rules may test). */
export function createFormulation(catalog: AnswerCatalog): Formulation {
  const known = knownFacts(catalog);
  const scoring = loadScoringTable(known);
  // Later tables may also read the scores, as `score.<dimension>` (0-100).
  const withScores = new Map(known);
  for (const dimension of [...scoring.haircare, ...scoring.skincare]) withScores.set(`score.${dimension.id}`, { values: null });
  const textures = loadTexturesTable(
    scoring.skincare.map((d) => d.id),
    aggressorSlugs,
  );
  const fragrances = loadFragranceTable(withScores);
  const recommendations = loadRecommendationTable(withScores);
  const catalogue = loadCatalogue();
  const fragranceFree = { haircare: fragrances.categories.haircare.fragranceFree, skincare: fragrances.categories.skincare.fragranceFree };
  const scentSlugs = consultationCategories.flatMap((c) => fragrances.categories[c].catalogue.map((f) => f.slug).filter((slug) => slug !== fragranceFree[c]));
  const formulas = loadFormulasTable({
    catalogue,
    known: withScores,
    dimensions: { haircare: scoring.haircare.map((d) => d.id), skincare: scoring.skincare.map((d) => d.id) },
    scentSlugs,
  });
  const feedbackRules = loadFeedbackRules(feedbackRulesContextOf({ scoring, fragrances, catalogue, formulas }));
  const skeletons = [...catalogue.skeletons.values()];
  const formulation: Formulation = {
    scoring,
    textures,
    fragrances,
    recommendations,
    catalogue,
    formulas,
    feedbackRules,
    known: withScores,
    formulate(answers, aggressors, date, derived = formulation.derive(answers, aggressors), feedback) {
      const season = seasonOf(date);
      const all = [...derived.scores.haircare, ...derived.scores.skincare];
      const facts = { ...profileFacts(answers, aggressors), ...Object.fromEntries(all.map((s) => [`score.${s.dimension}`, s.score])), season };
      const set: FormulaSet = { date: date.toISOString().slice(0, 10), season, facts, formulas: [] };
      const adjustments = feedback ? adjustFromFeedback(feedbackRules, feedback) : new Map();
      const textures = new Map<string, string>();
      // The texture chosen in the consultation, else the top-ranked one; the feedback may pick or step to another.
      const texture = (field: string, product: 'CLEANSER' | 'MOISTURIZER') => {
        const now = typeof answers[field] === 'string' ? answers[field] : derived.textures[product][0]!.skeleton_slug;
        const type = product.toLowerCase();
        const slug = textureFromFeedback(feedbackRules, adjustments.get(type), now);
        if (slug !== now) textures.set(type, slug);
        return slug;
      };
      if (adjustments.size > 0) set.feedback = { adjustments, textures };
      const skincare = new Set([texture('pref_texture_cleanser', 'CLEANSER'), 'serum', texture('pref_texture_moisturizer', 'MOISTURIZER')]);
      set.formulas = skeletons.filter((s) => s.category !== 'skincare' || skincare.has(s.slug)).map((s) => formulation.formulateSkeleton(set, derived, s.slug));
      return set;
    },
    formulateSkeleton(set, derived, slug) {
      return formulation.composeSkeleton(set, derived, slug).formula;
    },
    composeSkeleton(set, derived, slug) {
      const skeleton = catalogue.skeletons.get(slug);
      if (!skeleton) throw new Error(`No skeleton "${slug}".`);
      const category = categoryOf(skeleton.category);
      const scores = new Map(derived.scores[category].map((s) => [s.dimension, s]));
      const input = { facts: set.facts, scores, fragrances: derived.fragrances, fragranceFree, date: set.date, season: set.season };
      return composeWithFeedback(
        (feedback) => composeFormula(formulas, catalogue, skeleton, feedback ? { ...input, feedback } : input),
        set.feedback?.adjustments.get(skeleton.product_type),
        set.feedback?.textures.get(skeleton.product_type) === slug,
      );
    },
    derive(answers, aggressors) {
      const facts = profileFacts(answers, aggressors);
      const scores = { haircare: computeScores(scoring, 'haircare', facts), skincare: computeScores(scoring, 'skincare', facts) };
      const scored = { ...facts, ...Object.fromEntries([...scores.haircare, ...scores.skincare].map((s) => [`score.${s.dimension}`, s.score])) };
      return {
        scores,
        textures: rankTextures(textures, scores.skincare, aggressors),
        fragrances: { haircare: rankFragrances(fragrances, 'haircare', scored), skincare: rankFragrances(fragrances, 'skincare', scored) },
        routine: { haircare: recommendProducts(recommendations, 'haircare', scored), skincare: recommendProducts(recommendations, 'skincare', scored) },
      };
    },
  };
  return formulation;
}
