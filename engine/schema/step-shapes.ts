import type { StepKind } from './flow-schema.ts';

/** Kinds whose answer is a list of option values (multi-select, spec 000 §5.1). */
export const listKinds: ReadonlySet<StepKind> = new Set<StepKind>(['multi', 'goals', 'routine-products']);
/** Kinds whose one answer moves the shopper on by itself after 300 ms (spec 000 §2.3). */
export const autoAdvanceKinds: ReadonlySet<StepKind> = new Set<StepKind>(['single', 'boolean', 'fragrance', 'ranked-fragrance', 'textures']);

/** Whether a step of this kind stores a list. */
export const isListKind = (kind: StepKind): boolean => listKinds.has(kind);
