import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFlowRuntime, createFlowMachine, anonymousEnvironment, flowAtResults, flowBusy, flowProblem, flowStep, ADVANCE_DELAY_MS } from '#engine';
import { flow, haircare, haircarePath } from './support/flows';
import { runFlow } from './support/actor';

const signedIn = { session: 'authenticated' as const, user: { hasNames: true } };
const route = (slug: string) => `/consultation/haircare/${slug}`;

describe('the flow machine (spec 000 §2.3 navigation)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a single answer waits 300 ms, then saves and moves on', async () => {
    const run = runFlow(haircare(), { route: route('my-hair/length') });
    run.actor.send({ type: 'ANSWER', selection: 'long' });
    await vi.advanceTimersByTimeAsync(ADVANCE_DELAY_MS - 1);
    expect(run.step()).toBe('length');
    expect(run.saves).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(run.saves.map((s) => s.values)).toEqual([{ diag_hair_length: 'long' }]);
    expect(run.step()).toBe('texture');
  });

  it('a second answer within 300 ms restarts the wait and only the last one is saved', async () => {
    const run = runFlow(haircare(), { route: route('my-hair/length') });
    run.actor.send({ type: 'ANSWER', selection: 'long' });
    await vi.advanceTimersByTimeAsync(200);
    run.actor.send({ type: 'ANSWER', selection: 'short' });
    await vi.advanceTimersByTimeAsync(200);
    expect(run.saves).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(100);
    expect(run.saves.map((s) => s.values)).toEqual([{ diag_hair_length: 'short' }]);
  });

  it('multi-select answers wait for NEXT, and NEXT without an answer shows an error and stays', async () => {
    const run = runFlow(haircare(signedIn), { route: route('my-lifestyle/sports') });
    run.actor.send({ type: 'NEXT' });
    await vi.runAllTimersAsync();
    expect(run.step()).toBe('sports');
    // The engine says what went wrong as a code; the app words it (app/flow/problem-words.ts).
    expect(run.context().error).toEqual({ code: 'answer_required' });
    run.actor.send({ type: 'ANSWER', selection: ['indoors'] });
    await vi.advanceTimersByTimeAsync(1000);
    expect(run.saves).toHaveLength(0);
    run.actor.send({ type: 'NEXT' });
    await vi.runAllTimersAsync();
    expect(run.saves.at(-1)?.values).toEqual({ profile_sports: ['indoors'] });
    expect(run.step()).toBe('zipcode');
  });

  it('skips steps whose rule does not hold and saves the derived sebum level with the answer that completes it (§5.2)', async () => {
    const run = runFlow(haircare(), { route: route('my-hair/oil'), answers: { diag_hair_type: 'oily', diag_hair_texture: 'smooth' } });
    run.actor.send({ type: 'ANSWER', selection: 'within_one_day' });
    await vi.runAllTimersAsync();
    expect(run.saves.at(-1)?.values).toEqual({ diag_regrease_delay: 'within_one_day', diag_sebum_level: 4 });
  });

  it('§8: an error while working out the next step is logged, and nothing moves', async () => {
    const broken = flow(haircarePath);
    const runtime = createFlowRuntime(broken, anonymousEnvironment());
    const original = runtime.isIncluded;
    runtime.isIncluded = (step, scope) => {
      if (step.name === 'type') throw new Error('rule exploded');
      return original(step, scope);
    };
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const run = runFlow(runtime, { route: route('my-hair/texture') });
    run.actor.send({ type: 'ANSWER', selection: 'smooth' });
    await vi.runAllTimersAsync();
    expect(run.step()).toBe('texture');
    expect(run.context().error).toEqual({ code: 'next_step_failed' });
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it('a failed save keeps the shopper on the step with the server’s message', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const run = runFlow(haircare(), { route: route('my-hair/length') }, { failSave: () => Object.assign(new Error('bad'), { detail: 'Network down' }) });
    run.actor.send({ type: 'ANSWER', selection: 'long' });
    await vi.runAllTimersAsync();
    expect(run.step()).toBe('length');
    expect(run.context().error).toMatchObject({ code: 'save_failed', detail: 'Network down' });
    log.mockRestore();
  });

  it('BACK returns to the previous shown step', async () => {
    const run = runFlow(haircare(), { route: route('my-hair/gray'), answers: { diag_hair_texture: 'smooth', diag_hair_length: 'very_short' } });
    run.actor.send({ type: 'BACK' });
    expect(run.step()).toBe('density');
  });

  it('the results route marks the flow completed (§4.4) with its onComplete fields', async () => {
    const run = runFlow(haircare(signedIn), { route: route('my-preferences/fragrance') });
    run.actor.send({ type: 'ANSWER', selection: 'NONE' });
    await vi.runAllTimersAsync();
    expect(run.step()).toBe('results');
    expect(run.completed).toEqual([{ has_answered_haircare_questions: true }]);
  });

  it('the zip code is saved as an answer, and the city its save brings back is kept for geo-aggressors', async () => {
    const run = runFlow(haircare(signedIn), { route: route('my-lifestyle/zipcode') });
    run.actor.send({ type: 'ANSWER', selection: { zipcode: '10001', country: 'US' } });
    run.actor.send({ type: 'NEXT' });
    await vi.runAllTimersAsync();
    expect(run.saves.at(-1)).toMatchObject({ mode: 'answers', step: { kind: 'zipcode' }, values: { profile_zipcode: '10001', profile_country: 'US' } });
    expect(run.step()).toBe('geo-aggressors');
    expect(run.context().facts.city).toBe('New York');
  });
});

describe('deep links and resuming (spec 000 §2.3, §6)', () => {
  it('opens the step of the route, pre-filled', () => {
    const run = runFlow(haircare(), { route: route('my-hair/type'), answers: { diag_hair_type: 'dry' } });
    expect(run.step()).toBe('type');
  });

  it('a visitor cannot jump past the sign-in step into non-public steps', () => {
    const run = runFlow(haircare(), { route: route('my-preferences/fragrance') });
    expect(run.step()).toBe('signin');
    run.actor.send({ type: 'GO_TO_ROUTE', route: route('my-lifestyle/geo-aggressors') });
    expect(run.step()).toBe('signin');
  });

  it('a signed-in shopper can open any step', () => {
    const run = runFlow(haircare(signedIn), { route: route('my-preferences/fragrance') });
    expect(run.step()).toBe('fragrance');
  });

  it('a route whose step is not shown for these answers leads on to the next shown step', () => {
    const run = runFlow(haircare(), { route: route('my-hair/porosity'), answers: { diag_hair_texture: 'smooth', diag_hair_length: 'long' } });
    expect(run.step()).toBe('split-ends');
  });

  it('the base route opens the welcome; an unknown route the first step', () => {
    expect(runFlow(haircare(), { route: '/consultation/haircare' }).step()).toBe('welcome');
    expect(runFlow(haircare(), { route: route('nowhere') }).step()).toBe('welcome');
  });

  it('a returning shopper resumes at the first unanswered step', () => {
    const run = runFlow(haircare(signedIn), { resume: true, answers: { diag_hair_length: 'long', diag_hair_texture: 'smooth', diag_hair_type: 'dry' } });
    expect(run.step()).toBe('oil');
  });

  it('signing in lets the visitor continue past the sign-in step', async () => {
    const run = runFlow(haircare(), { route: route('signin') });
    expect(run.step()).toBe('signin');
    run.actor.send({ type: 'SESSION', session: 'authenticated', user: { hasNames: true } });
    run.actor.send({ type: 'NEXT' });
    await run.settle();
    expect(run.step()).toBe('zipcode');
  });
});

describe('spec 000 §2.7 sign-in step placement (four readings)', () => {
  const order = (variants: Record<string, string>, query: Record<string, string> = {}) =>
    createFlowRuntime(flow(haircarePath), anonymousEnvironment({ query }), { variants }).steps.map((s) => s.name);
  const around = (names: string[]) => {
    const i = names.indexOf('signin');
    return [names[i - 1], names[i + 1]];
  };

  it('default: before the first non-public question, in the last progress section', () => {
    const runtime = createFlowRuntime(flow(haircarePath), anonymousEnvironment());
    expect(around(runtime.steps.map((s) => s.name))).toEqual(['sports', 'zipcode']);
    expect(runtime.steps.find((s) => s.name === 'signin')?.section).toBe('preferences');
  });
  it('just before the zipcode step', () => {
    const runtime = createFlowRuntime(flow(haircarePath), anonymousEnvironment(), { variants: { 'signin-placement': 'before-zipcode' } });
    expect(around(runtime.steps.map((s) => s.name))).toEqual(['sports', 'zipcode']);
    expect(runtime.steps.find((s) => s.name === 'signin')?.section).toBe('lifestyle');
  });
  it('right after the welcome step', () => {
    expect(around(order({ 'signin-placement': 'after-welcome' }))).toEqual(['welcome-styling-gel', 'length']);
  });
  it('first of all with ?signin-first present and not "false"', () => {
    expect(order({}, { 'signin-first': 'true' })[0]).toBe('signin');
    expect(order({}, { 'signin-first': '' })[0]).toBe('signin');
    expect(order({}, { 'signin-first': 'false' })[0]).toBe('welcome');
  });
  it('a feature flag can choose the placement', () => {
    const runtime = createFlowRuntime(flow(haircarePath), anonymousEnvironment({ flags: { signin_placement: 'after-welcome' } }));
    expect(runtime.variants['signin-placement']).toBe('after-welcome');
  });
});

describe('spec 000 §2.4 stress-intensity and other hair-loss causes (readings A, B, C)', () => {
  const at = (reading: string) => haircare(signedIn, { 'hair-loss-questions': reading });
  const shown = (reading: string, hairloss: string) => {
    const runtime = at(reading);
    const scope = { answers: { diag_hairloss_level: hairloss }, env: runtime.env, variants: runtime.variants };
    return runtime.steps.filter((s) => ['stress-intensity', 'other-hair-loss-causes'].includes(s.name) && runtime.isIncluded(s, scope)).map((s) => s.name);
  };
  it('A: stress-intensity for everyone, with the follow-up modal', () => {
    expect(shown('shared-stress-intensity', 'normal')).toEqual(['stress-intensity']);
    const runtime = at('shared-stress-intensity');
    const step = runtime.steps.find((s) => s.name === 'stress-intensity')!;
    const followUp = 'followUp' in step ? step.followUp : undefined;
    expect(followUp?.on).toEqual(['medication_change', 'diagnosed_scalp_disorder', 'medical_treatment']);
    expect(followUp?.when && runtime.guard(followUp.when)({ answers: {}, env: runtime.env, variants: runtime.variants })).toBe(true);
  });
  it('B (default): stress-intensity only when shedding is not normal, and no modal', () => {
    expect(haircare().variants['hair-loss-questions']).toBe('stress-intensity-if-shedding');
    expect(shown('stress-intensity-if-shedding', 'normal')).toEqual([]);
    expect(shown('stress-intensity-if-shedding', 'excessive')).toEqual(['stress-intensity']);
    const runtime = at('stress-intensity-if-shedding');
    const step = runtime.steps.find((s) => s.name === 'stress-intensity')!;
    const followUp = 'followUp' in step ? step.followUp : undefined;
    expect(followUp?.when && runtime.guard(followUp.when)({ answers: {}, env: runtime.env, variants: runtime.variants })).toBe(false);
  });
  it('C: other-hair-loss-causes instead, when shedding is not normal', () => {
    expect(shown('other-hair-loss-causes', 'normal')).toEqual([]);
    expect(shown('other-hair-loss-causes', 'bit_than_normal')).toEqual(['other-hair-loss-causes']);
  });
});

describe('a small machine for any flow (issue 11)', () => {
  it('has the same handful of states whatever the flow’s length, and is read through selectors, not state names', () => {
    const short = createFlowMachine(createFlowRuntime(flow(haircarePath), anonymousEnvironment()));
    const count = (node: { states: Record<string, unknown> }): number =>
      Object.values(node.states).reduce<number>((n, child) => n + 1 + count(child as { states: Record<string, unknown> }), 0);
    const states = count(short.root as never);
    expect(states).toBeLessThan(10);
    const runtime = haircare(signedIn);
    expect(count(createFlowMachine(runtime).root as never)).toBe(states);
    const run = runFlow(runtime, { route: route('my-hair/length') });
    const snapshot = run.actor.getSnapshot();
    expect(flowStep(snapshot)?.name).toBe('length');
    expect(flowBusy(snapshot)).toBe(false);
    expect(flowAtResults(snapshot)).toBe(false);
    expect(flowProblem(snapshot)).toBeNull();
  });
});
