/**
 * A flow's step view, tracked from the one place every flow runs (app/flow/flow-runner.tsx): consultations,
 * checkout, feedback and cancellation alike, each step and the results, with the flow's variants and the page's A/B
 * arms, for the drop-off report (issue 29 item 8).
 */
import { flowStepEvent } from './events';
import { currentFlags } from '../flags';
import { track } from './tracker';
import { trackConsultationCompleted } from './marketing';

/** A step view; a consultation's results are also its `consultation_completed` marketing event (./marketing.ts). */
export function trackFlowStep(kind: string, flow: string, step: string | null, variants: Record<string, string>): void {
  const event = flowStepEvent({ kind, flow, step: step ?? 'results', variants, flags: currentFlags() });
  if (event) track(event);
  if (kind === 'consultation' && step === null) trackConsultationCompleted(flow);
}
