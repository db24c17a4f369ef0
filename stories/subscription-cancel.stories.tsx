import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { anonymousEnvironment, createFlowRuntime, describeStep, type Answers, type CancelStepKind, type Selection, type StepScreen } from '#engine';
import { StepView, type AnyStepScreen } from '../renderer/components';
import { cancelStepComponents, preloadCancelSteps, type CancelFacts } from '../renderer/cancel/index';
import flow from '../flows/subscription-cancel/haircare.yaml';
import { couponOffer, frequencyOffer, logReasons, snoozeOffer } from './fixtures/subscription-cancel';
import { storyServices } from './mocks/story-services';
import { at } from './support/viewports';

// The cancel and retention path (spec 001 §4 Subscriptions, §7 cancel, log reasons, retention): each step of
// flows/subscription-cancel/haircare.yaml as the engine describes it and the cancellation kind draws it.

/** A haircare subscriber's facts: the reasons of GET /v1/subscription_log_reasons and the offers for "It costs too much". */
const subscriberFacts: CancelFacts = {
  category: 'haircare',
  date: 'December 12, 2026',
  discount: '15%',
  reasons: logReasons,
  offers: [couponOffer, snoozeOffer, frequencyOffer],
  keepPath: '/account/subscription/haircare',
  onKeep: () => undefined,
};

/** The flow's step for these answers, described with the facts, exactly as the cancel page draws it. */
function cancelScreen(name: string, answers: Answers = {}, facts: CancelFacts = subscriberFacts): AnyStepScreen {
  const runtime = createFlowRuntime(flow, anonymousEnvironment({ session: 'authenticated' }));
  const step = runtime.steps.find((s) => s.name === name);
  if (!step) throw new Error(`no step ${name} in the cancel flow`);
  return describeStep(runtime, step, { answers, env: runtime.env, variants: runtime.variants }, facts) as AnyStepScreen;
}

interface HarnessProps {
  screen: AnyStepScreen;
  facts?: CancelFacts;
  busy?: boolean;
  onChange?(selection: Selection): void;
  onNext?(): void;
}

/** Stands in for the flow machine: keeps the selection the step reports and hands the screen back with it. */
function CancelStepHarness({ screen, facts = subscriberFacts, busy = false, onChange, onNext }: HarnessProps) {
  const [selection, setSelection] = useState<Selection>(screen.selection as Selection);
  const [services] = useState(storyServices);
  return (
    <div className="page page--flow">
      <StepView<CancelStepKind, CancelFacts>
        components={cancelStepComponents}
        preload={preloadCancelSteps}
        screen={{ ...screen, selection } as StepScreen<CancelStepKind>}
        facts={facts}
        busy={busy}
        services={services}
        onChange={(next: Selection) => {
          setSelection(next);
          onChange?.(next);
        }}
        onNext={() => onNext?.()}
      />
    </div>
  );
}

const meta = {
  title: 'Subscriptions/Cancel',
  component: CancelStepHarness,
  // The offer and confirmation load on demand in the app; the stories load them first so each draws at once.
  loaders: [async () => ({ cancelKinds: await preloadCancelSteps() })],
  args: { screen: cancelScreen('reason'), onChange: fn(), onNext: fn() },
} satisfies Meta<typeof CancelStepHarness>;
export default meta;
type Story = StoryObj<typeof meta>;

/** §7 log reasons: the cancel reasons as radios (the snooze one left out); "Another reason" needs a comment. */
const reason: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Why do you want to cancel?' })).toHaveFocus();
    await expect(canvas.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual([
      'too_expensive',
      'too_much_product',
      'not_working',
      'moving',
      'other',
    ]);
    await userEvent.click(canvas.getByRole('radio', { name: 'Another reason' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Please tell us a little more about this reason.');
    await expect(args.onNext).not.toHaveBeenCalled();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Tell us more' }), 'Moving abroad');
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await expect(args.onChange).toHaveBeenLastCalledWith({ reason: 'other', comment: 'Moving abroad' });
    await expect(args.onNext).toHaveBeenCalledTimes(1);
  },
};
export const Reason360 = at('xs', reason);
export const Reason1280 = at('lg', reason);

/** §7 retention: the offers for the reason, each with its Accept button; "No thanks, cancel" goes on. */
const offer: Story = {
  args: { screen: cancelScreen('offer', { cancel_reason: 'too_expensive', retention_offers: 3 }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Before you go' })).toBeVisible();
    await expect(canvas.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      '20% off your next box',
      'Take a 30-day break',
      'A box every 8 weeks',
    ]);
    await expect(canvas.getByRole('button', { name: 'No thanks, cancel' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Accept offer: 20% off your next box' }));
    await expect(args.onChange).toHaveBeenCalledWith({ offer: 'coupon_20', accepted: true });
    await expect(args.onNext).toHaveBeenCalledTimes(1);
  },
};
export const Offer360 = at('xs', offer);
export const Offer1280 = at('lg', offer);

/** §7 cancel: what cancelling means, the final button, and the way back. */
const confirm: Story = {
  args: { screen: cancelScreen('confirm', { cancel_reason: 'moving', retention_accepted: false }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Cancel your haircare subscription?' })).toBeVisible();
    await expect(canvas.getByText('Your next delivery, planned for December 12, 2026, will not be sent, and nothing more will be charged.')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Keep my subscription' })).toHaveAttribute('href', '/account/subscription/haircare');
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel subscription' }));
    await expect(args.onChange).toHaveBeenCalledWith({ confirmed: true });
    await expect(args.onNext).toHaveBeenCalledTimes(1);
  },
};
export const Confirm360 = at('xs', confirm);
export const Confirm1280 = at('lg', confirm);

/** While the cancel is sent: the button busy (aria-busy), still focusable. */
const cancelling: Story = {
  args: { screen: cancelScreen('confirm', { cancel_reason: 'moving', retention_accepted: false }), busy: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Cancel subscription' })).toHaveAttribute('aria-busy', 'true');
  },
};
export const Cancelling360 = at('xs', cancelling);
export const Cancelling1280 = at('lg', cancelling);
