import type { FlowProblem } from '#engine';

/** Words for a failure the shopper cannot fix by changing an answer. */
export const SOMETHING_WRONG = 'Something went wrong. Please try again.';

/**
 * What a flow's problem says to the shopper, under the step (the engine returns codes, the app words them). A save
 * that failed with an API error shows that error's own detail (the server's or the save adapter's words).
 */
export function problemText(problem: FlowProblem | null): string | undefined {
  if (!problem) return undefined;
  switch (problem.code) {
    case 'answer_required':
      return 'Please choose an answer to continue.';
    case 'save_failed':
      return problem.detail ?? SOMETHING_WRONG;
    case 'next_step_failed':
    case 'route_failed':
      return SOMETHING_WRONG;
  }
}
