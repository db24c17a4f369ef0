import type { ApiClient } from '#api/client';
import { isApiError } from '#api/shared';
import type { AnswerBuffer } from './answer-buffer';
import { linkStoredStylist } from './stored-stylist';
import { reportError } from '../report-error';

let inFlight: Promise<void> | undefined;

/**
 * Right after sign-up (spec 000 §4.2, §4.3): link a stylist the visitor came from, then save the
 * answers buffered on the device together with the accepted policies. Answers the server refuses
 * (a value no longer offered) are dropped and the rest saved; the buffer is cleared only once saved.
 * Callers at the same moment (the sign-in step, the exit modal, the page noticing the new session) share one save.
 */
export function saveBufferedAnswers(api: Pick<ApiClient, 'patchHairProfile' | 'linkStylist'>, buffer: AnswerBuffer): Promise<void> {
  inFlight ??= saveOnce(api, buffer).finally(() => (inFlight = undefined));
  return inFlight;
}

async function saveOnce(api: Pick<ApiClient, 'patchHairProfile' | 'linkStylist'>, buffer: AnswerBuffer): Promise<void> {
  await linkStoredStylist(api);
  const body = { ...buffer.read(), privacy_policies: true, terms_conditions: true };
  try {
    await api.patchHairProfile(body as Parameters<typeof api.patchHairProfile>[0]);
  } catch (error) {
    if (!isApiError(error, 'validation_error') || !error.fields) throw error;
    const refused = new Set(Object.keys(error.fields));
    reportError('saving buffered answers: some were refused and dropped', error);
    await api.patchHairProfile(Object.fromEntries(Object.entries(body).filter(([key]) => !refused.has(key))) as Parameters<typeof api.patchHairProfile>[0]);
  }
  buffer.clear();
}
