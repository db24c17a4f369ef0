import type { FeedbackStepKind } from '#engine';
import type { StepComponentTable } from '../step-components';
import { lazyComponent } from '../lazy-component';
import type { FeedbackFacts } from './feedback-facts';
import { RatingStep } from './rating-step';

/** The kinds a feedback flow's first pages do not need (an intro, then a rating): each its own small chunk. */
const later = {
  texture: lazyComponent(() => import('./texture-step').then((m) => m.TextureStep)),
  'fragrance-choice': lazyComponent(() => import('./fragrance-choice-step').then((m) => m.FragranceChoiceStep)),
  'fragrance-rating': lazyComponent(() => import('./fragrance-rating-step').then((m) => m.FragranceRatingStep)),
  'public-review': lazyComponent(() => import('./public-review-step').then((m) => m.PublicReviewStep)),
  text: lazyComponent(() => import('./text-step').then((m) => m.TextStep)),
  'feedback-results': lazyComponent(() => import('./results-step').then((m) => m.FeedbackResultsStep)),
};

/**
 * The components of the feedback family's step kinds (engine/schema/steps/feedback.ts), drawn with the feedback
 * kind's facts: a new feedback kind in the engine's schema fails to compile until it has one here. The rating (the
 * first question of every feedback flow) is in the page's own code; the others load on demand, and
 * `preloadFeedbackSteps` fetches them once the shopper starts answering.
 */
export const feedbackStepComponents = {
  rating: RatingStep,
  texture: later.texture.component,
  'fragrance-choice': later['fragrance-choice'].component,
  'fragrance-rating': later['fragrance-rating'].component,
  'public-review': later['public-review'].component,
  text: later.text.component,
  'feedback-results': later['feedback-results'].component,
} satisfies StepComponentTable<FeedbackStepKind, FeedbackFacts>;

let preloading: Promise<unknown> | undefined;

/** Loads the feedback family's other step kinds (once); resolves when they are ready. */
export function preloadFeedbackSteps(): Promise<unknown> {
  preloading ??= Promise.all(Object.values(later).map((l) => l.preload())).catch((error: unknown) => {
    preloading = undefined;
    throw error;
  });
  return preloading;
}
