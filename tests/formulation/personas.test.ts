import { beforeAll, describe, expect, it } from 'vitest';
import type { Formula } from '#api';
import { answerCatalog, loadFlowDirectory } from '#engine/compiler';
import { computeAggressors } from '../../server/formulation/aggressors/compute-aggressors';
import { createFormulation, type Formulation } from '../../server/formulation/formulation';
import { loadProfileFlows } from '../../server/profile/load-profile-flows';
import { countryOf, locateZipcode } from '../../server/profile/locate-zipcode';
import { personaFeedback, personas, type Persona, type PersonaFeedback } from '../fixtures/personas';

// Named personas whose formulas are pinned and reviewed (issue 4 point 11). Each persona's results are written
// as plain text in tests/formulation/personas/<name>.txt: a change to the rules, the catalogue or the climate
// data shows as a readable diff of that file. After reviewing the diff, accept it with
// `npx vitest run --project unit tests/formulation/personas.test.ts -u`.

let formulation: Formulation;
beforeAll(() => {
  formulation = createFormulation(answerCatalog(loadFlowDirectory('flows').flows));
});

/** What a persona gets, as a formulator would review it; after a completed feedback, with what it changed and why. */
export async function describePersona(formulation: Formulation, persona: Persona, feedback?: PersonaFeedback): Promise<string> {
  const date = new Date(`${persona.date}T12:00:00Z`);
  const place = await locateZipcode(String(persona.answers.profile_zipcode), countryOf(persona.answers.profile_country));
  if (!place) throw new Error(`${persona.name}: unknown zip code`);
  const aggressors = computeAggressors(place, persona.answers, date).map(({ slug, level }) => ({ slug, level }));
  const derived = formulation.derive(persona.answers, aggressors);
  const given = feedback ? { [feedback.category]: { answers: feedback.answers, items: feedback.items } } : undefined;
  const set = formulation.formulate(persona.answers, aggressors, date, derived, given);
  const lines = [
    `# ${persona.name}: ${persona.summary}`,
    ...(feedback ? [`after a completed ${feedback.category} feedback: ${feedback.summary}`] : []),
    `place: ${place.city}, ${place.region} (${persona.answers.profile_zipcode}) on ${set.date}, ${set.season}`,
    `aggressors: ${
      aggressors
        .filter((a) => a.level !== 'low')
        .map((a) => `${a.slug} ${a.level}`)
        .join(', ') || 'none above low'
    }`,
  ];
  for (const category of persona.categories) {
    const scores = derived.scores[category === 'skincare' ? 'skincare' : 'haircare'];
    lines.push('', `## ${category}`, `scores: ${scores.map((s) => `${s.dimension} ${s.score}`).join(', ')}`);
    const routine = derived.routine[category === 'skincare' ? 'skincare' : 'haircare'];
    for (const formula of set.formulas.filter((f) => (category === 'skincare' ? f.category === 'skincare' : f.category !== 'skincare'))) {
      const placed = routine.find((r) => r.product === formula.product);
      lines.push('', ...formulaLines(formula, placed ? `${placed.section}: ${placed.because}` : 'not in the routine'));
    }
  }
  return `${lines.join('\n')}\n`;
}

function formulaLines(formula: Formula, routine: string): string[] {
  const scent = formula.fragrance
    ? `${formula.fragrance.name} (${formula.fragrance.because})`
    : formula.fragrance_free_because
      ? `fragrance-free (${formula.fragrance_free_because})`
      : 'none (no scent choice)';
  return [
    `### ${formula.label} [${formula.skeleton_slug}]`,
    `routine: ${routine}`,
    `scent: ${scent}`,
    ...formula.free_of.map((r) => `free of ${r.label}: ${r.because}`),
    ...(formula.feedback_changes ?? []).map((c) => `tuned from your feedback: ${c.change}, because ${c.because}`),
    ...formula.actives.map((a) => `- ${a.name} ${a.amount ? `${a.amount.value} ${a.amount.unit}` : `${a.percent}%`} [${a.need}]: ${a.because}`),
    `INCI: ${formula.inci.join(', ')}`,
  ];
}

describe('pinned personas (issue 4 point 11)', () => {
  for (const persona of personas) {
    it(`${persona.name}: ${persona.summary}`, async () => {
      await expect(await describePersona(formulation, persona)).toMatchFileSnapshot(`./personas/${persona.name.toLowerCase()}.txt`);
    });
  }

  it('every persona answers only what the flows accept, as the API checks a saved profile', () => {
    const flows = loadProfileFlows('flows');
    for (const persona of personas) {
      const check = flows.checkAnswers(persona.answers);
      expect(check.ok ? {} : check.fields, `${persona.name}'s answers the flows refuse`).toEqual({});
    }
  });

  it('the personas together cover every hard rule', async () => {
    const rules = new Set<string>();
    for (const persona of personas) {
      const answers = persona.answers;
      const set = formulation.formulate(answers, [], new Date(`${persona.date}T12:00:00Z`));
      for (const f of set.formulas) for (const r of f.free_of) rules.add(r.rule);
    }
    expect([...rules].sort()).toEqual(['for_now', 'fragrance_free', 'gentle_scalp', 'gentle_skin', 'silicone_free', 'vegan']);
  });
});

// The same personas after a completed feedback (issue 26 item 5): the next formulas in full, beside the ones before
// it, and exactly what changed and the sentences the results page and the cart show.
describe('pinned personas after a completed feedback (issue 26 item 5)', () => {
  const changesOf = async (name: string) => {
    const feedback = personaFeedback.find((f) => f.persona === name)!;
    const persona = personas.find((p) => p.name === name)!;
    const date = new Date(`${persona.date}T12:00:00Z`);
    const place = await locateZipcode(String(persona.answers.profile_zipcode), countryOf(persona.answers.profile_country));
    const aggressors = computeAggressors(place!, persona.answers, date).map(({ slug, level }) => ({ slug, level }));
    const before = formulation.formulate(persona.answers, aggressors, date);
    const after = formulation.formulate(persona.answers, aggressors, date, undefined, {
      [feedback.category]: { answers: feedback.answers, items: feedback.items },
    });
    return { before, after, changes: after.formulas.flatMap((f) => f.feedback_changes ?? []) };
  };

  for (const feedback of personaFeedback) {
    it(`${feedback.persona} after ${feedback.category} feedback: ${feedback.summary}`, async () => {
      const persona = personas.find((p) => p.name === feedback.persona)!;
      await expect(await describePersona(formulation, persona, feedback)).toMatchFileSnapshot(`./personas/${persona.name.toLowerCase()}.after-feedback.txt`);
    });
  }

  it('Maya: a milder shampoo, a lighter hair mask with new actives, more frizz control where it counts, and a softer Arcadia', async () => {
    const { before, after, changes } = await changesOf('Maya');
    expect(changes).toEqual([
      { product: 'shampoo', change: 'a milder clean', because: 'you told us your shampoo left your hair dry' },
      { product: 'shampoo', change: 'a softer scent', because: 'you told us the fragrance was too strong' },
      { product: 'conditioner', change: 'more frizz control', because: 'you told us your hair is still frizzy' },
      { product: 'conditioner', change: 'a softer scent', because: 'you told us the fragrance was too strong' },
      { product: 'hair_mask', change: 'a lighter mask', because: 'you told us your hair mask felt too heavy' },
      { product: 'hair_mask', change: 'new key ingredients', because: 'you told us you were unhappy with your hair mask' },
      { product: 'hair_mask', change: 'a softer scent', because: 'you told us the fragrance was too strong' },
      // The leave-in's budget is full of Maya's stronger needs: more frizz control changes nothing there, so it is not said.
      { product: 'leavein_conditioner', change: 'a softer scent', because: 'you told us the fragrance was too strong' },
      { product: 'curl_cream', change: 'a softer scent', because: 'you told us the fragrance was too strong' },
      { product: 'dry_shampoo', change: 'a softer scent', because: 'you told us the fragrance was too strong' },
      { product: 'hair_oil', change: 'more frizz control', because: 'you told us your hair is still frizzy' },
      { product: 'styling_gel', change: 'a softer scent', because: 'you told us the fragrance was too strong' },
    ]);
    // Still Arcadia, everywhere it was; the supplement and the scalp products, which the feedback does not touch, stay.
    expect(after.formulas.map((f) => f.fragrance?.name ?? null)).toEqual(before.formulas.map((f) => f.fragrance?.name ?? null));
    for (const product of ['scalp_mask', 'scalp_serum', 'supplement_core'])
      expect(after.formulas.find((f) => f.product === product)).toEqual(before.formulas.find((f) => f.product === product));
  });

  it('Chris: a gentler cream cleanser, a new lighter serum, more shine control, and Pacifica in all three', async () => {
    const { before, after, changes } = await changesOf('Chris');
    expect(changes).toEqual([
      { product: 'cleanser', change: 'a gentler cleanser', because: 'you told us your cleanser felt too drying' },
      { product: 'cleanser', change: 'Pacifica, your new scent', because: 'you chose a new fragrance in your feedback' },
      { product: 'serum', change: 'a lighter serum', because: 'you told us your serum felt sticky' },
      { product: 'serum', change: 'new key ingredients', because: 'you told us you were unhappy with your serum' },
      { product: 'serum', change: 'more shine control', because: 'you told us your skin is still shiny' },
      { product: 'serum', change: 'Pacifica, your new scent', because: 'you chose a new fragrance in your feedback' },
      { product: 'moisturizer', change: 'more shine control', because: 'you told us your skin is still shiny' },
      { product: 'moisturizer', change: 'Pacifica, your new scent', because: 'you chose a new fragrance in your feedback' },
    ]);
    const skincare = (set: typeof before) => set.formulas.filter((f) => f.category === 'skincare').map((f) => [f.skeleton_slug, f.fragrance?.name]);
    expect(skincare(before)).toEqual([
      ['foaming_gel', 'Blanca'],
      ['serum', 'Blanca'],
      ['light', 'Blanca'],
    ]);
    expect(skincare(after)).toEqual([
      ['cleansing_cream', 'Pacifica'],
      ['serum', 'Pacifica'],
      ['light', 'Pacifica'],
    ]);
  });
});
