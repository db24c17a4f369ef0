import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import {
  anonymousEnvironment,
  createFlowRuntime,
  describeStep,
  feedbackSummary,
  PHASE_LABELS,
  SUPPLEMENT_PHASES,
  type Answers,
  type FeedbackSummary,
  type Selection,
  type StepKind,
  type StepScreen,
} from '#engine';
import { StepView, stepComponents, type AnyStepScreen } from '../renderer/components';
import { feedbackStepComponents, preloadFeedbackSteps, type FeedbackFacts } from '../renderer/feedback/index';
import fixture from '../tests/fixtures/flows/feedback/feedback-steps.yaml';
import { storyServices } from './mocks/story-services';
import { at } from './support/viewports';

// Every step kind of the feedback family (spec 002 §2.6), as the engine describes the steps of a small feedback flow
// (tests/fixtures/flows/feedback/feedback-steps.yaml) and the feedback kind draws them, with the order's facts.

const components = { ...stepComponents, ...feedbackStepComponents };

/** The fixture's step for these answers, described with the facts, exactly as a feedback page draws it. */
function feedbackScreen(name: string, answers: Answers = {}, facts: FeedbackFacts = orderFacts): AnyStepScreen {
  const runtime = createFlowRuntime(fixture, anonymousEnvironment({ session: 'authenticated', order: { skin_fragrance: 'blanca' } }));
  const step = runtime.steps.find((s) => s.name === name);
  if (!step) throw new Error(`no step ${name} in the feedback fixture`);
  return describeStep(runtime, step, { answers, env: runtime.env, variants: runtime.variants }, facts) as AnyStepScreen;
}

/** The order under review: its cleanser in Blanca. */
const orderFacts: FeedbackFacts = {
  orderDate: 'May 2, 2026',
  products: { cleanser: { name: 'Gentle Cleanser', fragrance: 'blanca' }, moisturizer: { name: 'Daily Moisturizer', fragrance: 'blanca' } },
  fragranceNames: { blanca: 'Blanca', pacifica: 'Pacifica' },
};

interface HarnessProps {
  screen: AnyStepScreen;
  facts?: FeedbackFacts;
  busy?: boolean;
  onChange?(selection: Selection): void;
  onNext?(): void;
}

/** Stands in for the flow machine: keeps the selection the step reports and hands the screen back with it. */
function FeedbackStepHarness({ screen, facts = orderFacts, busy = false, onChange, onNext }: HarnessProps) {
  const [selection, setSelection] = useState<Selection>(screen.selection as Selection);
  const [services] = useState(storyServices);
  return (
    <StepView<StepKind, FeedbackFacts>
      components={components}
      preload={preloadFeedbackSteps}
      screen={{ ...screen, selection } as StepScreen}
      facts={facts}
      busy={busy}
      services={services}
      onChange={(next: Selection) => {
        setSelection(next);
        onChange?.(next);
      }}
      onNext={() => onNext?.()}
    />
  );
}

const meta = {
  title: 'Feedback/Steps',
  component: FeedbackStepHarness,
  // The feedback kinds load on demand in the app; the stories load them first so each draws at once.
  loaders: [async () => ({ feedbackKinds: await preloadFeedbackSteps() })],
  args: { screen: feedbackScreen('cleanser-satisfaction'), onChange: fn(), onNext: fn() },
} satisfies Meta<typeof FeedbackStepHarness>;
export default meta;
type Story = StoryObj<typeof meta>;

/** §2.6, §9.2: five labelled choices and, apart, "I haven't used it enough" (0); the product's name in the title. */
const rating: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'How happy are you with your Gentle Cleanser?' })).toHaveFocus();
    const radios = canvas.getAllByRole('radio');
    await expect(radios.map((r) => [r.getAttribute('value'), r.getAttribute('name')])).toEqual([
      ['1', 'cleanser_satisfaction'],
      ['2', 'cleanser_satisfaction'],
      ['3', 'cleanser_satisfaction'],
      ['4', 'cleanser_satisfaction'],
      ['5', 'cleanser_satisfaction'],
      ['0', 'cleanser_satisfaction-skip'],
    ]);
    await userEvent.click(canvas.getByRole('radio', { name: 'Satisfied' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(4);
    await userEvent.click(canvas.getByRole('radio', { name: 'I haven’t used it enough' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(0);
    await expect(canvas.getByRole('radio', { name: 'Satisfied' })).not.toBeChecked();
  },
};
export const Rating360 = at('xs', rating);
export const Rating768 = at('sm', rating);
export const Rating1280 = at('lg', rating);

/** §2.6: the cleanser's texture, each with its description; choosing one reports it (the engine moves on). */
const texture: Story = {
  args: { screen: feedbackScreen('cleanser-texture', { cleanser_satisfaction: 4 }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const cream = await canvas.findByRole('radio', { name: 'Cleansing cream' });
    await expect(cream).toHaveAccessibleDescription(expect.stringContaining('A soft cream that cleanses without stripping.'));
    await userEvent.click(cream);
    await expect(args.onChange).toHaveBeenCalledWith('cleansing_cream');
  },
};
export const Texture360 = at('xs', texture);
export const Texture768 = at('sm', texture);
export const Texture1280 = at('lg', texture);

/** §2.6, §3.8, §5.4: a new fragrance with its notes; fragrance-free set apart (saved as frag_free). */
const fragranceChoice: Story = {
  args: { screen: feedbackScreen('fragrance-new-choice') },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const pacifica = await canvas.findByRole('radio', { name: 'Pacifica' });
    await expect(pacifica).toHaveAccessibleDescription(expect.stringContaining('sea salt, driftwood, bergamot'));
    await userEvent.click(canvas.getByRole('radio', { name: 'Fragrance-free' }));
    await expect(args.onChange).toHaveBeenCalledWith('NONE');
  },
};
export const FragranceChoice360 = at('xs', fragranceChoice);
export const FragranceChoice768 = at('sm', fragranceChoice);
export const FragranceChoice1280 = at('lg', fragranceChoice);

/** §2.6: a fragrance's satisfaction and intensity on one page, named in the title; Continue moves on. */
const fragranceRating: Story = {
  args: { screen: feedbackScreen('fragrance-cleanser') },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'How do you like Blanca in your Gentle Cleanser?' })).toBeVisible();
    await userEvent.click(canvas.getByRole('radio', { name: 'Very Satisfied' }));
    await userEvent.click(canvas.getByRole('radio', { name: 'Too strong' }));
    await expect(args.onChange).toHaveBeenLastCalledWith({ satisfaction: 5, intensity: 'too_strong' });
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await expect(args.onNext).toHaveBeenCalledTimes(1);
  },
};
export const FragranceRating360 = at('xs', fragranceRating);
export const FragranceRating768 = at('sm', fragranceRating);
export const FragranceRating1280 = at('lg', fragranceRating);

/** §2.6: a free-text area with its label and its character count; what is written is shown as text. */
const text: Story = {
  args: { screen: feedbackScreen('cleanser-note', { cleanser_note: 'Lovely <b>lather</b>' }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const area = await canvas.findByRole('textbox', { name: 'Your note' });
    await expect(area).toHaveValue('Lovely <b>lather</b>');
    await expect(area).toHaveAccessibleDescription('20 of 280 characters');
    await userEvent.type(area, '!');
    await expect(area).toHaveAccessibleDescription('21 of 280 characters');
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await expect(args.onChange).toHaveBeenCalledWith('Lovely <b>lather</b>!');
    await expect(args.onNext).toHaveBeenCalledTimes(1);
  },
};
export const Text360 = at('xs', text);
export const Text768 = at('sm', text);
export const Text1280 = at('lg', text);

/** A shopper's skincare answers, and the summary the results show for them (§2.7, §9.4). */
const skincareAnswers: Answers = {
  cleanser_satisfaction: 4,
  cleanser_product_feel: 'nicely_hydrating',
  cleanser_texture: 'cleansing_cream',
  fragrance_cleanser_satisfaction: 3,
  fragrance_cleanser_intensity: 'too_strong',
  // The same fragrance again (§5.4 new_fragrance false): its intensity is still to reduce.
  fragrance_new_choice: 'blanca',
  new_fragrance: false,
};
const skincareSummary = feedbackSummary(fixture, skincareAnswers);

/** §2.7: improvements, the fragrance chosen, the cleanser's fragrance to reduce and its texture. */
const results: Story = {
  args: { screen: feedbackScreen('results', skincareAnswers), facts: { ...orderFacts, summary: skincareSummary } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const working = await canvas.findByRole('region', { name: 'What’s working' });
    await expect(within(working).getByText('Cleanser feel')).toBeVisible();
    await expect(within(canvas.getByRole('region', { name: 'Your fragrance' })).getByText('Blanca')).toBeVisible();
    await expect(within(canvas.getByRole('region', { name: 'Fragrance intensity' })).getByText('We’ll make the fragrance lighter')).toBeVisible();
    await expect(within(canvas.getByRole('region', { name: 'Your textures' })).getByText('Cleansing cream')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await expect(args.onNext).toHaveBeenCalledTimes(1);
  },
};
export const Results360 = at('xs', results);
export const Results768 = at('sm', results);
export const Results1280 = at('lg', results);

/** A supplements shopper at three months (§9.6: 100, 25, 0), with what grew and what has not yet. */
const supplementsSummary: FeedbackSummary = {
  improvements: [{ field: 'product_supplements_hair_growth', label: 'Hair growth', value: 'yes_some' }],
  concerns: [{ field: 'product_supplements_thickness', label: 'Thickness', value: 'not_yet' }],
  fragrances: [],
  intensity: [],
  textures: [],
  phases: { duration: 'three_months', source: 'answer', phases: [...SUPPLEMENT_PHASES.three_months], labels: [...PHASE_LABELS] },
};

/** §2.7, §9.6: the supplement progress phases, each a labelled bar with its percent. */
const supplementResults: Story = {
  args: { screen: feedbackScreen('results'), facts: { ...orderFacts, summary: supplementsSummary } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const bars = await canvas.findAllByRole('progressbar');
    await expect(bars.map((b) => [b.getAttribute('value'), b.getAttribute('aria-labelledby') ? 'labelled' : ''])).toEqual([
      ['100', 'labelled'],
      ['25', 'labelled'],
      ['0', 'labelled'],
    ]);
    await expect(canvas.getByRole('progressbar', { name: PHASE_LABELS[1] })).toHaveAttribute('value', '25');
    await expect(within(canvas.getByRole('region', { name: 'What we’ll refine' })).getByText('Thickness')).toBeVisible();
  },
};
export const SupplementResults360 = at('xs', supplementResults);
export const SupplementResults768 = at('sm', supplementResults);
export const SupplementResults1280 = at('lg', supplementResults);

/** §2.6: the public review with its legal notice, a review and a private note; Submit saves, Skip moves on. */
const publicReview: Story = {
  args: { screen: feedbackScreen('public-review') },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/may be made public/)).toBeVisible();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Your review' }), 'My skin has never felt so soft.');
    await expect(canvas.getByRole('textbox', { name: 'Your review' })).toHaveAccessibleDescription('31 of 2000 characters');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expect(args.onChange).toHaveBeenCalledWith({ public: 'My skin has never felt so soft.', internal: '' });
    await expect(args.onNext).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Skip' }));
    await expect(args.onChange).toHaveBeenLastCalledWith({ public: '', internal: '' });
  },
};
export const PublicReview360 = at('xs', publicReview);
export const PublicReview768 = at('sm', publicReview);
export const PublicReview1280 = at('lg', publicReview);
