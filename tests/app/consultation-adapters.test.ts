import { describe, expect, it, vi } from 'vitest';
import haircare from 'flows/consultation/haircare.yaml';
import { consultationFacts, consultationSaving } from '../../app/consultation/consultation-adapters';
import { localAnswerBuffer } from '../../app/consultation/answer-buffer';

/**
 * Issue 24: the consultation's own facts (the zip code's city and aggressors, spec 000 §3.5) are its adapters'
 * business, no longer the runner's; its adapters are plain functions, run here without a page.
 */
const step = (kind: string) => haircare.steps.find((s) => s.kind === kind)!;
const deps = () => ({
  api: { patchHairProfile: vi.fn(), getAggressors: vi.fn() } as never,
  buffer: localAnswerBuffer(localStorage),
  saved: {},
  statuses: {},
  versions: { answers: 0, fragrances: 0 },
});
const austin = { city: 'Austin', aggressors: [{ slug: 'uv', label: 'UV', level: 'high' as const }] };

describe('the consultation’s adapters (spec 000 §3.5)', () => {
  it('a geo-aggressors step opened without its city (after a reload) asks for it again; with it, or on another step, nothing', async () => {
    const loadAggressors = vi.fn(async () => austin);
    const saving = consultationSaving(deps(), loadAggressors);
    expect(await saving.missingFacts!(step('geo-aggressors'), {})).toEqual(austin);
    expect(saving.missingFacts!(step('geo-aggressors'), { city: 'Austin' })).toBeUndefined();
    expect(saving.missingFacts!(step('single'), {})).toBeUndefined();
    // An anonymous visitor has no aggressors to load.
    expect(consultationSaving(deps(), undefined).missingFacts!(step('geo-aggressors'), {})).toBeUndefined();
  });

  it('its steps read the shopper’s names, what the zip code’s save brought back, and the ranking on screen', () => {
    const ranking = { status: 'loading' as const };
    expect(consultationFacts({ firstName: 'Rosa' }, austin, ranking)).toEqual({ firstName: 'Rosa', ...austin, ranking });
  });
});
