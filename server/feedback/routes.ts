import type { Operation } from '../http/operation';
import { getEndOfTheRoad } from './end-of-the-road';
import { getSurvey } from './get-survey';
import { getOpenTextFeedback, patchOpenTextFeedback } from './open-text-feedback';
import { patchHaircareFeedback, patchSkincareFeedback, patchSupplementsFeedback } from './patch-feedback';

/** The feedback calls (spec 002 §7; API.md "Feedback"). */
export const feedbackOperations: Operation[] = [
  patchHaircareFeedback,
  patchSkincareFeedback,
  patchSupplementsFeedback,
  getOpenTextFeedback,
  patchOpenTextFeedback,
  getSurvey,
  getEndOfTheRoad,
];
