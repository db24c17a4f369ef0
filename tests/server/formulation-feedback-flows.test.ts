import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerCatalog, formatDataProblem, loadFlowDirectory, type KnownFacts } from '#engine/compiler';
import { createFormulation, feedbackRulesContextOf, type Formulation } from '../../server/formulation/formulation';
import { compileFeedbackRulesSource } from '../../server/formulation/feedback/feedback-rules';
import type { FeedbackCategory } from '../../server/formulation/feedback/feedback-answers';

// The feedback rules read the answers the feedback flows save (flows/feedback/*.yaml, spec 002 §3.2): compiled
// against the flows' own answer fields and values instead of feedback-answers.ts, they name nothing the flows
// cannot write.

let formulation: Formulation;
let flowFacts: Record<FeedbackCategory, KnownFacts>;
beforeAll(() => {
  const { flows } = loadFlowDirectory('flows');
  formulation = createFormulation(answerCatalog(flows));
  const factsOf = (ids: string[]): KnownFacts => {
    const catalog = answerCatalog(flows.filter((f) => ids.includes(f.id)));
    return new Map([...catalog.fields].map(([name, field]) => [name, { values: field.values ?? null, list: field.shape === 'list' }]));
  };
  flowFacts = {
    haircare: factsOf(['feedback-haircare']),
    skincare: factsOf(['feedback-skincare', 'feedback-skincare-starter']),
    supplements: factsOf(['feedback-supplements']),
  };
});

describe('feedback-rules.yaml reads what the feedback flows write (issue 26 item 5; spec 002 §3.2, §9)', () => {
  it('every field and value a rule tests is one a feedback flow saves', () => {
    const file = 'server/formulation/feedback/feedback-rules.yaml';
    const { problems } = compileFeedbackRulesSource(readFileSync(file, 'utf8'), file, { ...feedbackRulesContextOf(formulation), known: flowFacts });
    expect(problems.map(formatDataProblem)).toEqual([]);
  });

  it('the rules’ vocabulary (feedback-answers.ts) holds every value the flows save for the fields it names', () => {
    const vocabulary = feedbackRulesContextOf(formulation).known;
    for (const category of ['haircare', 'skincare', 'supplements'] as const) {
      for (const [name, field] of vocabulary[category]) {
        const written = flowFacts[category].get(name);
        expect(written, `${category} ${name}`).toBeDefined();
        // Besides null: a follow-up cleared by a satisfaction of 0 (spec 002 §4.4), which no rule reads.
        const values = written?.values?.filter((v) => v !== null);
        if (field.values && values) expect(field.values, `${category} ${name}`).toEqual(expect.arrayContaining(values));
      }
    }
  });
});
