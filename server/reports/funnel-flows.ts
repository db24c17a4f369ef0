/**
 * The flows a drop-off report covers, as the engine compiles them (flows/: consultations, checkouts, feedback,
 * cancellations): each flow's id, kind and its steps in the flow's order, ending at `results`. The web app records a
 * step view under the step's name and the flow's end under `results` (app/tracking/flow-tracking.ts); a feedback
 * flow's own `results` step is where its feedback is saved completed (spec 002 §2.7), so there too `results` is the end.
 */
import path from 'node:path';
import { loadFlowDirectory } from '#engine/compiler';

/** The step name the web app records when a flow reaches its results (its end). */
export const FLOW_END = 'results';

/** One flow as the report reads it. */
export interface FunnelFlow {
  id: string;
  kind: string;
  category: string;
  /** Every step of the compiled flow in order (question-set and variant steps included), then `results`. */
  steps: string[];
}

/** Every flow under `dir` (default flows/, as the server's FLOWS_DIR); throws with the flows' problems. */
export function loadFunnelFlows(dir: string): FunnelFlow[] {
  const loaded = loadFlowDirectory(dir, path.dirname(path.resolve(dir)));
  if (loaded.problems.length > 0) throw new Error(`The flows in ${dir} have ${loaded.problems.length} problem(s):\n\n${loaded.problems.join('\n\n')}`);
  return loaded.flows.map((flow) => {
    const steps = flow.steps.map((step) => step.name);
    return { id: flow.id, kind: flow.kind, category: flow.category, steps: steps.includes(FLOW_END) ? steps : [...steps, FLOW_END] };
  });
}
