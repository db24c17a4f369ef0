import { answerCatalog, checkAnswers, loadFlowDirectory, questionSets, type AnswerCatalog } from '#engine/compiler';
import { anonymousEnvironment, createFlowRuntime, firstUnansweredIndex, type Answers } from '#engine';
import { createFormulation } from '../formulation/formulation';
import { feedbackFlows } from '../feedback/feedback-flows';
import type { AnswerCheck, ConsultationPage, ProfileFlows } from './profile-flows';

/** Compiles every flow under `dir` with the engine and serves answer checks and question sets from them; a flow with problems stops the start. */
export function loadProfileFlows(dir: string): ProfileFlows {
  const loaded = loadFlowDirectory(dir);
  if (loaded.problems.length > 0) throw new Error(`The flows in ${dir} have ${loaded.problems.length} problem(s):\n\n${loaded.problems.join('\n\n')}`);
  // The profile's answers are the consultations'; a checkout's answers are its order's, never stored as a profile.
  const flows = loaded.flows.filter((f) => f.kind === 'consultation');
  const catalog = answerCatalog(flows);
  const flags = profileFlags(catalog);
  // A page path's step: the first with that route names the page's landing texts (its steps' words and those that may
  // follow, engine/compile/landing-texts.ts), and its section the texts the page loads after; a flow's results page
  // shows every answer, so it needs every section's texts.
  const pages = new Map<string, ConsultationPage>();
  for (const flow of flows) {
    for (const step of flow.steps) if (!pages.has(step.route)) pages.set(step.route, { sections: [step.section], results: false, landing: step.name });
    if (flow.routes.results) pages.set(flow.routes.results, { sections: flow.sections.map((s) => s.id), results: true });
  }
  // Each consultation as a signed-in shopper runs it from its start (no question set, the default variants).
  const signedIn = anonymousEnvironment({ session: 'authenticated' });
  const runtimes = flows.map((flow) => createFlowRuntime(flow, signedIn));
  return {
    checkAnswers: (body) => checkWithFlags(catalog, flags, body),
    completedCategories: (answers) =>
      runtimes
        .filter((runtime) => firstUnansweredIndex(runtime, { answers: answers as Answers, env: signedIn, variants: runtime.variants }) === -1)
        .map((runtime) => runtime.flow.category),
    questionSets: (category) => questionSets(flows, category),
    consultationPage: (path) => pages.get(path.replace(/\/$/, '')),
    formulation: createFormulation(catalog),
    // The feedback flows' answers are an order's feedback records (server/feedback/), never the profile's.
    feedback: feedbackFlows(loaded.flows),
    variantFlags: new Map(flows.flatMap((flow) => Object.values(flow.variants).flatMap((v) => (v.flag ? [[v.flag, v.options] as const] : [])))),
  };
}

/** The profile flags (spec 000 §2.6 has_answered_*): fields that only a flow's or question set's onComplete writes. */
function profileFlags(catalog: AnswerCatalog): Set<string> {
  return new Set([...catalog.fields.values()].filter((f) => f.writers.length > 0 && f.writers.every((w) => w === 'onComplete')).map((f) => f.name));
}

/**
 * The engine's check, except for the profile flags: they take true or false (the catalogue knows only the value
 * onComplete writes) and, not being answers, do not start a consultation.
 */
function checkWithFlags(catalog: AnswerCatalog, flags: Set<string>, body: Record<string, unknown>): AnswerCheck {
  // Entries and fromEntries, never `object[name] =`: a field may be named "__proto__" or "constructor".
  const entries = Object.entries(body);
  const answers = Object.fromEntries(entries.filter(([name]) => !flags.has(name)));
  const fields = Object.fromEntries(
    entries.filter(([name, value]) => flags.has(name) && typeof value !== 'boolean').map(([name]) => [name, ['Expected true or false.']]),
  );
  const check = checkAnswers(catalog, answers);
  if (!check.ok) return { ok: false, fields: { ...check.fields, ...fields } };
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, answers: body, categories: check.categories };
}
