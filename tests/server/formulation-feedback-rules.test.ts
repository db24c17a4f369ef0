import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerCatalog, formatDataProblem, loadFlowDirectory } from '#engine/compiler';
import { createFormulation, feedbackRulesContextOf, type Formulation } from '../../server/formulation/formulation';
import { compileFeedbackRulesSource, type FeedbackRulesContext } from '../../server/formulation/feedback/feedback-rules';

// The feedback rules' file (issue 26 item 5) is checked when it loads, like the formulation's other tables: every
// problem with its file:line:column, what was expected and a "did you mean".

let formulation: Formulation;
let context: FeedbackRulesContext;
beforeAll(() => {
  formulation = createFormulation(answerCatalog(loadFlowDirectory('flows').flows));
  context = feedbackRulesContextOf(formulation);
});

const problemsOf = (text: string) => compileFeedbackRulesSource(text, 'feedback-rules.yaml', context).problems.map(formatDataProblem);

/** A rules file whose other parts are sound, with `haircare` (and the rest) as given. */
const file = (rules: { haircare?: string; skincare?: string; supplements?: string; head?: string }) =>
  [
    rules.head ?? 'fragrance_free: [frag_free, FRAGRANCE_FREE]\ntextures:\n  cleanser: [foaming_gel, cleansing_cream]\n  moisturizer: [light, medium, rich]',
    `haircare:${rules.haircare ?? ' []'}`,
    `skincare:${rules.skincare ?? ' []'}`,
    `supplements:${rules.supplements ?? ' []'}`,
  ].join('\n');

describe('feedback-rules.yaml (issue 26 item 5)', () => {
  it('the shipped file loads, each category with rules, each rule with its sentence', () => {
    const { table, problems } = compileFeedbackRulesSource(
      readFileSync('server/formulation/feedback/feedback-rules.yaml', 'utf8'),
      'server/formulation/feedback/feedback-rules.yaml',
      context,
    );
    expect(problems.map(formatDataProblem)).toEqual([]);
    for (const category of ['haircare', 'skincare', 'supplements'] as const) expect(table!.rules[category].length).toBeGreaterThan(0);
    for (const rule of Object.values(table!.rules).flat()) expect(rule.because).toMatch(/^(you|it) /);
  });

  it('names the field, value, product, score and ingredient it does not know, with file:line:column and a did-you-mean', () => {
    const text = file({
      haircare: `
  - rule: greasy
    when: { product_shampoo_impakt: uncleansed_greasy }
    products: [shampooo]
    scores: { scalp_oill: 25 }
    change: a deeper clean
    because: you told us your shampoo left your hair greasy
  - rule: heavy
    when: { product_conditioner_impact: over_heavy }
    products: [conditioner]
    prefer: [purple_v3]
    change: a lighter conditioner
    because: you told us your conditioner left your hair heavy`,
    });
    expect(problemsOf(text)).toMatchInlineSnapshot(`
      [
        "feedback-rules.yaml:7:13  The rule tests "product_shampoo_impakt", which is no answer field or fact this table knows. Did you mean "product_shampoo_impact"?",
        "feedback-rules.yaml:8:16  "shampooo" is no haircare product. Expected one of: shampoo, conditioner, hair_mask, leavein_conditioner, curl_cream, dry_shampoo, hair_oil, scalp_mask, scalp_serum, styling_gel. Did you mean "shampoo"?",
        "feedback-rules.yaml:9:15  "scalp_oill" is no haircare score. Expected one of: dryness, damage, frizz, volume, scalp_oil, scalp_sensitivity, dandruff, shedding, curl_definition, colour_care, shine. Did you mean "scalp_oil"?",
        "feedback-rules.yaml:13:41  "product_conditioner_impact" cannot be "over_heavy". Expected one of: "underconditioned_dry", "soft_manageable", "overconditioned_heavy".",
        "feedback-rules.yaml:15:14  "purple_v3" is no ingredient of the catalogue. Did you mean "purple_v2"?",
      ]
    `);
  });

  it('refuses changes that could not apply: a texture for a one-texture product, a base factor past a use level, a scent from an answer that is no fragrance', () => {
    const text = file({
      haircare: `
  - rule: lighter_shampoo
    when: { product_shampoo_impact: uncleansed_greasy }
    products: [shampoo]
    texture: lighter
    change: a lighter shampoo
    because: you told us your shampoo left your hair greasy
  - rule: much_richer
    when: { product_hair_mask_impact: "no" }
    products: [hair_mask]
    base: { emollient: 2, moisturizing: 1.2 }
    change: a richer mask
    because: you told us your mask left your hair dry
  - rule: scent_from_impact
    when: { product_shampoo_impact: clean }
    products: [shampoo, scalp_mask]
    scent: { from: product_shampoo_impact }
    change: "{fragrance} now, {name}"
    because: you told us your shampoo was clean`,
    });
    expect(problemsOf(text)).toMatchInlineSnapshot(`
      [
        "feedback-rules.yaml:8:5  "shampoo" comes in one texture: a texture change needs a product listed under textures.",
        "feedback-rules.yaml:15:27  "moisturizing" is no ingredient function.",
        "feedback-rules.yaml:15:5  In the hair_mask base, cetearyl_alcohol would be 12%, above its rinse-off use level of 8%.",
        "feedback-rules.yaml:22:13  "{name}" is no placeholder here: only {fragrance}, in a rule whose scent comes from an answer.",
        "feedback-rules.yaml:20:5  "scalp_mask" has no scent to change.",
        "feedback-rules.yaml:21:20  "product_shampoo_impact" can be "uncleansed_greasy", which is no haircare fragrance and no fragrance-free value (frag_free, FRAGRANCE_FREE).",
        "feedback-rules.yaml:21:20  "product_shampoo_impact" can be "clean", which is no haircare fragrance and no fragrance-free value (frag_free, FRAGRANCE_FREE).",
        "feedback-rules.yaml:21:20  "product_shampoo_impact" can be "overstripped_dry", which is no haircare fragrance and no fragrance-free value (frag_free, FRAGRANCE_FREE).",
      ]
    `);
  });

  it('refuses a rule written twice, a keep rule that changes something, a rule that changes nothing, and a texture list that misses one', () => {
    const text = file({
      head: 'fragrance_free: [frag_free]\ntextures:\n  cleanser: [foaming_gel, gel_cream]\n  moisturizer: [light, medium, thick]',
      supplements: `
  - { rule: early, when: { product_supplements_usage_duration: two_months }, products: [supplement_core], keep: true, scores: { shedding: 10 }, change: kept as it is, because: it takes 90 days }
  - { rule: early, when: { product_supplements_usage_duration: le_one_month }, products: [supplement_core], change: nothing, because: it takes 90 days }`,
    });
    expect(problemsOf(text)).toMatchInlineSnapshot(`
      [
        "feedback-rules.yaml:3:27  "gel_cream" is no cleanser skeleton. Expected one of: foaming_gel, cleansing_cream.",
        "feedback-rules.yaml:3:3  The cleanser texture "cleansing_cream" is missing from its list.",
        "feedback-rules.yaml:4:32  "thick" is no moisturizer skeleton. Expected one of: light, medium, rich.",
        "feedback-rules.yaml:4:3  The moisturizer texture "rich" is missing from its list.",
        "feedback-rules.yaml:8:107  A keep rule keeps the formula as it is: remove scores.",
        "feedback-rules.yaml:9:13  The rule "early" is written twice: each rule's name is its own.",
        "feedback-rules.yaml:9:13  The rule changes nothing: give it scores, base, texture, scent, actives, prefer or avoid (or keep: true).",
      ]
    `);
  });

  it('reports YAML syntax and unknown keys at their place', () => {
    expect(problemsOf(file({ haircare: '\n  - { rule: broken, when: { scalp_oiliness: "no" }' }))[0]).toMatch(/^feedback-rules\.yaml:7:\d+ {2}YAML syntax:/);
    expect(
      problemsOf(
        file({
          haircare: `
  - { rule: oily, when: { scalp_oiliness: "no" }, products: [shampoo], scores: { scalp_oil: 20 }, change: more oil control, because: you told us, wen: {} }`,
        }),
      ),
    ).toMatchInlineSnapshot(`
      [
        "feedback-rules.yaml:6:147  Unknown key(s): wen.",
      ]
    `);
  });
});
