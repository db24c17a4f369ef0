import type { Aggressors, Category, Prescription, ProductRecommendations, ProfileScoring } from '#api';
import { isApiError } from '#api/shared';
import { api } from '../../app-services';
import { useLoad } from '../../use-load';
import { combineStatuses, type LoadStatus } from './load-status';
import { takeEarly } from './early-derived';

export interface DerivedData {
  status: ReturnType<typeof combineStatuses>;
  aggressors: { status: LoadStatus; value?: Aggressors | null };
  scoring: { status: LoadStatus; value?: ProfileScoring };
  routine: { status: LoadStatus; value?: ProductRecommendations };
  /** Every formula made for the shopper today (haircare, supplement and skincare); the routine says which are theirs. */
  prescription: { status: LoadStatus; value?: Prescription };
  retry(): void;
}

/**
 * What the results page shows beyond the answers (spec 000 §3.7, §4.7): the aggressors of the shopper's
 * place (none without a zip code: not an error), their scores, their routine and its formulas (the prescription),
 * fetched fresh on every visit (§4.3).
 */
export function useDerivedData(category: Category): DerivedData {
  // No zip code, or one we cannot place, is no aggressors: not an error (spec 000 §3.7).
  const aggressors = useLoad(
    () =>
      (takeEarly('aggressors', category) ?? api.getAggressors()).catch((error: unknown) =>
        isApiError(error) && (error.code === 'no_zipcode' || error.code === 'unknown_zipcode') ? null : Promise.reject(error),
      ),
    [category],
  );
  const scoring = useLoad(() => takeEarly('scoring', category) ?? api.getScoring(category), [category]);
  const routine = useLoad(() => takeEarly('routine', category) ?? api.getProductRecommendations(category), [category]);
  const prescription = useLoad(() => takeEarly('prescription', category) ?? api.getPrescription(), [category]);
  const loads = [aggressors, scoring, routine, prescription];
  // Asks again for what failed (spec 000 §4.7).
  const retry = () => {
    for (const load of loads) if (load.status === 'error') load.retry();
  };
  const part = <T>(load: { status: LoadStatus; value?: T }) => ({ status: load.status, value: load.value });
  return {
    status: combineStatuses(loads.map((load) => load.status)),
    aggressors: part(aggressors),
    scoring: part(scoring),
    routine: part(routine),
    prescription: part(prescription),
    retry,
  };
}
