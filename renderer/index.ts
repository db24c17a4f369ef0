/** @module renderer: the generic React question renderer (step kind -> component table, progress tracker, tips). Styles: renderer/styles/index.css. Every component by name: renderer/components.ts. */
export type {
  StepProps,
  StepServices,
  StepFacts,
  SignUpResult,
  SaveNamesResult,
  SignUpFieldErrors,
  GeoAggressor,
  AnyStepScreen,
  RankingFacts,
  RankedItem,
} from './step-props';
export { stepComponents, preloadStepComponents, type StepComponentTable } from './step-components';
export { StepView } from './step-view';
export { lazyComponent, type LazyComponent } from './lazy-component';
export type { StepViewProps } from './step-view';
export { ProgressTracker } from './progress-tracker';
export { Tip } from './tip';
