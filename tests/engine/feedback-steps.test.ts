import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerCatalog, checkAnswers, compileFlowSource, flowJsonSchema, formatIssue } from '#engine/compiler';
import {
  ADVANCE_DELAY_MS,
  anonymousEnvironment,
  createFlowRuntime,
  describeStep,
  flowBusy,
  splitFlowContent,
  type Answers,
  type CompiledFlow,
  type FlowEnvironment,
} from '#engine';
import { packFlow, unpackFlow } from '../../engine/runtime/compact-flow';
import { runFlow } from './support/actor';
import { stepOf } from './support/flows';

// A feedback flow holding one step of every kind of the feedback family (spec 002 §2.6).
const source = `id: feedback-kinds
category: skincare
kind: feedback
routes: { base: /feedback/kinds, results: /feedback/confirmation }
sections:
  - { id: products, label: Products }
  - { id: review, label: Review }
steps:
  - name: intro
    kind: intro
    route: ''
    title: Give us feedback
  - name: cleanser_satisfaction
    kind: rating
    route: cleanser-satisfaction
    field: cleanser_satisfaction
    product: cleanser
    title: How happy are you with your {product}?
    clears: [cleanser_product_feel, cleanser_texture]
  - name: cleanser_product_feel
    kind: single
    route: cleanser-product-feel
    field: cleanser_product_feel
    when: { cleanser_satisfaction: { gt: 0 } }
    options:
      - { value: too_oily, label: Too oily }
      - { value: nicely_hydrating, label: Nicely hydrating }
  - name: cleanser_texture
    kind: texture
    route: cleanser-texture
    field: cleanser_texture
    product: cleanser
    when: { cleanser_satisfaction: { gt: 0 } }
    options:
      - { value: gel, label: Gel, description: A light gel }
      - { value: cream, label: Cream, description: A rich cream }
  - name: fragrance_cleanser
    kind: fragrance-rating
    route: fragrance-cleanser
    product: cleanser
    fields: { satisfaction: fragrance_cleanser_satisfaction, intensity: fragrance_cleanser_intensity }
    title: How do you like {fragrance} in your {product}?
  - name: fragrance_new_choice
    kind: fragrance-choice
    route: fragrance-new-choice
    field: fragrance_new_choice
    noneValue: frag_free
    newFragrance: { fact: order.skin_fragrance }
    options:
      - { value: blanca, label: Blanca, notes: [white tea] }
      - { value: pacifica, label: Pacifica, notes: [sea salt] }
      - { value: NONE, label: Fragrance-free }
  - name: note
    kind: text
    route: note
    field: cleanser_note
    maxLength: 300
  - name: results
    kind: feedback-results
    route: results
    section: review
    positive: ["yes", nicely_hydrating]
    concern: [too_oily]
  - name: public_review
    kind: public-review
    route: public-review
    body: Your review may be made public.
`;

function compiled(text = source): CompiledFlow {
  const result = compileFlowSource(text, 'flows/feedback/kinds.yaml');
  if (!result.flow) throw new Error(result.issues.map((i) => formatIssue(i, text)).join('\n'));
  return result.flow;
}
const env = (order: FlowEnvironment['order'] = {}) => anonymousEnvironment({ session: 'authenticated', order });
const runtime = (order: FlowEnvironment['order'] = { skin_fragrance: 'blanca' }) => createFlowRuntime(compiled(), env(order));
const scope = (r: ReturnType<typeof runtime>, answers: Answers) => ({ answers, env: r.env, variants: r.variants });

describe('spec 002 §2.6 the feedback step kinds compile', () => {
  it('every kind of the family compiles in a feedback flow, with the save modes of §5.4 (intros never saved)', () => {
    const flow = compiled();
    expect(flow.steps.map((s) => [s.kind, s.saveMode])).toEqual([
      ['intro', 'none'],
      ['rating', 'answers'],
      ['single', 'answers'],
      ['texture', 'answers'],
      ['fragrance-rating', 'answers'],
      ['fragrance-choice', 'answers'],
      ['text', 'answers'],
      ['feedback-results', 'answers'],
      ['public-review', 'answers'],
    ]);
    expect(flow.steps.find((s) => s.name === 'public_review')!.answerFields).toEqual(['open_text_public', 'open_text_internal']);
    expect(flow.steps.find((s) => s.name === 'results')!.answerFields).toEqual(['status']);
    expect(flow.steps.find((s) => s.name === 'fragrance_new_choice')!.answerFields).toEqual(['new_fragrance', 'fragrance_new_choice']);
  });

  it('spec 002 §9.2: a rating without options offers the scale 0 "I haven’t used it enough", 1 Very Unsatisfied … 5 Very Satisfied', () => {
    const rating = stepOf(runtime(), 'cleanser_satisfaction').step;
    expect('options' in rating && rating.options.map((o) => [o.value, o.label])).toEqual([
      [0, 'I haven’t used it enough'],
      [1, 'Very Unsatisfied'],
      [2, 'Unsatisfied'],
      [3, 'Neutral'],
      [4, 'Satisfied'],
      [5, 'Very Satisfied'],
    ]);
  });

  it('spec 002 §9.2, §9.4: a fragrance rating offers 0-5 and too_strong, too_light, just_right', () => {
    const step = stepOf(runtime(), 'fragrance_cleanser').step;
    if (step.kind !== 'fragrance-rating') throw new Error(step.kind);
    expect(step.satisfactionOptions.map((o) => o.value)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(step.intensityOptions.map((o) => o.value)).toEqual(['too_strong', 'too_light', 'just_right']);
  });

  it('each feedback kind in a consultation (or a checkout) is refused at its file:line:column', () => {
    // Each kind with what it requires, so the kind is its only problem.
    const required: Record<string, string[]> = {
      rating: ['field: x'],
      texture: ['field: x', 'product: cleanser'],
      'fragrance-choice': ['field: x', 'options: [ { value: a, label: A } ]'],
      'fragrance-rating': ['product: cleanser', 'fields: { satisfaction: x, intensity: y }'],
      'public-review': [],
      text: ['field: x'],
      'feedback-results': [],
    };
    for (const [flowKind, kind] of Object.keys(required).flatMap((k) => [['consultation', k] as const, ['checkout', k] as const])) {
      const text = [
        'id: broken',
        'category: haircare',
        `kind: ${flowKind}`,
        'routes: { base: /consultation/broken, results: /consultation/broken/results }',
        'sections: [ { id: a, label: A } ]',
        'steps:',
        '  - name: one',
        `    kind: ${kind}`,
        '    route: one',
        ...required[kind]!.map((line) => `    ${line}`),
        '',
      ].join('\n');
      const result = compileFlowSource(text, 'flows/consultation/broken.yaml');
      expect(result.flow).toBeUndefined();
      const messages = result.issues.map((i) => formatIssue(i, text));
      expect(messages).toEqual([
        expect.stringContaining(
          `flows/consultation/broken.yaml:8:11  kind_not_for_flow\n  Step kind "${kind}" belongs in a feedback flow, and this flow is a ${flowKind}.`,
        ),
      ]);
    }
  });

  it('spec 002 §4.4: a rating clears only fields the flow writes', () => {
    const text = source.replace('clears: [cleanser_product_feel, cleanser_texture]', 'clears: [cleanser_product_fel]');
    const result = compileFlowSource(text, 'flows/feedback/kinds.yaml');
    expect(result.issues.map((i) => formatIssue(i, text))).toEqual([expect.stringMatching(/kinds\.yaml:\d+:\d+ {2}unknown_field[\s\S]*cleanser_product_fel/)]);
  });

  it('spec 002 §2.1: a feedback step route may hold underscores, as the spec’s page names do', () => {
    const flow = compiled(source.replace('route: cleanser-satisfaction', 'route: product_cleanser_satisfaction'));
    expect(flow.steps[1]!.route).toBe('/feedback/kinds/product_cleanser_satisfaction');
  });

  it('spec 002 §5.1: a rule comparing an order fact or a rating by order (gt 21, gt 0) is reachable', () => {
    const text = source.replace(
      'when: { cleanser_satisfaction: { gt: 0 } }\n    options:\n      - { value: too_oily',
      'when: { order.days: { gt: 21 } }\n    options:\n      - { value: too_oily',
    );
    expect(text).not.toBe(source);
    expect(compileFlowSource(text, 'flows/feedback/kinds.yaml').issues).toEqual([]);
    const never = source.replace(
      'when: { cleanser_satisfaction: { gt: 0 } }\n    options:\n      - { value: too_oily',
      'when: { cleanser_satisfaction: { gt: 5 } }\n    options:\n      - { value: too_oily',
    );
    expect(compileFlowSource(never, 'flows/feedback/kinds.yaml').issues.map((i) => i.code)).toEqual(['unreachable_step']);
  });

  it('the flow file schema lists the feedback kinds for editors', () => {
    expect(JSON.stringify(flowJsonSchema())).toContain('"fragrance-rating"');
  });

  it('packs for the browser and splits its words from its logic without losing the feedback steps’ parts', () => {
    const flow = compiled();
    expect(unpackFlow(JSON.parse(JSON.stringify(packFlow(flow))))).toEqual(flow);
    const { logic, chunks } = splitFlowContent(flow);
    const rating = logic.steps.find((s) => s.name === 'fragrance_cleanser') as Extract<CompiledFlow['steps'][number], { kind: 'fragrance-rating' }>;
    expect(rating.satisfactionLabel).toBeUndefined();
    expect(rating.intensityOptions.map((o) => o.value)).toEqual(['too_strong', 'too_light', 'just_right']);
    expect(chunks.products!.fragrance_cleanser).toMatchObject({ satisfactionLabel: 'How satisfied are you with the fragrance?' });
    expect(chunks.review!.public_review).toMatchObject({ skip: 'Skip', publicLabel: 'Your review' });
  });
});

describe('spec 002 §4.4, §5.4 the feedback steps’ answers', () => {
  it('§4.4: a rating of 0 writes the product’s follow-ups as null in the same save, and hides them', () => {
    const rating = stepOf(runtime(), 'cleanser_satisfaction');
    expect(rating.saves(0)).toEqual({ cleanser_satisfaction: 0, cleanser_product_feel: null, cleanser_texture: null });
    expect(rating.saves(4)).toEqual({ cleanser_satisfaction: 4 });
    // The stored 0 reads back as the 0 choice; the follow-ups are not asked.
    expect(rating.selection({ cleanser_satisfaction: 0, cleanser_product_feel: null, cleanser_texture: null })).toBe(0);
    expect(rating.selection({ cleanser_satisfaction: 3 })).toBe(3);
    expect(rating.next({ cleanser_satisfaction: 0 })).toBe('fragrance_cleanser');
    expect(rating.next({ cleanser_satisfaction: 2 })).toBe('cleanser_product_feel');
  });

  it('§5.4: the NONE fragrance is saved as the step’s noneValue (frag_free) and reads back as NONE', () => {
    const choice = stepOf(runtime(), 'fragrance_new_choice');
    expect(choice.saves('NONE')).toEqual({ fragrance_new_choice: 'frag_free' });
    expect(choice.selection({ fragrance_new_choice: 'frag_free' })).toBe('NONE');
    expect(choice.selection({ fragrance_new_choice: 'pacifica' })).toBe('pacifica');
  });

  it('§5.4 skincare: new_fragrance is true when the choice differs from the order’s fragrance, false when it is the same', async () => {
    const { answersFromSelection } = await import('#engine');
    const step = stepOf(runtime(), 'fragrance_new_choice').step;
    const order = (skin_fragrance: string | undefined): Pick<FlowEnvironment, 'order'> => ({ order: skin_fragrance === undefined ? {} : { skin_fragrance } });
    expect(answersFromSelection(step, 'pacifica', order('blanca'))).toEqual({ fragrance_new_choice: 'pacifica', new_fragrance: true });
    expect(answersFromSelection(step, 'blanca', order('blanca'))).toEqual({ fragrance_new_choice: 'blanca', new_fragrance: false });
    expect(answersFromSelection(step, 'blanca', order('BLANCA'))).toEqual({ fragrance_new_choice: 'blanca', new_fragrance: false });
    // §9.7: every fragrance-free code is the same fragrance-free.
    expect(answersFromSelection(step, 'NONE', order('FRAGRANCE_FREE'))).toEqual({ fragrance_new_choice: 'frag_free', new_fragrance: false });
    expect(answersFromSelection(step, 'NONE', order('NO_ADDED_FRAGRANCE'))).toEqual({ fragrance_new_choice: 'frag_free', new_fragrance: false });
    expect(answersFromSelection(step, 'NONE', order('blanca'))).toEqual({ fragrance_new_choice: 'frag_free', new_fragrance: true });
    // An order whose fragrance is unknown: any choice is a new one.
    expect(answersFromSelection(step, 'blanca', order(undefined))).toEqual({ fragrance_new_choice: 'blanca', new_fragrance: true });
  });

  it('§2.6: a fragrance rating writes both answers; a 0 writes no intensity (null, §4.4)', () => {
    const step = stepOf(runtime(), 'fragrance_cleanser');
    expect(step.saves({ satisfaction: 4, intensity: 'too_light' })).toEqual({ fragrance_cleanser_satisfaction: 4, fragrance_cleanser_intensity: 'too_light' });
    expect(step.saves({ satisfaction: 0, intensity: 'too_light' })).toEqual({ fragrance_cleanser_satisfaction: 0, fragrance_cleanser_intensity: null });
    expect(step.selection({ fragrance_cleanser_satisfaction: 2, fragrance_cleanser_intensity: 'too_strong' })).toEqual({
      satisfaction: 2,
      intensity: 'too_strong',
    });
  });

  it('§5.4, §8: free text is saved as typed; an empty or blank text is saved as null (not an answer)', () => {
    const note = stepOf(runtime(), 'note');
    expect(note.saves('Loved it <b>really</b>')).toEqual({ cleanser_note: 'Loved it <b>really</b>' });
    expect(note.saves('   ')).toEqual({ cleanser_note: null });
    expect(note.selection({ cleanser_note: 'kept' })).toBe('kept');
    const review = stepOf(runtime(), 'public_review');
    expect(review.saves({ public: 'Great', internal: '' })).toEqual({ open_text_public: 'Great', open_text_internal: null });
    expect(review.saves(undefined)).toEqual({ open_text_public: null, open_text_internal: null });
  });

  it('§2.7: the results screen writes status completed', () => {
    const results = stepOf(runtime(), 'results');
    expect(results.selection({})).toEqual({ status: 'completed' });
    expect(results.saves({ status: 'completed' })).toEqual({ status: 'completed' });
  });

  it('§2.6: {product}, {fragrance} (an unknown slug by its raw name, §8) and {date} come from the kind’s facts', () => {
    const r = runtime();
    const facts = { products: { cleanser: { name: 'Gentle Cleanser', fragrance: 'blanca' } }, fragranceNames: { blanca: 'Blanca' }, orderDate: 'May 2, 2025' };
    expect(describeStep(r, stepOf(r, 'fragrance_cleanser').step, scope(r, {}), facts).text.title).toBe('How do you like Blanca in your Gentle Cleanser?');
    const unknown = { ...facts, products: { cleanser: { name: 'Gentle Cleanser', fragrance: 'nebula_v2' } } };
    expect(describeStep(r, stepOf(r, 'fragrance_cleanser').step, scope(r, {}), unknown).text.title).toBe('How do you like nebula_v2 in your Gentle Cleanser?');
    expect(describeStep(r, stepOf(r, 'cleanser_satisfaction').step, scope(r, {}), {}).text.title).toBe('How happy are you with your Cleanser?');
  });
});

describe('spec 002 §3.2, §9 the server accepts exactly the feedback values', () => {
  const catalog = answerCatalog([compiled()]);
  it('ratings 0-5, the follow-ups a 0 clears as null, texture and fragrance slugs, NONE only as frag_free', () => {
    expect(checkAnswers(catalog, { cleanser_satisfaction: 0, cleanser_product_feel: null, cleanser_texture: null }).ok).toBe(true);
    expect(checkAnswers(catalog, { cleanser_satisfaction: 5, cleanser_texture: 'gel', fragrance_new_choice: 'frag_free', new_fragrance: true }).ok).toBe(true);
    const bad = checkAnswers(catalog, { cleanser_satisfaction: 6, fragrance_new_choice: 'NONE', new_fragrance: 'yes', cleanser_texture: 'foam' });
    expect(bad.ok).toBe(false);
    expect(Object.keys((bad as { fields: Record<string, string[]> }).fields).sort()).toEqual([
      'cleanser_satisfaction',
      'cleanser_texture',
      'fragrance_new_choice',
      'new_fragrance',
    ]);
  });

  it('§9.4 intensity values, cleared by a 0; §2.7 status completed only', () => {
    expect(checkAnswers(catalog, { fragrance_cleanser_satisfaction: 0, fragrance_cleanser_intensity: null, status: 'completed' }).ok).toBe(true);
    expect(checkAnswers(catalog, { fragrance_cleanser_intensity: 'too_loud' }).ok).toBe(false);
    expect(checkAnswers(catalog, { status: 'started' }).ok).toBe(false);
  });

  it('§2.6 texts: strings up to their length (2000 by default), null clears; anything else is refused', () => {
    expect(checkAnswers(catalog, { open_text_public: 'x'.repeat(2000), open_text_internal: null, cleanser_note: 'y'.repeat(300) }).ok).toBe(true);
    const long = checkAnswers(catalog, { open_text_public: 'x'.repeat(2001), cleanser_note: 'y'.repeat(301) });
    expect(long).toEqual({ ok: false, fields: { open_text_public: ['At most 2000 characters.'], cleanser_note: ['At most 300 characters.'] } });
    expect(checkAnswers(catalog, { open_text_public: 42 })).toEqual({ ok: false, fields: { open_text_public: ['Expected a text.'] } });
    expect(checkAnswers(catalog, { open_text_public: ['a'] }).ok).toBe(false);
  });
});

describe('spec 002 §2.7, §2.8 the feedback steps in the flow machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const route = (slug: string) => `/feedback/kinds/${slug}`;

  it('§2.8: a rating, a texture and a fragrance choice wait 300 ms, then save and move on', async () => {
    const run = runFlow(runtime(), { route: route('cleanser-satisfaction') });
    run.actor.send({ type: 'ANSWER', selection: 0 });
    await vi.advanceTimersByTimeAsync(ADVANCE_DELAY_MS - 1);
    expect(run.saves).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(run.saves.map((s) => s.values)).toEqual([{ cleanser_satisfaction: 0, cleanser_product_feel: null, cleanser_texture: null }]);
    // §4.4: the follow-ups are skipped.
    expect(run.step()).toBe('fragrance_cleanser');

    const texture = runFlow(runtime(), { route: route('cleanser-texture'), answers: { cleanser_satisfaction: 4 } });
    texture.actor.send({ type: 'ANSWER', selection: 'cream' });
    await vi.advanceTimersByTimeAsync(ADVANCE_DELAY_MS);
    expect(texture.saves.map((s) => s.values)).toEqual([{ cleanser_texture: 'cream' }]);

    const choice = runFlow(runtime({ skin_fragrance: 'blanca' }), { route: route('fragrance-new-choice') });
    choice.actor.send({ type: 'ANSWER', selection: 'pacifica' });
    await vi.advanceTimersByTimeAsync(ADVANCE_DELAY_MS);
    expect(choice.saves.map((s) => s.values)).toEqual([{ fragrance_new_choice: 'pacifica', new_fragrance: true }]);
    expect(choice.step()).toBe('note');
  });

  it('§2.6: a fragrance rating waits for its button and needs an intensity unless its satisfaction is 0', async () => {
    const run = runFlow(runtime(), { route: route('fragrance-cleanser') });
    run.actor.send({ type: 'ANSWER', selection: { satisfaction: 4 } });
    run.actor.send({ type: 'NEXT' });
    await vi.runAllTimersAsync();
    expect(run.context().error).toEqual({ code: 'answer_required' });
    run.actor.send({ type: 'ANSWER', selection: { satisfaction: 0 } });
    await vi.advanceTimersByTimeAsync(1000);
    expect(run.saves).toHaveLength(0);
    run.actor.send({ type: 'NEXT' });
    await vi.runAllTimersAsync();
    expect(run.saves.map((s) => s.values)).toEqual([{ fragrance_cleanser_satisfaction: 0, fragrance_cleanser_intensity: null }]);
  });

  it('§2.6: an empty text area and an empty public review move on (both optional)', async () => {
    const run = runFlow(runtime(), { route: route('note') });
    run.actor.send({ type: 'NEXT' });
    await vi.runAllTimersAsync();
    expect(run.step()).toBe('results');
  });

  it('§2.7: reaching the results screen saves status completed at once, once, and the shopper stays to read it', async () => {
    const run = runFlow(runtime(), { route: route('note') });
    run.actor.send({ type: 'ANSWER', selection: 'All good' });
    run.actor.send({ type: 'NEXT' });
    await vi.runAllTimersAsync();
    expect(run.saves.map((s) => [s.step.name, s.values])).toEqual([
      ['note', { cleanser_note: 'All good' }],
      ['results', { status: 'completed' }],
    ]);
    expect(run.step()).toBe('results');
    expect(flowBusy(run.actor.getSnapshot())).toBe(false);
    // Its button moves on without saving the completion again (a completed feedback is final).
    run.actor.send({ type: 'NEXT' });
    await vi.runAllTimersAsync();
    expect(run.step()).toBe('public_review');
    expect(run.saves).toHaveLength(2);
    // Back to the results: nothing saved again.
    run.actor.send({ type: 'BACK' });
    await vi.runAllTimersAsync();
    expect(run.step()).toBe('results');
    expect(run.saves).toHaveLength(2);
  });

  it('§2.7: a results screen opened on a completed feedback saves nothing', async () => {
    const run = runFlow(runtime(), { route: route('results'), answers: { status: 'completed' } });
    await vi.runAllTimersAsync();
    expect(run.step()).toBe('results');
    expect(run.saves).toHaveLength(0);
  });

  it('§2.7: a completion that fails to save shows the problem, and the button saves it before moving on', async () => {
    let fail = true;
    const run = runFlow(runtime(), { route: route('results') }, { failSave: () => (fail ? new Error('offline') : undefined) });
    await vi.runAllTimersAsync();
    expect(run.context().error).toMatchObject({ code: 'save_failed' });
    fail = false;
    run.actor.send({ type: 'NEXT' });
    await vi.runAllTimersAsync();
    expect(run.saves.map((s) => s.values)).toEqual([{ status: 'completed' }, { status: 'completed' }]);
    expect(run.step()).toBe('public_review');
  });

  it('§5.4: intro steps (skipSave) are never saved', async () => {
    const run = runFlow(runtime(), { route: route('') });
    run.actor.send({ type: 'NEXT' });
    await vi.runAllTimersAsync();
    expect(run.saves).toHaveLength(0);
    expect(run.step()).toBe('cleanser_satisfaction');
  });
});
