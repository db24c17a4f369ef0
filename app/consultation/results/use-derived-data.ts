import { useCallback, useEffect, useState } from 'react';
import type { Aggressors, Category, Prescription, ProductRecommendations, ProfileScoring } from '#api';
import { isApiError } from '#api/client';
import { api } from '../../app-services';
import { combineStatuses, type LoadStatus } from './load-status';

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
  const [attempt, setAttempt] = useState(0);
  const [aggressors, setAggressors] = useState<DerivedData['aggressors']>({ status: 'loading' });
  const [scoring, setScoring] = useState<DerivedData['scoring']>({ status: 'loading' });
  const [routine, setRoutine] = useState<DerivedData['routine']>({ status: 'loading' });
  const [prescription, setPrescription] = useState<DerivedData['prescription']>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setAggressors({ status: 'loading' });
    setScoring({ status: 'loading' });
    setRoutine({ status: 'loading' });
    setPrescription({ status: 'loading' });
    api.getAggressors().then(
      (value) => live && setAggressors({ status: 'success', value }),
      (error: unknown) => live && setAggressors(isApiError(error) && (error.code === 'no_zipcode' || error.code === 'unknown_zipcode') ? { status: 'success', value: null } : { status: 'error' }),
    );
    api.getScoring(category).then(
      (value) => live && setScoring({ status: 'success', value }),
      () => live && setScoring({ status: 'error' }),
    );
    api.getProductRecommendations(category).then(
      (value) => live && setRoutine({ status: 'success', value }),
      () => live && setRoutine({ status: 'error' }),
    );
    api.getPrescription().then(
      (value) => live && setPrescription({ status: 'success', value }),
      () => live && setPrescription({ status: 'error' }),
    );
    return () => void (live = false);
  }, [category, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { status: combineStatuses([aggressors.status, scoring.status, routine.status, prescription.status]), aggressors, scoring, routine, prescription, retry };
}
