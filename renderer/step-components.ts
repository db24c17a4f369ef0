import type { ComponentType } from 'react';
import type { QuestionStepKind, StepKind } from '#engine';
import type { StepFacts, StepProps } from './step-props';
import { lazyComponent } from './lazy-component';
import { preloadModal } from './parts/follow-up';
import { tipSlides } from './tip';
import { IntroStep, WelcomeStep } from './steps/page-step';
import { SingleChoiceStep } from './steps/single-choice-step';

/**
 * A component for each step kind `K` (of one family or several: tables are spread together), drawing with the flow
 * kind's facts `F`. A kind without its component does not compile.
 */
export type StepComponentTable<K extends StepKind = StepKind, F extends StepFacts = StepFacts> = { [P in K]: ComponentType<StepProps<P, F>> };

/** The step kinds a consultation's first screens do not need: each is its own small chunk. */
const later = {
  multi: lazyComponent(() => import('./steps/multi-choice-step').then((m) => m.MultiChoiceStep)),
  boolean: lazyComponent(() => import('./steps/boolean-step').then((m) => m.BooleanStep)),
  goals: lazyComponent(() => import('./steps/goals-step').then((m) => m.GoalsStep)),
  fragrance: lazyComponent(() => import('./steps/fragrance-step').then((m) => m.FragranceStep)),
  zipcode: lazyComponent(() => import('./steps/zip-code-step').then((m) => m.ZipCodeStep)),
  'geo-aggressors': lazyComponent(() => import('./steps/geo-aggressors-step').then((m) => m.GeoAggressorsStep)),
  signin: lazyComponent(() => import('./steps/sign-in-step').then((m) => m.SignInStep)),
  'routine-products': lazyComponent(() => import('./steps/routine-products-step').then((m) => m.RoutineProductsStep)),
  matrix: lazyComponent(() => import('./steps/matrix-step').then((m) => m.MatrixStep)),
  'ranked-fragrance': lazyComponent(() => import('./steps/ranked-fragrance-step').then((m) => m.RankedFragranceStep)),
  textures: lazyComponent(() => import('./steps/textures-step').then((m) => m.TexturesStep)),
};

/**
 * The component for each kind of the question family (engine/schema/steps/question.ts): a new kind there fails to
 * compile until it has one here.
 * Welcome, intro and single choice (where shoppers arrive) are in the page's own bundle; the others load
 * on demand, and `preloadStepComponents` fetches them in the background once the shopper starts answering.
 */
export const stepComponents = {
  welcome: WelcomeStep,
  intro: IntroStep,
  single: SingleChoiceStep,
  multi: later.multi.component,
  boolean: later.boolean.component,
  goals: later.goals.component,
  fragrance: later.fragrance.component,
  zipcode: later.zipcode.component,
  'geo-aggressors': later['geo-aggressors'].component,
  signin: later.signin.component,
  'routine-products': later['routine-products'].component,
  matrix: later.matrix.component,
  'ranked-fragrance': later['ranked-fragrance'].component,
  textures: later.textures.component,
} satisfies StepComponentTable<QuestionStepKind>;

/**
 * The component drawing a question kind, once its code is here: the first screens at once, the others once loaded.
 * For a table that loads this module itself on demand (renderer/lazy-question-steps.ts).
 */
export function loadStepComponent<K extends QuestionStepKind>(kind: K): Promise<ComponentType<StepProps<K>>> {
  const lazy = (later as Partial<Record<QuestionStepKind, { preload(): Promise<unknown> }>>)[kind];
  const component = (lazy ? lazy.preload() : Promise.resolve(stepComponents[kind])) as Promise<ComponentType<StepProps<K>>>;
  return component;
}

let preloading: Promise<unknown> | undefined;

/** Loads every step kind not yet loaded, the follow-up modal and the tips' slides (once); resolves when they are ready. */
export function preloadStepComponents(): Promise<unknown> {
  preloading ??= Promise.all([...Object.values(later).map((l) => l.preload()), preloadModal(), tipSlides.preload()]).catch((error: unknown) => {
    preloading = undefined;
    throw error;
  });
  return preloading;
}
