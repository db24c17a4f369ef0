import type { StepKind } from './flow-schema.ts';

/** Kinds whose answer is a list of option values (multi-select, spec 000 §5.1). */
export const listKinds: ReadonlySet<StepKind> = new Set<StepKind>(['multi', 'goals', 'routine-products']);
/** Kinds whose one answer moves the shopper on by itself after 300 ms (spec 000 §2.3; spec 002 §2.8 rating, texture, fragrance). */
export const autoAdvanceKinds: ReadonlySet<StepKind> = new Set<StepKind>([
  'single',
  'boolean',
  'fragrance',
  'ranked-fragrance',
  'textures',
  'rating',
  'texture',
  'fragrance-choice',
]);
/**
 * Kinds whose answer is saved as soon as they show, once (spec 002 §2.7: reaching a results screen completes the
 * feedback), without moving on: the shopper reads them, then goes on with their button.
 */
export const savedWhenShownKinds: ReadonlySet<StepKind> = new Set<StepKind>(['feedback-results']);
/** Kinds whose answer is free text, and whose empty text is not saved (spec 002 §2.6, §5.4). */
export const textKinds: ReadonlySet<StepKind> = new Set<StepKind>(['text', 'public-review']);

/** Whether a step of this kind stores a list. */
export const isListKind = (kind: StepKind): boolean => listKinds.has(kind);
