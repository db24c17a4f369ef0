import type { Category } from '#api';
import type { ApiClient } from '#api/client';

type DerivedCalls = Pick<ApiClient, 'getAggressors' | 'getScoring' | 'getProductRecommendations' | 'getPrescription'>;
type Asked = {
  [K in 'aggressors' | 'scoring' | 'routine' | 'prescription']: ReturnType<
    DerivedCalls[{ aggressors: 'getAggressors'; scoring: 'getScoring'; routine: 'getProductRecommendations'; prescription: 'getPrescription' }[K]]
  >;
};

let asked: { category: Category; calls: Partial<Asked> } | undefined;

/**
 * A signed-in shopper opening a results page: what its derived sections show (spec 000 §3.7) is asked for as the
 * page's code loads, alongside the session's and the profile's calls, rather than after the page has drawn the
 * answers. Each answer serves the sections' first load once, on this visit (fresh, §4.3); a later load asks again.
 */
export function askDerivedEarly(api: DerivedCalls, category: Category): void {
  const calls: Partial<Asked> = {
    aggressors: api.getAggressors(),
    scoring: api.getScoring(category),
    routine: api.getProductRecommendations(category),
    prescription: api.getPrescription(),
  };
  // An answer nobody takes (the shopper turned out signed out) is no error; one taken is handled where it is used.
  for (const call of Object.values(calls)) call.catch(() => undefined);
  asked = { category, calls };
}

/** The early answer to one call for this category, once; undefined when none was asked (the sections then ask). */
export function takeEarly<K extends keyof Asked>(name: K, category: Category): Asked[K] | undefined {
  if (asked?.category !== category) return undefined;
  const call = asked.calls[name];
  delete asked.calls[name];
  return call;
}

/** Drops answers asked early and not taken (tests; a page that no longer needs them). */
export function forgetEarlyAnswers(): void {
  asked = undefined;
}
