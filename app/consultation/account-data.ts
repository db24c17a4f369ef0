// What a consultation does only when there is a session (signed in, or a guest): this code loads then,
// so an anonymous visitor's first download does not carry it.
import type { ApiClient } from '#api/client';
import { isApiError } from '#api/shared';
import type { HairProfile, User } from '#api';
import type { SaveNamesResult } from '../../renderer/index';
import { signUpFieldErrors } from '../../renderer/sign-up-errors';
import type { Answers } from '#engine';
import type { AnswerBuffer } from './answer-buffer';
import { saveBufferedAnswers } from './after-sign-up';
import { profileAnswers } from './profile-answers';
import { loadRanking } from './rankings';
import { linkStoredStylist } from './stored-stylist';
import { reportError } from '../report-error';

export { loadRanking };

/** The stored profile and the answers in it (spec 000 §4.3: answers reloaded for a signed-in shopper). */
export async function loadProfile(api: Pick<ApiClient, 'getHairProfile'>): Promise<{ profile: HairProfile; saved: Answers }> {
  const profile = await api.getHairProfile();
  return { profile, saved: profileAnswers(profile) };
}

/** Answers the device still holds from before signing in are saved now, else only a stored stylist is linked (spec 000 §4.2-4.3). */
export function saveDeviceAnswers(api: Pick<ApiClient, 'patchHairProfile' | 'linkStylist'>, buffer: AnswerBuffer): Promise<unknown> {
  return Object.keys(buffer.read()).length > 0 ? saveBufferedAnswers(api, buffer) : linkStoredStylist(api);
}

/** The aggressors for the saved zip code; none (rather than an error) when the server has none to give. */
export async function loadAggressors(api: Pick<ApiClient, 'getAggressors'>) {
  try {
    return await api.getAggressors();
  } catch (error) {
    if (isApiError(error)) return undefined;
    throw error;
  }
}

/**
 * Gives a signed-in shopper's account its first and last name (the sign-in step of one who signed up with an e-mail
 * alone, spec 000 §2.7, §6); the updated user goes to `onSaved`. Server field errors land on their fields (§5.6).
 */
export async function saveAccountNames(
  api: Pick<ApiClient, 'patchAccount'>,
  names: { firstName: string; lastName: string },
  onSaved: (user: User) => void,
): Promise<SaveNamesResult> {
  try {
    onSaved(await api.patchAccount({ first_name: names.firstName, last_name: names.lastName }));
    return { kind: 'saved' };
  } catch (error) {
    if (isApiError(error) && error.fields) return { kind: 'field-errors', fields: signUpFieldErrors(error.fields) };
    reportError('saving the names', error);
    return { kind: 'error' };
  }
}
