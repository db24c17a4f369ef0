import type { CompiledStep } from '#engine';
import type { GeoAggressor, RankingFacts } from '../../renderer/index';
import type { FlowAdapters } from '../flow/flow-kind';
import type { ConsultationDeps } from './consultation-actors';
import type { ConsultationFacts } from './consultation-kind';

/** Saving loads its code with the first answer: a first visit downloads only what draws the step. */
const savingCode = () => import('./consultation-actors');

/** Fetches the city and aggressors of the saved zip code (signed-in shoppers only). */
export type LoadAggressors = () => Promise<{ city: string; aggressors: GeoAggressor[] } | undefined>;

/**
 * A consultation's saves (spec 000 §4.3): answers to the profile, or kept on the device for an anonymous visitor; the
 * zip code's save brings back its city and aggressors; reaching the results records the completed status.
 */
export function consultationSaving(
  deps: ConsultationDeps,
  loadAggressors: LoadAggressors | undefined,
): Pick<FlowAdapters<ConsultationFacts>, 'save' | 'onAnswer' | 'complete' | 'missingFacts'> {
  return {
    save: (request) => savingCode().then((m) => m.saveStepAnswers(deps, request)),
    onAnswer: () => void savingCode(),
    complete: (request) => savingCode().then((m) => m.completeConsultation(deps, request)),
    // After a reload on geo-aggressors, the city comes from the server again.
    missingFacts: (step: CompiledStep, known) => (step.kind === 'geo-aggressors' && !known.city && loadAggressors ? loadAggressors() : undefined),
  };
}

/** The facts a consultation's steps read: the shopper's names, what the saves brought back (city, aggressors), a ranking. */
export function consultationFacts(
  shopper: Pick<ConsultationFacts, 'firstName' | 'accountEmail'>,
  saved: Partial<ConsultationFacts>,
  ranking: RankingFacts | undefined,
): ConsultationFacts {
  return { ...shopper, city: saved.city, aggressors: saved.aggressors, ranking };
}
