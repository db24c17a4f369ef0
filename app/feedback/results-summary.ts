/**
 * The results screen's summary (spec 002 §2.7), loaded only when a feedback reaches its results (or once the shopper
 * starts answering, with the other steps' code): the engine's feedbackSummary is read by that screen alone, so it stays
 * out of a feedback page's first download. The build puts it in one file with the results step (vite.config.ts).
 */
export { feedbackSummary } from '#engine';
