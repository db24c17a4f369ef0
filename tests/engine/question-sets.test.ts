import { describe, expect, it } from 'vitest';
import { createFlowRuntime, anonymousEnvironment, offeredOptions, type FlowEnvironment } from '#engine';
import { runFlow } from './support/actor';
import { flow, haircarePath } from './support/flows';

const signedIn = { session: 'authenticated' as const, user: { hasNames: true } };
const haircare = (env: Partial<FlowEnvironment>) => createFlowRuntime(flow(haircarePath), anonymousEnvironment(env));
const subset = (name: string, env: Partial<FlowEnvironment> = signedIn) => haircare({ ...env, query: { questionSet: name } });

/** Answers every step the machine stops at, with the first option offered, until the results; returns the routes visited. */
async function walk(run: ReturnType<typeof runFlow>) {
  const routes: string[] = [];
  for (let guard = 0; guard < 40; guard++) {
    const name = run.step();
    if (name === 'results') break;
    const context = run.context();
    const step = context.runtime.steps.find((s) => s.name === name)!;
    routes.push(step.route);
    if (step.kind === 'multi' || step.kind === 'single' || step.kind === 'boolean') {
      const options = offeredOptions(context.runtime, step, { answers: context.answers, env: context.env, variants: context.runtime.variants });
      const pick = step.kind === 'boolean' ? true : (options.find((o) => o.value === 'normal' || o.value === 'excessive')?.value ?? options[0]!.value);
      run.actor.send({ type: 'ANSWER', selection: step.kind === 'multi' ? [pick] : pick } as never);
    }
    if (step.kind === 'multi' || step.kind === 'intro' || step.kind === 'welcome') run.actor.send({ type: 'NEXT' });
    // However long saving and advancing take on a busy machine: wait for the step to change, not for a time.
    while (run.step() === name) await run.settle();
  }
  return routes;
}

describe('spec 000 §2.6 the supplements subset', () => {
  it('welcome (signed-in only), public questions, hydration, other-hair-loss-causes, a closing step', () => {
    const runtime = subset('supplements');
    expect(runtime.questionSet).toBe('supplements');
    expect(runtime.variants.welcome).toBe('supplements');
    const scope = { answers: { diag_hairloss_level: 'excessive' }, env: runtime.env, variants: runtime.variants };
    const shown = runtime.steps.filter((s) => runtime.isIncluded(s, scope)).map((s) => s.name);
    expect(shown).toEqual([
      'welcome-supplements',
      'hairloss',
      'genetic-hair-loss',
      'age',
      'diet',
      'hormones',
      'hydration',
      'other-hair-loss-causes',
      'supplements-done',
    ]);
    expect(runtime.steps.filter((s) => s.name !== 'signin').every((s) => s.public)).toBe(true);
  });
  it('keeps ?questionSet=supplements on every route, ends at the stored results and sets has_answered_supplements_questions', async () => {
    const runtime = subset('supplements');
    expect(runtime.flow.query).toEqual({ questionSet: 'supplements' });
    expect(runtime.flow.routes.results).toBe('/consultation/haircare/results/stored');
    const run = runFlow(runtime, { route: '/consultation/haircare' }, { advance: 0 });
    const routes = await walk(run);
    expect(routes[0]).toBe('/consultation/haircare');
    expect(routes).toContain('/consultation/haircare/my-lifestyle/supplements');
    expect(run.step()).toBe('results');
    await run.settle();
    expect(run.completed).toEqual([{ has_answered_supplements_questions: true }]);
  });
  it('is used only while the shopper lacks supplements answers; otherwise the whole consultation runs', () => {
    const runtime = subset('supplements', { ...signedIn, user: { hasNames: true, has_answered_supplements_questions: true } });
    expect(runtime.questionSet).toBeUndefined();
    expect(runtime.steps.length).toBeGreaterThan(40);
    expect(runtime.flow.query).toBeUndefined();
  });
  it('a visitor who is not signed in does not see the supplements welcome, and saves at the sign-in step before the closing step', () => {
    const runtime = subset('supplements', {});
    const scope = { answers: {}, env: runtime.env, variants: runtime.variants };
    const shown = runtime.steps.filter((s) => runtime.isIncluded(s, scope)).map((s) => s.name);
    expect(shown[0]).toBe('hairloss');
    expect(shown.slice(-2)).toEqual(['signin', 'supplements-done']);
  });
});

describe('spec 000 §2.6 the styling-gel subset', () => {
  it('welcome (always shown, public, not saved), the interstitial, four questions; counter shown, tracker hidden', () => {
    for (const env of [{}, signedIn]) {
      const runtime = subset('styling-gel', env);
      const welcome = runtime.steps[0]!;
      expect([welcome.name, welcome.public, welcome.saveMode]).toEqual(['welcome-styling-gel', true, 'none']);
      expect(runtime.isIncluded(welcome, { answers: {}, env: runtime.env, variants: runtime.variants })).toBe(true);
    }
    const runtime = subset('styling-gel');
    expect(runtime.steps.map((s) => s.name)).toEqual([
      'welcome-styling-gel',
      'start-styling-gel',
      'texture',
      'thickness',
      'hair-style',
      'hold-level',
      'signin',
    ]);
    expect(runtime.steps[1]!.route).toBe('/consultation/haircare/my-hair/styling-gel');
    expect(runtime.flow.progress).toEqual({ tracker: false, counter: true });
  });
  it('keeps ?questionSet=styling-gel on every route and sets has_answered_styling_gel_questions', async () => {
    const runtime = subset('styling-gel');
    expect(runtime.flow.query).toEqual({ questionSet: 'styling-gel' });
    const run = runFlow(runtime, { route: '/consultation/haircare' }, { advance: 0 });
    const routes = await walk(run);
    expect(routes.slice(0, 3)).toEqual(['/consultation/haircare', '/consultation/haircare/my-hair/styling-gel', '/consultation/haircare/my-hair/texture']);
    expect(run.step()).toBe('results');
    await run.settle();
    expect(run.completed).toEqual([{ has_answered_styling_gel_questions: true }]);
  });
  it('the interstitial and the closing step never show in the whole consultation', () => {
    const runtime = haircare(signedIn);
    const scope = { answers: {}, env: runtime.env, variants: runtime.variants };
    for (const name of ['start-styling-gel', 'supplements-done'])
      expect(
        runtime.isIncluded(
          runtime.steps.find((s) => s.name === name)!,
          scope,
        ),
      ).toBe(false);
  });
  it('an unknown question set is ignored', () => {
    expect(subset('shampoo').questionSet).toBeUndefined();
  });
});
