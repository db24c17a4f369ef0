import { describe, expect, it } from 'vitest';
import type { ApiClient } from '#api';
import { feedbackSaving, type FeedbackSavingDeps } from '../../app/feedback/feedback-adapters';

/** An API that records what the feedback saves send, by call. */
function recordingApi() {
  const calls: [string, string, unknown][] = [];
  const record = (name: string) => async (pubkey: string, body: unknown) => {
    calls.push([name, pubkey, body]);
    return { status: 'started', origin: null, answers: {} };
  };
  const api = {
    patchFeedback: record('patchFeedback'),
    patchSkincareFeedback: record('patchSkincareFeedback'),
    patchSupplementsFeedback: record('patchSupplementsFeedback'),
    patchOpenTextFeedback: async (pubkey: string, body: unknown) => {
      calls.push(['patchOpenTextFeedback', pubkey, body]);
      return [];
    },
  } as unknown as ApiClient;
  return { api, calls };
}

function saving(overrides: Partial<FeedbackSavingDeps> = {}) {
  const { api, calls } = recordingApi();
  const reports: string[] = [];
  const deps: FeedbackSavingDeps = {
    api: async () => api,
    order: 'ord_1',
    category: 'haircare',
    origin: 'email',
    started: false,
    report: (message) => reports.push(message),
    ...overrides,
  };
  return { save: feedbackSaving(deps).save, calls, reports };
}

describe('feedback saving (spec 002 §4.3, §5.4)', () => {
  it('spec 002 §4.3 step 4: the origin goes with the first save only, on the category’s own record', async () => {
    const { save, calls } = saving();
    await save({ values: { overall_experience: 4 } });
    await save({ values: { scalp_satisfaction: 0, scalp_sensitivity: null } });
    expect(calls).toEqual([
      ['patchFeedback', 'ord_1', { overall_experience: 4, origin: 'email' }],
      ['patchFeedback', 'ord_1', { scalp_satisfaction: 0, scalp_sensitivity: null }],
    ]);
  });

  it('spec 002 §4.3: a record that already existed gets no origin again', async () => {
    const { save, calls } = saving({ started: true });
    await save({ values: { overall_experience: 5 } });
    expect(calls).toEqual([['patchFeedback', 'ord_1', { overall_experience: 5 }]]);
  });

  it('spec 002 §5.4, §8: a missing or unknown origin is logged as invalid, sent as null, and the answers are saved all the same', async () => {
    for (const origin of [null, 'somewhere-else']) {
      const { save, calls, reports } = saving({ origin });
      await save({ values: { overall_experience: 3 } });
      expect(calls).toEqual([['patchFeedback', 'ord_1', { overall_experience: 3, origin: null }]]);
      expect(reports).toEqual(['feedback started without a valid origin (haircare)']);
    }
  });

  it('spec 002 §7: skincare and supplements answers go to their own records', async () => {
    const skin = saving({ category: 'skincare', started: true });
    await skin.save({ values: { skin_satisfaction: 4 } });
    const supplements = saving({ category: 'supplements', started: true });
    await supplements.save({ values: { product_supplements_usage_duration: 'three_months' } });
    expect(skin.calls).toEqual([['patchSkincareFeedback', 'ord_1', { skin_satisfaction: 4 }]]);
    expect(supplements.calls).toEqual([['patchSupplementsFeedback', 'ord_1', { product_supplements_usage_duration: 'three_months' }]]);
  });

  it('spec 002 §4.3 step 5, §5.4: a product’s open text is saved as its open-text feedback first, and only when not empty', async () => {
    const { save, calls } = saving({ started: true });
    await save({ values: { open_text_shampoo: '  Lovely lather <b>really</b>  ', product_shampoo_satisfaction: 5 } });
    await save({ values: { open_text_conditioner: '   ' } });
    expect(calls).toEqual([
      ['patchOpenTextFeedback', 'ord_1', { product: 'shampoo', open_text_feedback: { feedback_text: 'Lovely lather <b>really</b>' } }],
      ['patchFeedback', 'ord_1', { product_shampoo_satisfaction: 5 }],
    ]);
  });

  it('the public review’s texts are answer fields, not a product’s open text', async () => {
    const { save, calls } = saving({ started: true });
    await save({ values: { open_text_public: 'Great', open_text_internal: null } });
    expect(calls).toEqual([['patchFeedback', 'ord_1', { open_text_public: 'Great', open_text_internal: null }]]);
  });

  it('a refused save throws, so the step shows it and nothing moves on', async () => {
    const failing = {
      patchFeedback: async () => {
        throw Object.assign(new Error('refused'), { status: 400 });
      },
    } as unknown as ApiClient;
    const save = feedbackSaving({
      api: async () => failing,
      order: 'o',
      category: 'haircare',
      origin: 'account',
      started: false,
      report: () => undefined,
    }).save;
    await expect(save({ values: { overall_experience: 2 } })).rejects.toThrow('refused');
  });
});
