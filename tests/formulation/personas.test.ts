import { beforeAll, describe, expect, it } from 'vitest';
import type { Formula } from '#api';
import { answerCatalog, loadFlowDirectory } from '#engine/compiler';
import { computeAggressors } from '../../server/formulation/aggressors/compute-aggressors';
import { createFormulation, type Formulation } from '../../server/formulation/formulation';
import { loadProfileFlows } from '../../server/profile/load-profile-flows';
import { countryOf, locateZipcode } from '../../server/profile/locate-zipcode';
import { personas, type Persona } from '../fixtures/personas';

// Named personas whose formulas are pinned and reviewed (issue 4 point 11). Each persona's results are written
// as plain text in tests/formulation/personas/<name>.txt: a change to the rules, the catalogue or the climate
// data shows as a readable diff of that file. After reviewing the diff, accept it with
// `npx vitest run --project unit tests/formulation/personas.test.ts -u`.

let formulation: Formulation;
beforeAll(() => {
  formulation = createFormulation(answerCatalog(loadFlowDirectory('flows').flows));
});

/** What a persona gets, as a formulator would review it. */
export async function describePersona(formulation: Formulation, persona: Persona): Promise<string> {
  const date = new Date(`${persona.date}T12:00:00Z`);
  const place = await locateZipcode(String(persona.answers.profile_zipcode), countryOf(persona.answers.profile_country));
  if (!place) throw new Error(`${persona.name}: unknown zip code`);
  const aggressors = computeAggressors(place, persona.answers, date).map(({ slug, level }) => ({ slug, level }));
  const derived = formulation.derive(persona.answers, aggressors);
  const set = formulation.formulate(persona.answers, aggressors, date, derived);
  const lines = [
    `# ${persona.name}: ${persona.summary}`,
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
