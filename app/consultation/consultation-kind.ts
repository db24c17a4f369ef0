import type { QuestionStepKind } from '#engine';
import { preloadStepComponents, stepComponents, type StepFacts } from '../../renderer/index';
import type { FlowKind } from '../flow/flow-kind';
import { consultationFlows } from './flow-registry';

/** What a consultation's steps read besides their screen: the shopper's names, the zip code's city and aggressors, a ranking. */
export type ConsultationFacts = StepFacts;

/** The consultations (spec 000): flows/consultation/*.yaml, drawn with the question family's components. */
export const consultationKind: FlowKind<ConsultationFacts, QuestionStepKind> = {
  name: 'consultation',
  flows: consultationFlows,
  components: stepComponents,
  preload: preloadStepComponents,
  words: {
    loadingStep: 'Loading your consultation…',
    loadingResults: 'Loading your results…',
    loadFailed: "We couldn't load this part of your consultation. Please check your connection.",
  },
};
