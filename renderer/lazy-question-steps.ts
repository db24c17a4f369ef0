import type { ComponentType } from 'react';
import type { QuestionStepKind } from '#engine';
import { lazyComponent, type LazyComponent } from './lazy-component';
import type { StepComponentTable } from './step-components';
import type { StepProps } from './step-props';

const kinds = [
  'welcome',
  'intro',
  'single',
  'multi',
  'boolean',
  'goals',
  'fragrance',
  'zipcode',
  'geo-aggressors',
  'signin',
  'routine-products',
  'matrix',
  'ranked-fragrance',
  'textures',
] as const satisfies readonly QuestionStepKind[];

// A question kind added to the family and missing here fails to compile.
const everyKind: [Exclude<QuestionStepKind, (typeof kinds)[number]>] extends [never] ? true : never = true;
void everyKind;

const loadTable = () => import('./step-components');

// Typed loosely here: each component is the one its kind names in the table, which types them one by one.
const lazySteps = Object.fromEntries(
  kinds.map((kind) => [
    kind,
    lazyComponent<StepProps<QuestionStepKind>>(() => loadTable().then((m) => m.loadStepComponent(kind) as Promise<ComponentType<StepProps<QuestionStepKind>>>)),
  ]),
) as Record<QuestionStepKind, LazyComponent<StepProps<QuestionStepKind>>>;

/**
 * The question family's components (renderer/step-components.ts) for a flow kind that draws only a few of them and
 * seldom first (the feedback: its intros and single choices, while its pages open on a rating): the table and its
 * screens load when one is drawn, or with `preloadLazyQuestionSteps`, so a page opened on another step leaves them out
 * of its first download.
 */
export const lazyQuestionSteps = Object.fromEntries(kinds.map((kind) => [kind, lazySteps[kind].component])) as unknown as StepComponentTable<QuestionStepKind>;

/** Loads the question family's table and every one of its components (renderer/step-components.ts's preload). */
export const preloadLazyQuestionSteps = (): Promise<unknown> =>
  loadTable().then((m) => Promise.all([m.preloadStepComponents(), ...kinds.map((kind) => lazySteps[kind].preload())]));
