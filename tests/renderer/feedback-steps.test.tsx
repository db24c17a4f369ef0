import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  anonymousEnvironment,
  createFlowMachine,
  createFlowRuntime,
  describeStep,
  feedbackSummary,
  flowBusy,
  flowProblem,
  flowStep,
  type Answers,
  type FlowEnvironment,
  type CompleteRequest,
  type SaveRequest,
  type SaveResult,
  type Selection,
  type StepKind,
} from '#engine';
import { StepView, stepComponents } from '../../renderer/components';
import { feedbackStepComponents, preloadFeedbackSteps, type FeedbackFacts } from '../../renderer/feedback/index';
import fixture from '../fixtures/flows/feedback/feedback-steps.yaml';

// The feedback family's steps (spec 002 §2.6) drawn by StepView and driven by the real flow machine over a small
// feedback flow (tests/fixtures/flows/feedback/feedback-steps.yaml): what each saves, when it moves on.

const components = { ...stepComponents, ...feedbackStepComponents };
const services = { signUp: async () => ({ kind: 'error' as const }), saveNames: async () => ({ kind: 'error' as const }) };
const orderFacts: FeedbackFacts = {
  products: { cleanser: { name: 'Gentle Cleanser', fragrance: 'blanca' } },
  fragranceNames: { blanca: 'Blanca', pacifica: 'Pacifica' },
};

interface Options {
  route: string;
  answers?: Answers;
  facts?: FeedbackFacts;
  order?: FlowEnvironment['order'];
}

/** The fixture flow at a route, run by the flow machine with a recording save, drawn as a feedback page draws it. */
function runFeedback({ route, answers = {}, facts = orderFacts, order = { skin_fragrance: 'blanca' } }: Options) {
  const saves: SaveRequest[] = [];
  const runtime = createFlowRuntime(fixture, anonymousEnvironment({ session: 'authenticated', order }));
  const machine = createFlowMachine<FeedbackFacts>(runtime).provide({
    actors: {
      saveAnswers: fromPromise<SaveResult<FeedbackFacts> | void, SaveRequest>(async ({ input }) => {
        saves.push(input);
      }),
      completeFlow: fromPromise<void, CompleteRequest>(async () => undefined),
    },
  });
  function Page() {
    const actor = useActorRef(machine, { input: { runtime, route: `/feedback/fixture/${route}`, answers } });
    const snapshot = useSelector(actor, (s) => s);
    const step = flowStep(snapshot);
    if (!step) return <p>Thank you</p>;
    const scope = { answers: snapshot.context.answers, env: snapshot.context.env, variants: runtime.variants };
    const problem = flowProblem(snapshot);
    return (
      <StepView<StepKind, FeedbackFacts>
        components={components}
        preload={preloadFeedbackSteps}
        screen={describeStep(runtime, step, scope, facts)}
        facts={facts}
        busy={flowBusy(snapshot)}
        error={problem ? `problem: ${problem.code}` : undefined}
        services={services}
        onChange={(selection: Selection) => actor.send({ type: 'ANSWER', selection })}
        onNext={() => actor.send({ type: 'NEXT' })}
      />
    );
  }
  const user = userEvent.setup();
  render(<Page />);
  return { saves, user, values: () => saves.map((s) => s.values) };
}

const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });
/** What assistive technology reads as an element's description: the texts its aria-describedby names, in order. */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
    .join(' ');
const focused = (element: HTMLElement) => expect(document.activeElement).toBe(element);
const checked = (name: string) => (screen.getByRole('radio', { name }) as HTMLInputElement).checked;

// The feedback kinds load on demand in the app; here they are loaded first, as once a shopper starts answering.
beforeAll(() => preloadFeedbackSteps());

describe('spec 002 §2.6, §9.2 the rating', () => {
  it('shows five labelled choices and, apart, "I haven’t used it enough"; a choice saves its number and moves on after 300 ms (§2.8)', async () => {
    const run = runFeedback({ route: 'cleanser-satisfaction' });
    focused(await heading('How happy are you with your Gentle Cleanser?'));
    const scale = screen.getAllByRole('group')[0]!;
    expect(
      within(scale)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).labels?.[0]?.textContent),
    ).toEqual(['Very Unsatisfied', 'Unsatisfied', 'Neutral', 'Satisfied', 'Very Satisfied']);
    expect(within(scale).queryByRole('radio', { name: 'I haven’t used it enough' })).toBeNull();
    await run.user.click(screen.getByRole('radio', { name: 'Satisfied' }));
    // Nothing is saved at once: the machine waits 300 ms.
    expect(run.saves).toHaveLength(0);
    // The next page's heading takes focus.
    focused(await heading('How does your skin feel after cleansing?'));
    expect(run.values()).toEqual([{ cleanser_satisfaction: 4 }]);
  });

  it('§4.4: "I haven’t used it enough" saves 0, clears the product’s follow-ups in the same save and skips them', async () => {
    const run = runFeedback({ route: 'cleanser-satisfaction', answers: { cleanser_product_feel: 'too_oily', cleanser_texture: 'foaming_gel' } });
    await heading(/Gentle Cleanser/);
    await run.user.click(screen.getByRole('radio', { name: 'I haven’t used it enough' }));
    await heading('How do you like Blanca in your Gentle Cleanser?');
    expect(run.values()).toEqual([{ cleanser_satisfaction: 0, cleanser_product_feel: null, cleanser_texture: null }]);
  });

  it('is used with the keyboard: arrows browse the scale without choosing, Space chooses; Tab reaches the skip', async () => {
    const run = runFeedback({ route: 'cleanser-satisfaction' });
    await heading(/Gentle Cleanser/);
    screen.getByRole('radio', { name: 'Very Unsatisfied' }).focus();
    await run.user.keyboard('{ArrowRight}{ArrowRight}');
    focused(screen.getByRole('radio', { name: 'Neutral' }));
    expect(checked('Neutral')).toBe(false);
    await run.user.tab();
    focused(screen.getByRole('radio', { name: 'I haven’t used it enough' }));
    await run.user.tab({ shift: true });
    await run.user.keyboard(' ');
    await heading('How does your skin feel after cleansing?');
    expect(run.values()).toEqual([{ cleanser_satisfaction: expect.any(Number) }]);
  });
});

describe('spec 002 §2.6 texture and fragrance choices move on by themselves', () => {
  it('a texture saves its value and moves on after 300 ms', async () => {
    const run = runFeedback({ route: 'cleanser-texture', answers: { cleanser_satisfaction: 4 } });
    await heading('Which cleanser texture would you like next time?');
    expect(description(screen.getByRole('radio', { name: 'Cleansing cream' }))).toContain('without stripping');
    await run.user.click(screen.getByRole('radio', { name: 'Cleansing cream' }));
    await heading(/How do you like Blanca/);
    expect(run.values()).toEqual([{ cleanser_texture: 'cleansing_cream' }]);
  });

  it('§5.4: fragrance-free (NONE) is saved as frag_free, and new_fragrance says it differs from the order’s Blanca', async () => {
    const run = runFeedback({ route: 'fragrance-new-choice' });
    await heading('Which fragrance would you like in your next order?');
    await run.user.click(screen.getByRole('radio', { name: 'Fragrance-free' }));
    await heading('Anything else about your cleanser?');
    expect(run.values()).toEqual([{ fragrance_new_choice: 'frag_free', new_fragrance: true }]);
  });

  it('§5.4: choosing the order’s own fragrance again saves new_fragrance false', async () => {
    const run = runFeedback({ route: 'fragrance-new-choice' });
    await heading(/Which fragrance/);
    await run.user.click(screen.getByRole('radio', { name: 'Blanca' }));
    await heading(/Anything else/);
    expect(run.values()).toEqual([{ fragrance_new_choice: 'blanca', new_fragrance: false }]);
  });

  it('§5.1: a sold-out fragrance is not offered; the notes describe each one', async () => {
    runFeedback({ route: 'fragrance-new-choice', facts: { ...orderFacts, soldOutFragrances: ['PACIFICA'] } });
    await heading(/Which fragrance/);
    expect(screen.queryByRole('radio', { name: 'Pacifica' })).toBeNull();
    expect(description(screen.getByRole('radio', { name: 'Blanca' }))).toBe('Soft + Floral Notes: white tea, magnolia, musk');
  });
});

describe('spec 002 §2.6 the fragrance satisfaction and intensity page', () => {
  it('saves both answers with its button; without an intensity it stays and says so', async () => {
    const run = runFeedback({ route: 'fragrance-cleanser' });
    await heading('How do you like Blanca in your Gentle Cleanser?');
    await run.user.click(screen.getByRole('radio', { name: 'Satisfied' }));
    await run.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe('problem: answer_required');
    expect(run.saves).toHaveLength(0);
    await run.user.click(screen.getByRole('radio', { name: 'Too light' }));
    await run.user.click(screen.getByRole('button', { name: 'Continue' }));
    await heading(/Which fragrance/);
    expect(run.values()).toEqual([{ fragrance_cleanser_satisfaction: 4, fragrance_cleanser_intensity: 'too_light' }]);
  });

  it('§4.4: "I haven’t used it enough" asks no intensity and saves none', async () => {
    const run = runFeedback({ route: 'fragrance-cleanser', answers: { fragrance_cleanser_intensity: 'too_strong' } });
    await heading(/Blanca/);
    expect(checked('Too strong')).toBe(true);
    await run.user.click(screen.getByRole('radio', { name: 'I haven’t used it enough' }));
    expect(screen.queryByRole('radio', { name: 'Too strong' })).toBeNull();
    await run.user.click(screen.getByRole('button', { name: 'Continue' }));
    await heading(/Which fragrance/);
    expect(run.values()).toEqual([{ fragrance_cleanser_satisfaction: 0, fragrance_cleanser_intensity: null }]);
  });

  it('§8: an order fragrance the catalogue does not know is named by its raw slug', async () => {
    runFeedback({ route: 'fragrance-cleanser', facts: { ...orderFacts, products: { cleanser: { name: 'Gentle Cleanser', fragrance: 'nebula_v2' } } } });
    await heading('How do you like nebula_v2 in your Gentle Cleanser?');
  });
});

describe('spec 002 §2.6 free text: limits, empty texts, shown as text', () => {
  it('a text area has its label, its limit and its count; its text is saved as typed', async () => {
    const run = runFeedback({ route: 'cleanser-note' });
    await heading('Anything else about your cleanser?');
    const area = screen.getByRole('textbox', { name: 'Your note' });
    expect(area.getAttribute('maxlength')).toBe('280');
    expect(description(area)).toBe('0 of 280 characters');
    await run.user.type(area, 'Smells <b>great</b>');
    expect(description(area)).toBe('19 of 280 characters');
    await run.user.click(screen.getByRole('button', { name: 'Continue' }));
    await heading(/what we'll refine/i);
    expect(run.values()[0]).toEqual({ cleanser_note: 'Smells <b>great</b>' });
  });

  it('typing stops at the limit', async () => {
    const run = runFeedback({ route: 'cleanser-note' });
    await heading(/Anything else/);
    const area = screen.getByRole('textbox', { name: 'Your note' });
    await run.user.click(area);
    await run.user.paste('x'.repeat(300));
    expect((area as HTMLTextAreaElement).value).toHaveLength(280);
    expect(description(area)).toBe('280 of 280 characters');
  });

  it('§5.4: an empty text moves on and is saved as null (no answer)', async () => {
    const run = runFeedback({ route: 'cleanser-note' });
    await heading(/Anything else/);
    await run.user.click(screen.getByRole('button', { name: 'Continue' }));
    await heading(/what we'll refine/i);
    expect(run.values()[0]).toEqual({ cleanser_note: null });
  });

  it('a text written earlier is shown as text, never as HTML', async () => {
    const written = '<img src=x onerror="alert(1)"> <b>bold</b>';
    runFeedback({ route: 'public-review', answers: { open_text_public: written } });
    await heading('Would you like to write a review?');
    expect((screen.getByRole('textbox', { name: 'Your review' }) as HTMLTextAreaElement).value).toBe(written);
    expect(document.querySelector('.step-view img, .step-view b')).toBeNull();
  });

  it('the public review: the legal notice, two optional texts up to 2000 characters; Submit saves them, empty ones as null', async () => {
    const run = runFeedback({ route: 'public-review' });
    await heading('Would you like to write a review?');
    expect(screen.getByText(/may be made public/)).toBeTruthy();
    const review = screen.getByRole('textbox', { name: 'Your review' });
    expect(review.getAttribute('maxlength')).toBe('2000');
    expect(screen.getByRole('textbox', { name: /private/ }).getAttribute('maxlength')).toBe('2000');
    await run.user.type(review, 'Soft skin at last.');
    await run.user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('Thank you');
    expect(run.values()).toEqual([{ open_text_public: 'Soft skin at last.', open_text_internal: null }]);
  });

  it('Skip moves on without a review, whatever was typed', async () => {
    const run = runFeedback({ route: 'public-review' });
    await heading(/write a review/);
    await run.user.type(screen.getByRole('textbox', { name: 'Your review' }), 'Never mind');
    await run.user.click(screen.getByRole('button', { name: 'Skip' }));
    await screen.findByText('Thank you');
    expect(run.values()).toEqual([{ open_text_public: null, open_text_internal: null }]);
  });
});

describe('spec 002 §2.7 the results screen', () => {
  it('completes the feedback as it shows, once, draws the summary, and its button goes on without saving again', async () => {
    const answers: Answers = { cleanser_product_feel: 'too_oily', fragrance_cleanser_intensity: 'too_light', fragrance_new_choice: 'nebula<b>' };
    const summary = feedbackSummary(fixture, answers);
    const run = runFeedback({ route: 'results', answers, facts: { ...orderFacts, summary } });
    await heading("Here's what we'll refine");
    await waitFor(() => expect(run.values()).toEqual([{ status: 'completed' }]));
    expect(within(screen.getByRole('region', { name: 'What we’ll refine' })).getByText('Cleanser feel')).toBeTruthy();
    // The cleanser's scent is being replaced by the new choice: no stronger scent is promised for the old one.
    expect(screen.queryByRole('region', { name: 'Fragrance intensity' })).toBeNull();
    // §8: an unknown fragrance by its raw name, as text.
    expect(within(screen.getByRole('region', { name: 'Your fragrance' })).getByText('nebula<b>')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue' }).getAttribute('aria-busy')).toBeNull());
    await run.user.click(screen.getByRole('button', { name: 'Continue' }));
    await heading(/write a review/);
    expect(run.values()).toEqual([{ status: 'completed' }]);
  });

  it('names each product with a capital, though the facts name it as a sentence says it ("hair oil")', async () => {
    const answers: Answers = { fragrance_cleanser_intensity: 'too_strong' };
    const summary = feedbackSummary(fixture, answers);
    runFeedback({ route: 'results', answers, facts: { ...orderFacts, products: { cleanser: { name: 'gentle cleanser' } }, summary } });
    const intensity = await screen.findByRole('region', { name: 'Fragrance intensity' });
    expect(within(intensity).getByText('Gentle cleanser')).toBeTruthy();
    expect(within(intensity).queryByText('gentle cleanser')).toBeNull();
  });
});
