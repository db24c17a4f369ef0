import { describe, expect, it } from 'vitest';
import { describeStep, exitModalText, type Answers, type FlowRuntime } from '#engine';
import { runFlow } from './support/actor';
import { skincare, stepOf } from './support/flows';

const signedIn = { session: 'authenticated' as const, user: { hasNames: true } };
const runtime = skincare();
const step = (name: string) => stepOf(runtime, name);
const scope = (r: FlowRuntime, answers: Answers = {}) => ({ answers, env: r.env, variants: r.variants });
/** The steps a shopper meets for these answers, in order. */
const path = (r: FlowRuntime, answers: Answers) => r.steps.filter((s) => r.isIncluded(s, scope(r, answers))).map((s) => s.name);

describe('spec 000 §2.5 the skincare consultation', () => {
  it('has the 34 steps of §2.5 in order, plus the sign-in step just before the zip code (§2.7)', () => {
    expect(runtime.steps.map((s) => s.name)).toEqual([
      'welcome',
      'age',
      'outdoor-exposure',
      'sports',
      'indoor-exposure',
      'stress',
      'stress-intensity',
      'sleep',
      'hormones',
      'hydration',
      'diet',
      'vices',
      'skin-introduction',
      'skintype-morning',
      'skintype-shower',
      'skintype-afternoon',
      'phototype',
      'concerns',
      'oil-location',
      'zits-frequency',
      'zits-cause',
      'zits-location',
      'wrinkles',
      'firmness',
      'profile-backgrounds',
      'comfort',
      'other-products',
      'goals',
      'signin',
      'zipcode',
      'geo-aggressors',
      'preferences-introduction',
      'fragrances',
      'cleanser-preferences',
      'moisturizer-preferences',
    ]);
    expect(step('age').step.route).toBe('/consultation/skincare/my-lifestyle/age');
    expect(runtime.flow.routes.results).toBe('/consultation/skincare/results/get-results');
  });

  it('steps 1-30 are public, including zip code and geo-aggressors; the preferences section is not (§2.5, §6)', () => {
    const publicSteps = runtime.steps.filter((s) => s.public).map((s) => s.name);
    expect(publicSteps).toContain('zipcode');
    expect(publicSteps).toContain('geo-aggressors');
    for (const name of ['preferences-introduction', 'fragrances', 'cleanser-preferences', 'moisturizer-preferences']) expect(publicSteps).not.toContain(name);
    expect(
      runtime.steps
        .slice(
          0,
          runtime.steps.findIndex((s) => s.name === 'preferences-introduction'),
        )
        .every((s) => s.public),
    ).toBe(true);
  });

  it('section intros "Section 2 / How your skin feels" and "Section 3 / How you like it"; tracker Lifestyle, My skin, Preferences & Goals (§2.2)', () => {
    const intro = (name: string) => step(name).step as { eyebrow?: string; title?: string };
    expect([intro('skin-introduction').eyebrow, intro('skin-introduction').title]).toEqual(['Section 2', 'How your skin feels']);
    expect([intro('preferences-introduction').eyebrow, intro('preferences-introduction').title]).toEqual(['Section 3', 'How you like it']);
    expect(runtime.flow.sections.map((s) => s.label)).toEqual(['Lifestyle', 'My skin', 'Preferences & Goals']);
  });

  it('the sign-in step goes first with ?signin-first (§2.7)', () => {
    expect(skincare({ query: { 'signin-first': 'true' } }).steps[0]!.name).toBe('signin');
  });
});

describe('spec 000 §4.5 step inclusion rules (skincare)', () => {
  it('the skincare welcome is only for unauthenticated visitors', () => {
    expect(step('welcome').included({})).toBe(true);
    expect(stepOf(skincare(signedIn), 'welcome').included({})).toBe(false);
  });
  it('firmness needs lack_firmness in concerns', () => {
    expect(step('firmness').included({ diag_concerns: ['lack_firmness'] })).toBe(true);
    expect(step('firmness').included({ diag_concerns: ['fine_lines'] })).toBe(false);
  });
  it('oil-location needs oiliness', () => {
    expect(step('oil-location').included({ diag_concerns: ['dryness', 'oiliness'] })).toBe(true);
    expect(step('oil-location').included({ diag_concerns: ['dryness'] })).toBe(false);
  });
  it('wrinkles needs fine_lines', () => {
    expect(step('wrinkles').included({ diag_concerns: ['fine_lines'] })).toBe(true);
    expect(step('wrinkles').included({ diag_concerns: ['lack_firmness'] })).toBe(false);
  });
  it('zits frequency, cause and location need breakouts', () => {
    for (const name of ['zits-frequency', 'zits-cause', 'zits-location']) {
      expect(step(name).included({ diag_concerns: ['breakouts'] })).toBe(true);
      expect(step(name).included({ diag_concerns: ['redness'] })).toBe(false);
      expect(step(name).included({})).toBe(false);
    }
  });
  it('the sign-in step is included for visitors who are not signed in, or signed up without names', () => {
    expect(step('signin').included({})).toBe(true);
    expect(stepOf(skincare(signedIn), 'signin').included({})).toBe(false);
    expect(stepOf(skincare({ session: 'authenticated', user: { hasNames: false } }), 'signin').included({})).toBe(true);
  });
  it('concerns with breakouts, fine lines and lack of firmness take every branch; none of them takes none', () => {
    const branches = ['oil-location', 'zits-frequency', 'zits-cause', 'zits-location', 'wrinkles', 'firmness'];
    const all = path(runtime, { diag_concerns: ['breakouts', 'fine_lines', 'lack_firmness', 'oiliness'] });
    for (const name of branches) expect(all).toContain(name);
    const none = path(runtime, { diag_concerns: ['dryness'] });
    for (const name of branches) expect(none).not.toContain(name);
    expect(step('concerns').next({ diag_concerns: ['dryness'] })).toBe('profile-backgrounds');
  });
});

describe('spec 000 §5.1 multi-select in skincare', () => {
  const multi = [
    'concerns',
    'oil-location',
    'zits-cause',
    'zits-location',
    'wrinkles',
    'firmness',
    'profile-backgrounds',
    'other-products',
    'goals',
    'indoor-exposure',
    'hormones',
    'vices',
    'stress-intensity',
  ];
  it('these questions are multi-select and every other question is single choice', () => {
    const choice = runtime.steps.filter((s) => 'options' in s && s.kind !== 'matrix');
    const lists = choice.filter((s) => ['multi', 'routine-products', 'goals'].includes(s.kind)).map((s) => s.name);
    // sports is shared with haircare, where it is a multi-select too (spec 000 §2.4 profile_sports list).
    expect(lists.sort()).toEqual([...multi, 'sports'].sort());
    const singles = choice.filter((s) => !lists.includes(s.name));
    expect(singles.every((s) => ['single', 'ranked-fragrance', 'textures'].includes(s.kind))).toBe(true);
  });
  it('"none"-style options are exclusive of all others', () => {
    const exclusive = (name: string) =>
      step(name).step.kind !== 'intro' && 'options' in step(name).step
        ? (step(name).step as { options: { value: unknown; exclusive?: boolean }[] }).options.filter((o) => o.exclusive).map((o) => o.value)
        : [];
    expect(exclusive('indoor-exposure')).toEqual(['none']);
    expect(exclusive('hormones')).toEqual(['none']);
    expect(exclusive('vices')).toEqual(['none']);
    expect(exclusive('zits-cause')).toEqual(['none']);
    expect(exclusive('profile-backgrounds')).toEqual(['none']);
    expect(exclusive('stress-intensity')).toEqual(['none']);
  });
  it('the diet needs one frequency for each of the five food categories before moving on', async () => {
    const run = runFlow(skincare(signedIn), { route: '/consultation/skincare/my-lifestyle/diet' });
    expect(run.step()).toBe('diet');
    const four = { profile_diet_meat: 'never', profile_diet_dairy: 'often', profile_diet_seafood: 'every_day', profile_diet_fruit: 'every_day' };
    run.actor.send({ type: 'ANSWER', selection: four });
    run.actor.send({ type: 'NEXT' });
    await run.settle();
    expect(run.step()).toBe('diet');
    expect(run.saves).toEqual([]);
    run.actor.send({ type: 'ANSWER', selection: { ...four, profile_diet_carbs: 'between_never_often' } });
    run.actor.send({ type: 'NEXT' });
    await run.settle();
    await run.settle();
    expect(run.saves[0]?.values).toEqual({ ...four, profile_diet_carbs: 'between_never_often' });
    expect(run.step()).toBe('vices');
  });
  it('the diet pre-fills each row from the stored answers', () => {
    const diet = stepOf(skincare(signedIn), 'diet');
    expect(diet.selection({ profile_diet_meat: 'often', profile_diet_fruit: 'every_day', profile_diet_dairy: 'sometimes' })).toEqual({
      profile_diet_meat: 'often',
      profile_diet_fruit: 'every_day',
    });
  });
  it('the follow-up modal opens on medication, scalp or skin conditions and medical treatment (stress-intensity) and on prescription topicals (other-products)', () => {
    const followUp = (name: string) => (step(name).step as { followUp?: { on: unknown[]; when?: unknown } }).followUp;
    expect(followUp('stress-intensity')?.on).toEqual(['medication_change', 'diagnosed_scalp_disorder', 'medical_treatment']);
    expect(followUp('stress-intensity')?.when).toBeUndefined();
    expect(followUp('other-products')?.on).toEqual(['medical_topicals']);
  });
});

describe('spec 000 §2.4 "Lifestyle": hydration, sports, stress and stress-intensity are shared, with tip text per category', () => {
  it('one definition, each consultation with its own tip', async () => {
    const { haircare } = await import('./support/flows');
    const hair = haircare(signedIn, { 'hair-loss-questions': 'shared-stress-intensity' });
    for (const name of ['hydration', 'sports', 'stress', 'stress-intensity']) {
      const a = stepOf(hair, name).step;
      const b = step(name).step;
      expect(b.title).toBe(a.title);
      expect('options' in b && b.options).toEqual('options' in a && a.options);
      expect(b.route.replace('skincare', 'haircare')).toBe(a.route);
      expect(b.tip?.body).toBeTruthy();
      expect(b.tip?.body).not.toBe(a.tip?.body);
    }
  });
});

describe('spec 000 §2.7 e-mail capture heading by offer', () => {
  const heading = (flags: Record<string, string | number>, which = skincare) => {
    const r = which({ flags });
    const signin = r.steps.find((s) => s.name === 'signin')!;
    return { step: describeStep(r, signin, scope(r)).text, modal: exitModalText(r, scope(r)) };
  };
  it('skincare with the starter-set offer is complimentary', () => {
    expect(heading({ offer: 'starter-set' }).step.title).toBe('Your complimentary Skincare Starter Set is just a few questions away…');
  });
  it('60% or 50% off, with the free gift unless the offer is evergreen', async () => {
    expect(heading({ offer: 'evergreen' }).step.title).toBe('60% off is just a few questions away…');
    expect(heading({ offer: 'evergreen', offer_discount: 50 }).step.title).toBe('50% off is just a few questions away…');
    expect(heading({ offer: 'gift' }).step.title).toBe('60% off + your free gift is just a few questions away…');
    expect(heading({ offer: 'gift', offer_discount: '50' }).step.title).toBe('50% off + your free gift is just a few questions away…');
    const { haircare } = await import('./support/flows');
    // The starter set is a skincare offer: haircare keeps its own sign-in title.
    expect(heading({ offer: 'starter-set' }, haircare).step.title).toBe('Almost done. Let’s save your results to move forward.');
  });
  it('the subtitle invites the e-mail; the exit modal shows the same heading', () => {
    const { step: text, modal } = heading({ offer: 'gift' });
    expect(text.subtitle).toBe('Enter your email to continue the consultation and unlock your exclusive offer.');
    expect(modal).toEqual({
      title: '60% off + your free gift is just a few questions away…',
      subtitle: 'Enter your email to continue the consultation and unlock your exclusive offer.',
    });
  });
  it('without an offer the sign-in step keeps its title and the exit modal its own', () => {
    const { step: text, modal } = heading({});
    expect(text.title).toBe('Almost done. Let’s save your results to move forward.');
    expect(modal?.title).toBe('Before you go, save your answers');
  });
});
