import { describe, expect, it } from 'vitest';
import { compileFlowSource, flowJsonSchema, formatIssue } from '#engine/compiler';
import { createActor, fromPromise } from 'xstate';
import {
  anonymousEnvironment,
  answersFromSelection,
  createFlowMachine,
  createFlowRuntime,
  describeStep,
  flowStep,
  selectionFromAnswers,
  type CompleteRequest,
  type SaveRequest,
  type SaveResult,
} from '#engine';
import { runFlow } from './support/actor';
import { flow } from './support/flows';

// The cancellation family (engine/schema/steps/cancel.ts) and the cancel/retention flows (flows/subscription-cancel/):
// spec 001 §4 Subscriptions ("Retention-action check"), §7 cancel, log reasons, retention.
const env = anonymousEnvironment({ session: 'authenticated' });
const runtime = (category = 'haircare') => createFlowRuntime(flow(`flows/subscription-cancel/${category}.yaml`), env);

/** Saves that bring back what the kind's adapter would: the offers' count, then each outcome. */
const saves =
  (offers: number) =>
  (request: SaveRequest): SaveResult => {
    if (request.step.kind === 'cancel-reason') return { answers: { retention_offers: offers } };
    if (request.step.kind === 'retention-offer') return { answers: { cancel_outcome: request.values.retention_accepted ? 'offer-applied' : null } };
    return { answers: { cancel_outcome: 'canceled' } };
  };

const run = (route: string, answers = {}) => runFlow(runtime(), { route, answers });

describe('the cancel and retention flows (spec 001 §4, §7)', () => {
  it.each(['haircare', 'skincare', 'supplements'])('%s: reason, offer and confirm at their routes, of the cancellation kind', (category) => {
    const compiled = flow(`flows/subscription-cancel/${category}.yaml`);
    expect(compiled.kind).toBe('cancellation');
    expect(compiled.steps.map((s) => [s.name, s.kind, s.route])).toEqual([
      ['reason', 'cancel-reason', `/account/subscription/${category}/cancel`],
      ['offer', 'retention-offer', `/account/subscription/${category}/cancel/offer`],
      ['confirm', 'cancel-confirm', `/account/subscription/${category}/cancel/confirm`],
    ]);
    expect(compiled.routes.results).toBe(`/account/subscription/${category}/cancel/done`);
  });

  it('a reason and its comment are one answer; a missing comment is saved as null, the offers’ count left to the save', () => {
    const reason = runtime().steps[0]!;
    expect(answersFromSelection(reason, { reason: 'too_expensive' })).toEqual({ cancel_reason: 'too_expensive', cancel_comment: null, retention_offers: null });
    expect(answersFromSelection(reason, { reason: 'other', comment: 'Moving abroad' })).toMatchObject({
      cancel_reason: 'other',
      cancel_comment: 'Moving abroad',
    });
    const scope = { answers: { cancel_reason: 'other', cancel_comment: 'Moving abroad' }, env, variants: {} };
    expect(selectionFromAnswers(runtime(), reason, scope)).toEqual({ reason: 'other', comment: 'Moving abroad' });
  });

  it('fills {category}, {date} and {discount} from the kind’s facts', () => {
    const r = runtime('skincare');
    const screen = describeStep(r, r.steps[2]!, { answers: {}, env, variants: {} }, { category: 'skincare', date: 'December 12', discount: '15%' });
    expect(screen.text.title).toBe('Cancel your skincare subscription?');
  });
});

describe('the machine through the flow', () => {
  async function walk(offers: number, accept: boolean) {
    const saved: SaveRequest[] = [];
    const outcome = saves(offers);
    const machine = createFlowMachine(runtime()).provide({
      actors: {
        saveAnswers: fromPromise<SaveResult | void, SaveRequest>(async ({ input }) => {
          saved.push(input);
          return outcome(input);
        }),
        completeFlow: fromPromise<void, CompleteRequest>(async () => undefined),
      },
    });
    const actor = createActor(machine, { input: { runtime: runtime() } }).start();
    const settle = () => new Promise((r) => setTimeout(r, 0));
    const step = () => flowStep(actor.getSnapshot())?.name ?? 'results';
    expect(step()).toBe('reason');
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.error).toEqual({ code: 'answer_required' });
    actor.send({ type: 'ANSWER', selection: { reason: 'too_expensive' } });
    actor.send({ type: 'NEXT' });
    await settle();
    const afterReason = step();
    if (afterReason === 'offer') {
      actor.send({ type: 'ANSWER', selection: accept ? { offer: 'coupon-20', accepted: true } : { accepted: false } });
      actor.send({ type: 'NEXT' });
      await settle();
    }
    const afterOffer = step();
    if (afterOffer === 'confirm') {
      actor.send({ type: 'ANSWER', selection: { confirmed: true } });
      actor.send({ type: 'NEXT' });
      await settle();
    }
    return { path: [afterReason, afterOffer, step()], saved, answers: actor.getSnapshot().context.answers };
  }

  it('offers for the reason: the offer step; accepting one ends the flow without the confirmation', async () => {
    const { path, saved, answers } = await walk(2, true);
    expect(path).toEqual(['offer', 'results', 'results']);
    expect(saved.map((s) => s.step.name)).toEqual(['reason', 'offer']);
    expect(saved[1]!.values).toEqual({ retention_offer: 'coupon-20', retention_accepted: true, cancel_outcome: null });
    expect(answers.cancel_outcome).toBe('offer-applied');
  });

  it('“No thanks, cancel” goes on to the confirmation, whose button cancels', async () => {
    const { path, saved, answers } = await walk(1, false);
    expect(path).toEqual(['offer', 'confirm', 'results']);
    expect(saved.map((s) => s.step.name)).toEqual(['reason', 'offer', 'confirm']);
    expect(saved[2]!.values).toEqual({ cancel_confirmed: true, cancel_outcome: null });
    expect(answers.cancel_outcome).toBe('canceled');
  });

  it('no offer for the reason: straight to the confirmation', async () => {
    const { path } = await walk(0, false);
    // (No offer step: the path reads reason → confirm → results.)
    expect(path).toEqual(['confirm', 'confirm', 'results']);
  });

  it('a reload on the confirmation, with the answers kept on the device, opens it again', () => {
    const { step } = run('/account/subscription/haircare/cancel/confirm', { cancel_reason: 'moving', retention_offers: 1, retention_accepted: false });
    expect(step()).toBe('confirm');
  });
});

describe('editors’ errors in a cancellation flow', () => {
  const source = (steps: string) =>
    [
      'id: broken-cancel',
      'category: haircare',
      'kind: cancellation',
      'routes: { base: /account/subscription/haircare/cancel, results: /account/subscription/haircare/cancel/done }',
      'sections: [ { id: cancel, label: Cancel } ]',
      'steps:',
      steps,
      '',
    ].join('\n');

  it('a rule naming a field no step writes is reported at its file:line:column with a suggestion', () => {
    const text = source(
      [
        '  - name: reason',
        '    kind: cancel-reason',
        "    route: ''",
        '  - name: offer',
        '    kind: retention-offer',
        '    route: offer',
        '    when: { retention_ofers: { gt: 0 } }',
      ].join('\n'),
    );
    const result = compileFlowSource(text, 'flows/subscription-cancel/broken.yaml');
    expect(result.flow).toBeUndefined();
    const messages = result.issues.map((i) => formatIssue(i, text));
    expect(messages).toEqual([
      expect.stringMatching(/^flows\/subscription-cancel\/broken\.yaml:13:13 {2}unknown_field[\s\S]*Did you mean "retention_offers"\?/),
    ]);
  });

  it('an unknown property of a cancel step is reported at its line', () => {
    const text = source(['  - name: confirm', '    kind: cancel-confirm', '    route: confirm', '    keepLabel: Keep it'].join('\n'));
    const result = compileFlowSource(text, 'flows/subscription-cancel/broken.yaml');
    expect(result.flow).toBeUndefined();
    expect(result.issues.map((i) => formatIssue(i, text))).toEqual([expect.stringMatching(/^flows\/subscription-cancel\/broken\.yaml:10:5 /)]);
  });

  it('a cancel step in a consultation is refused at its kind', () => {
    const text = [
      'id: broken',
      'category: haircare',
      'kind: consultation',
      'routes: { base: /consultation/broken, results: /consultation/broken/results }',
      'sections: [ { id: a, label: A } ]',
      'steps:',
      '  - name: one',
      '    kind: retention-offer',
      '    route: one',
      '',
    ].join('\n');
    const result = compileFlowSource(text, 'flows/consultation/broken.yaml');
    expect(result.issues.map((i) => formatIssue(i, text))).toEqual([
      expect.stringContaining(
        'flows/consultation/broken.yaml:8:11  kind_not_for_flow\n  Step kind "retention-offer" belongs in a cancellation flow, and this flow is a consultation.',
      ),
    ]);
  });

  it('the editors’ JSON schema knows the family', () => {
    expect(JSON.stringify(flowJsonSchema())).toContain('"retention-offer"');
  });
});
