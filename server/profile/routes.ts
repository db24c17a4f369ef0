import type { Operation } from '../http/operation';
import { getAggressors } from './get-aggressors';
import { getFragrances } from './get-fragrances';
import { getHairProfile } from './get-hair-profile';
import { getProductRecommendations } from './get-product-recommendations';
import { getQuestionSets } from './get-question-sets';
import { formulaOperations } from './formula-operations';
import { getScoring } from './get-scoring';
import { getSkeletonRecommendations } from './get-skeleton-recommendations';
import { updateHairProfile } from './update-hair-profile';

/** The consultation and profile calls built so far (API.md Consultation and profile). */
export const profileOperations: Operation[] = [
  getQuestionSets,
  getHairProfile,
  updateHairProfile,
  getAggressors,
  getFragrances,
  getSkeletonRecommendations,
  getScoring,
  getProductRecommendations,
  ...formulaOperations,
];
