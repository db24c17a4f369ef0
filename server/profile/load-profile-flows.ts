import { answerCatalog, checkAnswers, loadFlowDirectory, questionSets } from '#engine/compiler';
import type { ProfileFlows } from './profile-flows';

/** Compiles every flow under `dir` with the engine and serves answer checks and question sets from them; a flow with problems stops the start. */
export function loadProfileFlows(dir: string): ProfileFlows {
  const { flows, problems } = loadFlowDirectory(dir);
  if (problems.length > 0) throw new Error(`The flows in ${dir} have ${problems.length} problem(s):\n\n${problems.join('\n\n')}`);
  const catalog = answerCatalog(flows);
  return {
    checkAnswers: (body) => checkAnswers(catalog, body),
    questionSets: (category) => questionSets(flows, category),
  };
}
