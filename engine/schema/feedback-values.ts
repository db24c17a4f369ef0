// The feedback family's constants (spec 002 §9), apart from its zod schemas (steps/feedback.ts) so the browser's
// runtime reads them without the schema library.

/** Longest free text a feedback text field accepts (public review, text area), in characters. */
export const FEEDBACK_TEXT_MAX = 2000;

/** The status a results screen writes (spec 002 §2.7, §4.2). */
export const FEEDBACK_COMPLETED = 'completed';

/** The value a rating's skip answer stores (spec 002 §9.2, §4.4). */
export const RATING_SKIP = 0;

/** The rating scale of spec 002 §9.2: 0 is the skip ("I haven't used it enough"), drawn apart from the five. */
export const RATING_SCALE = [
  { value: 0, label: 'I haven’t used it enough' },
  { value: 1, label: 'Very Unsatisfied' },
  { value: 2, label: 'Unsatisfied' },
  { value: 3, label: 'Neutral' },
  { value: 4, label: 'Satisfied' },
  { value: 5, label: 'Very Satisfied' },
] as const;

/** The fragrance intensity answers of spec 002 §9.4 (too_strong: reduce; too_light: reinforce). */
export const INTENSITY_OPTIONS = [
  { value: 'too_strong', label: 'Too strong' },
  { value: 'too_light', label: 'Too light' },
  { value: 'just_right', label: 'Just right' },
] as const;

/** The names of the supplement progress phases of spec 002 §9.6 (phase1, phase2, phase3), unless the flow names them. */
export const PHASE_LABELS = ['First signs of growth (months 1 to 3)', 'Visible growth (months 3 to 6)', 'Lasting results (from month 6)'] as const;
