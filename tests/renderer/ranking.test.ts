import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CompiledOption } from '#engine';
import { rankOptions, type RankingFacts } from '../../renderer/components';
import { cleanserTextures, moisturizerTextures, skincareFragrance } from '../../stories/fixtures/skincare-screens';

const fragrances = skincareFragrance.options;
const copy = skincareFragrance.step.ranking;
const values = (ranked: { option: { value: unknown } }[]) => ranked.map((r) => r.option.value);
const ready = (items: Extract<RankingFacts, { status: 'ready' }>['items']): RankingFacts => ({ status: 'ready', items });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('rankOptions: spec 000 §2.5 and §3.5, skincare fragrances', () => {
  it('puts fragrance-free first as the top recommendation, with the reason written out', () => {
    const ranked = rankOptions(
      fragrances,
      ready([
        { name: 'Fragrance-Free', slug: 'frag_free', rank: 1, reason_why_slug: 'fragrance_free_recommender_sensitive_skin_v1' },
        { name: 'Pacifica', slug: 'pacifica', rank: 2, reason_why_slug: null },
        { name: 'Blanca', slug: 'blanca', rank: 3, reason_why_slug: null },
      ]),
      copy,
    );
    expect(values(ranked)).toEqual(['frag_free', 'PACIFICA', 'BLANCA']);
    expect(ranked.map((r) => [r.rank, r.label])).toEqual([
      [1, 'top'],
      [2, undefined],
      [3, undefined],
    ]);
    expect(ranked[0]!.reason).toBe('Because you indicated that you have sensitive skin, we recommend fragrance-free for you.');
    expect(ranked[1]!.reason).toBeUndefined();
  });

  it('orders by rank whatever order the server lists them in, matching catalogue slugs case-insensitively', () => {
    const ranked = rankOptions(
      fragrances,
      ready([
        { slug: 'FRAG_FREE', rank: 3 },
        { slug: 'Blanca', rank: 1 },
        { slug: 'pacifica', rank: 2 },
      ]),
      copy,
    );
    expect(values(ranked)).toEqual(['BLANCA', 'PACIFICA', 'frag_free']);
  });

  it('matches an option by its slug, not its stored value, when it has one', () => {
    const options: CompiledOption[] = [
      { value: 'PACIFICA', label: 'Pacifica', slug: 'pacifica-2026' },
      { value: 'BLANCA', label: 'Blanca' },
    ];
    const ranked = rankOptions(
      options,
      ready([
        { slug: 'pacifica-2026', rank: 1 },
        { slug: 'blanca', rank: 2 },
      ]),
    );
    expect(values(ranked)).toEqual(['PACIFICA', 'BLANCA']);
  });

  it('every reason the step knows (sensitive skin, pregnancy, skin condition, medical treatment) has its sentence', () => {
    for (const [slug, text] of Object.entries(copy.reasons!)) {
      const [first] = rankOptions(fragrances, ready([{ slug: 'frag_free', rank: 1, reason_why_slug: slug }]), copy);
      expect(first!.reason).toBe(`Because you indicated that ${text}, we recommend fragrance-free for you.`);
    }
  });

  it('a reason the step has no text for gives no reason line, and is logged', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const [first] = rankOptions(fragrances, ready([{ slug: 'frag_free', rank: 1, reason_why_slug: 'fragrance_free_recommender_new_v9' }]), copy);
    expect(first!.reason).toBeUndefined();
    expect(first!.label).toBe('top');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('fragrance_free_recommender_new_v9'));
  });
});

describe('rankOptions: spec 000 §3.6, skincare textures', () => {
  it('ranks skeleton slugs against the option values, best first', () => {
    const ranked = rankOptions(
      moisturizerTextures.options,
      ready([
        { slug: 'rich', rank: 1 },
        { slug: 'medium', rank: 2 },
        { slug: 'light', rank: 3 },
      ]),
    );
    expect(values(ranked)).toEqual(['rich', 'medium', 'light']);
    expect(ranked.map((r) => r.label)).toEqual(['top', undefined, undefined]);
  });

  it('options the ranking leaves out follow in the flow’s order, labelled not recommended', () => {
    const ranked = rankOptions(moisturizerTextures.options, ready([{ slug: 'medium', rank: 1 }]));
    expect(values(ranked)).toEqual(['medium', 'light', 'rich']);
    expect(ranked.map((r) => r.label)).toEqual(['top', 'not-recommended', 'not-recommended']);
    expect(ranked[1]!.rank).toBeUndefined();
  });
});

describe('rankOptions: spec 000 §8, unknown slugs from the server', () => {
  it('logs an unknown texture or fragrance slug and drops it from the list', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const ranked = rankOptions(
      cleanserTextures.options,
      ready([
        { slug: 'clay_mask', rank: 1 },
        { slug: 'cleansing_cream', rank: 2 },
        { slug: 'foaming_gel', rank: 3 },
      ]),
    );
    expect(values(ranked)).toEqual(['cleansing_cream', 'foaming_gel']);
    expect(ranked[0]!.label).toBe('top');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"clay_mask"'));
  });

  it('a ranking that names no option is no ranking: flow order, no labels', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const ranked = rankOptions(cleanserTextures.options, ready([{ slug: 'clay_mask', rank: 1 }]));
    expect(ranked).toEqual(cleanserTextures.options.map((option) => ({ option })));
  });
});

describe('rankOptions: the step works without a ranking (spec 000 §2.5)', () => {
  it.each<[string, RankingFacts | undefined]>([
    ['no ranking (a visitor)', undefined],
    ['a ranking still loading', { status: 'loading' }],
    ['a ranking that failed', { status: 'error' }],
  ])('with %s the options keep the flow’s order and carry no label', (_, ranking) => {
    const ranked = rankOptions(fragrances, ranking, copy);
    expect(ranked).toEqual(fragrances.map((option) => ({ option })));
  });

  it('an option listed twice keeps its best rank', () => {
    const ranked = rankOptions(
      cleanserTextures.options,
      ready([
        { slug: 'foaming_gel', rank: 3 },
        { slug: 'cleansing_cream', rank: 2 },
        { slug: 'foaming_gel', rank: 1 },
      ]),
    );
    expect(ranked.map((r) => [r.option.value, r.rank])).toEqual([
      ['foaming_gel', 1],
      ['cleansing_cream', 2],
    ]);
  });
});
