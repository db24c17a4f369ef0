import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client/api-error.ts';
import { anonymousEnvironment, type CompiledStep, type SaveRequest } from '#engine';
import { localAnswerBuffer, startingAnswers, ANSWER_BUFFER_KEY } from '../../app/consultation/answer-buffer.ts';
import { completeConsultation, saveStepAnswers, type ConsultationDeps } from '../../app/consultation/consultation-actors.ts';
import { saveBufferedAnswers } from '../../app/consultation/after-sign-up.ts';
import { STYLIST_KEY, linkStoredStylist, storeStylist } from '../../app/consultation/stored-stylist.ts';
import { profileAnswers } from '../../app/consultation/profile-answers.ts';

const publicStep = { name: 'length', public: true } as CompiledStep;
const privateStep = { name: 'fragrance', public: false } as CompiledStep;
const zipStep = { name: 'zipcode', kind: 'zipcode', public: false } as CompiledStep;
const anonymous = anonymousEnvironment();
const signedIn = anonymousEnvironment({ session: 'authenticated', user: { hasNames: true } });

function deps(
  overrides: Partial<ConsultationDeps['api']> = {},
): ConsultationDeps & { api: { patchHairProfile: ReturnType<typeof vi.fn>; getAggressors: ReturnType<typeof vi.fn> } } {
  return {
    api: { patchHairProfile: vi.fn().mockResolvedValue({}), getAggressors: vi.fn(), ...overrides } as never,
    buffer: localAnswerBuffer(localStorage),
    saved: {},
    statuses: {},
    versions: { answers: 0, fragrances: 0 },
  };
}
const request = (step: CompiledStep, values: SaveRequest['values'], env = anonymous, mode: SaveRequest['mode'] = 'answers'): SaveRequest => ({
  flowId: 'haircare',
  category: 'haircare',
  step,
  values,
  answers: values,
  mode,
  env,
});

beforeEach(() => localStorage.clear());

describe('spec 000 §4.3 saving answers', () => {
  it('keeps an anonymous visitor’s public answers on the device (they survive a reload), sending nothing', async () => {
    const d = deps();
    await saveStepAnswers(d, request(publicStep, { diag_hair_length: 'long' }));
    await saveStepAnswers(d, request(publicStep, { diag_hair_type: 'dry' }));
    expect(d.api.patchHairProfile).not.toHaveBeenCalled();
    expect(JSON.parse(localStorage.getItem(ANSWER_BUFFER_KEY)!)).toEqual({ diag_hair_length: 'long', diag_hair_type: 'dry' });
    expect(localAnswerBuffer(localStorage).read()).toEqual({ diag_hair_length: 'long', diag_hair_type: 'dry' });
  });

  it('never keeps a non-public answer for an anonymous visitor', async () => {
    await expect(saveStepAnswers(deps(), request(privateStep, { pref_fragrance: 'ARCADIA' }))).rejects.toMatchObject({ code: 'sign_in_required' });
  });

  it('saves a signed-in shopper’s answers to the profile', async () => {
    const d = deps();
    await saveStepAnswers(d, request(privateStep, { pref_fragrance: 'ARCADIA' }, signedIn));
    expect(d.api.patchHairProfile).toHaveBeenCalledWith({ pref_fragrance: 'ARCADIA' });
    expect(d.saved).toEqual({ pref_fragrance: 'ARCADIA' });
  });

  it('saves the zip code, then fetches the aggressors and brings back the city', async () => {
    const d = deps({ getAggressors: vi.fn().mockResolvedValue({ city: 'New York', aggressors: [] }) as never });
    const result = await saveStepAnswers(d, request(zipStep, { profile_zipcode: '10001', profile_country: 'US' }, signedIn));
    expect(result.facts).toEqual({ city: 'New York', aggressors: [] });
    expect(d.saved).toEqual({ profile_zipcode: '10001', profile_country: 'US' });
  });

  it('§8: an unusable zip code restores the previous one and raises the error again', async () => {
    const d = deps({ getAggressors: vi.fn().mockRejectedValue(new ApiError({ status: 422, code: 'unknown_zipcode', detail: 'Unknown.' })) as never });
    d.saved.profile_zipcode = '94110';
    d.saved.profile_country = 'US';
    await expect(saveStepAnswers(d, request(zipStep, { profile_zipcode: '00000', profile_country: 'US' }, signedIn))).rejects.toMatchObject({
      code: 'unknown_zipcode',
      detail: expect.stringContaining('zip code'),
    });
    expect(d.api.patchHairProfile).toHaveBeenLastCalledWith({ profile_zipcode: '94110', profile_country: 'US' });
  });
});

describe('spec 000 §4.4 finishing', () => {
  it('marks the consultation completed with the flow’s completion fields', async () => {
    const d = deps();
    await completeConsultation(d, { category: 'haircare', values: { has_answered_haircare_questions: true }, env: signedIn });
    expect(d.api.patchHairProfile).toHaveBeenCalledWith({
      has_answered_haircare_questions: true,
      status: 'completed',
      consultation_status: { category: 'haircare', status: 'completed' },
    });
  });
  it('does not mark it again when already completed, nor for an anonymous visitor', async () => {
    const d = deps();
    d.statuses.haircare = 'completed';
    await completeConsultation(d, { category: 'haircare', values: {}, env: signedIn });
    await completeConsultation(deps(), { category: 'haircare', values: {}, env: anonymous });
    expect(d.api.patchHairProfile).not.toHaveBeenCalled();
  });
});

describe('spec 000 §4.2-4.3 after sign-up', () => {
  it('links a stylist stored on the device, then saves the buffered answers with the accepted policies', async () => {
    const calls: string[] = [];
    const api = {
      linkStylist: vi.fn(async () => void calls.push('stylist')),
      patchHairProfile: vi.fn(async () => void calls.push('answers')),
    };
    storeStylist('demo-stylist', localStorage);
    const buffer = localAnswerBuffer(localStorage);
    buffer.write({ diag_hair_length: 'long' });
    await saveBufferedAnswers(api as never, buffer);
    expect(calls).toEqual(['stylist', 'answers']);
    expect(api.linkStylist).toHaveBeenCalledWith('demo-stylist');
    expect(api.patchHairProfile).toHaveBeenCalledWith({ diag_hair_length: 'long', privacy_policies: true, terms_conditions: true });
    expect(localStorage.getItem(STYLIST_KEY)).toBeNull();
    expect(buffer.read()).toEqual({});
  });

  it('drops answers the server refuses and saves the rest; nothing is lost on other failures', async () => {
    const buffer = localAnswerBuffer(localStorage);
    buffer.write({ diag_hair_length: 'long', diag_hair_texture: 'retired_value' });
    const patch = vi
      .fn()
      .mockRejectedValueOnce(new ApiError({ status: 400, code: 'validation_error', detail: 'Bad.', fields: { diag_hair_texture: ['Not an option.'] } }))
      .mockResolvedValueOnce({});
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await saveBufferedAnswers({ patchHairProfile: patch, linkStylist: vi.fn() } as never, buffer);
    expect(patch).toHaveBeenLastCalledWith({ diag_hair_length: 'long', privacy_policies: true, terms_conditions: true });
    expect(buffer.read()).toEqual({});

    buffer.write({ diag_hair_length: 'short' });
    const offline = vi.fn().mockRejectedValue(new ApiError({ status: 0, code: 'network_error', detail: 'Offline.' }));
    await expect(saveBufferedAnswers({ patchHairProfile: offline, linkStylist: vi.fn() } as never, buffer)).rejects.toMatchObject({ code: 'network_error' });
    expect(buffer.read()).toEqual({ diag_hair_length: 'short' });
  });

  it('keeps a stored stylist when linking fails, to try again', async () => {
    storeStylist('demo-stylist', localStorage);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await linkStoredStylist({ linkStylist: vi.fn().mockRejectedValue(new Error('down')) } as never, localStorage)).toBe(false);
    expect(localStorage.getItem(STYLIST_KEY)).not.toBeNull();
  });
});

describe('spec 000 §3.8 starting answers', () => {
  it('buffered answers are used over saved ones when there are any', () => {
    expect(startingAnswers({ a: 1, b: 2 }, { b: 3 })).toEqual({ a: 1, b: 3 });
    expect(startingAnswers({ a: 1 }, {})).toEqual({ a: 1 });
  });
  it('a profile’s own fields are not answers', () => {
    expect(
      profileAnswers({
        status: 'completed',
        source: 'website',
        privacy_policies: true,
        terms_conditions: true,
        consultation_statuses: { haircare: 'draft', skincare: 'not_started' },
        diag_hair_length: 'long',
      } as never),
    ).toEqual({
      diag_hair_length: 'long',
    });
  });
});
