import { ApiError, isApiError, type ApiErrorCode } from '#api/shared';
import type { ApiClient } from '#api/client';
import type { Answers, SaveRequest, SaveResult } from '#engine';
import type { AnswerBuffer } from './answer-buffer';
import type { ConsultationFacts } from './consultation-kind';

type ProfilePatch = Parameters<ApiClient['patchHairProfile']>[0];
/** Answers as the profile PATCH takes them (fields left unset are simply not sent). */
const asPatch = (values: object) => values as ProfilePatch;

export interface ConsultationDeps {
  api: Pick<ApiClient, 'patchHairProfile' | 'getAggressors'>;
  buffer: AnswerBuffer;
  /** The answers last known to be on the server (for the zip code recovery save). */
  saved: Answers;
  /** Consultation statuses as loaded, so a completed one is not marked again (spec 000 §4.4). */
  statuses: Record<string, string>;
  /**
   * Bumped by every save, so derived data fetched before it is fetched again (spec 000 §4.3); a
   * fragrance preference save leaves `fragrances` as it is.
   */
  versions: { answers: number; fragrances: number };
}

/** Aggressors errors that mean "this zip code cannot be used": the zip code save is undone. */
const badLocation = new Set<ApiErrorCode>(['unknown_zipcode', 'no_zipcode']);

/**
 * Saves one step's answers (spec 000 §4.3): an anonymous visitor's public answers stay on the
 * device; everyone else's go to the profile. The zip code is saved, then the aggressors are
 * fetched for its city; if the zip code cannot be used, the previous one is restored and the
 * error is raised again.
 */
export async function saveStepAnswers(deps: ConsultationDeps, request: SaveRequest): Promise<SaveResult<ConsultationFacts>> {
  const { values, env, step } = request;
  if (env.session !== 'authenticated') {
    if (!step.public) throw new ApiError({ status: 401, code: 'sign_in_required', detail: 'Please save your results to continue.' });
    deps.buffer.write(values);
    return {};
  }
  await deps.api.patchHairProfile(asPatch(values));
  deps.versions.answers++;
  if (!Object.keys(values).every((field) => field.includes('fragrance'))) deps.versions.fragrances++;
  // The zip code step's save is followed by the aggressors of its place (spec 000 §3.5).
  if (step.kind !== 'zipcode') {
    Object.assign(deps.saved, values);
    return {};
  }
  try {
    const aggressors = await deps.api.getAggressors();
    Object.assign(deps.saved, values);
    return { facts: { city: aggressors.city, aggressors: aggressors.aggressors } };
  } catch (error) {
    if (isApiError(error) && badLocation.has(error.code)) {
      const recovery = Object.fromEntries(Object.keys(values).map((field) => [field, deps.saved[field] ?? null]));
      if (Object.values(recovery).some((v) => v !== null)) await deps.api.patchHairProfile(asPatch(recovery)).catch(() => undefined);
      throw new ApiError({ status: error.status, code: error.code, detail: 'We could not find that zip code. Please check it and try again.' });
    }
    throw error;
  }
}

/**
 * Reaching the results marks the consultation completed, with the flow's completion fields, unless it already is: the
 * category's status and the profile's own `status` (spec 000 §4.1, §4.4).
 */
export async function completeConsultation(deps: ConsultationDeps, request: { category: string; values: Answers; env: SaveRequest['env'] }): Promise<void> {
  if (request.env.session !== 'authenticated') return;
  if (deps.statuses[request.category] === 'completed') return;
  await deps.api.patchHairProfile(
    asPatch({ ...request.values, status: 'completed', consultation_status: { category: request.category, status: 'completed' } }),
  );
  deps.statuses[request.category] = 'completed';
}
