import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { BrowserRouter, MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { anonymousEnvironment } from '#engine';
import { FlowRunner } from '../../app/flow/flow-runner';
import type { FlowAdapters } from '../../app/flow/flow-kind';
import type { StepFacts } from '../../renderer/index';
import { feedbackAdapters, feedbackKind } from '../fixtures/flows/feedback/feedback-kind';

/**
 * Issue 11: a third flow kind (a small feedback flow, tests/fixtures/flows/feedback/) runs on the generic runner of
 * app/flow with its own kind and adapters, with no change to the runner or the engine's core.
 */
const flow = await feedbackKind.flows.haircare!();
const env = anonymousEnvironment({ session: 'authenticated', user: { hasNames: true } });

/** The URL the runner is at, and the browser's back button. */
function Where() {
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="where">{useLocation().pathname}</output>
      <button type="button" onClick={() => navigate(-1)}>
        Browser back
      </button>
    </>
  );
}

const routes = (adapters: FlowAdapters<StepFacts>) => (
  <Routes>
    <Route
      path="/feedback/*"
      element={
        <>
          <FlowRunner kind={feedbackKind} adapters={adapters} flow={flow} env={env} answers={{}} resume={false} services={{} as never} />
          <Where />
        </>
      }
    />
  </Routes>
);

function run(path: string, adapters: FlowAdapters<StepFacts>) {
  return render(<MemoryRouter initialEntries={[path]}>{routes(adapters)}</MemoryRouter>);
}

/** The URL follows the machine in an effect after the step is drawn: tests wait for it. */
const where = () => screen.getByTestId('where').textContent;
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('the generic flow runner with a feedback flow (issue 11)', () => {
  it('walks the flow at its own URLs: intro, an answer that auto-advances and saves, a step skipped by its rule, completion once', async () => {
    const feedback = feedbackAdapters();
    run('/feedback/fixture', feedback.adapters);
    await heading('How is your formula working?');
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await heading('How happy are you with your shampoo?');
    await waitFor(() => expect(where()).toBe('/feedback/fixture/satisfaction'));
    // The intro saves nothing (skipSave by its kind).
    expect(feedback.saves).toEqual([]);
    fireEvent.click(screen.getByRole('radio', { name: 'Very happy' }));
    // A happy shopper is not asked what to change: the issues step's rule does not hold.
    await heading('Would you order it again?');
    await waitFor(() => expect(where()).toBe('/feedback/fixture/again'));
    expect(feedback.saves).toEqual([{ feedback_satisfaction: 'happy' }]);
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    await heading('Thank you for your review');
    await waitFor(() => expect(where()).toBe('/feedback/fixture/thanks'));
    expect(feedback.saves).toEqual([{ feedback_satisfaction: 'happy' }, { feedback_again: true }]);
    await waitFor(() => expect(feedback.completions).toHaveLength(1));
    expect(feedback.completions[0]).toMatchObject({ flowId: 'feedback-fixture', category: 'haircare' });
  });

  it('an unhappy answer opens the step its rule includes; the browser’s back button returns to the step before', async () => {
    const feedback = feedbackAdapters();
    run('/feedback/fixture/satisfaction', feedback.adapters);
    await heading('How happy are you with your shampoo?');
    fireEvent.click(screen.getByRole('radio', { name: 'Not happy' }));
    await heading('What would you change?');
    await waitFor(() => expect(where()).toBe('/feedback/fixture/issues'));
    fireEvent.click(screen.getByRole('button', { name: 'Browser back' }));
    await heading('How happy are you with your shampoo?');
    await waitFor(() => expect(where()).toBe('/feedback/fixture/satisfaction'));
    // The answer given is still there, and choosing it again goes on.
    expect(screen.getByRole('radio', { name: 'Not happy' })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('radio', { name: 'Not happy' }));
    await heading('What would you change?');
    fireEvent.click(screen.getByRole('checkbox', { name: 'The scent' }));
    fireEvent.click(screen.getByRole('button', { name: /next|continue/i }));
    await heading('Would you order it again?');
    expect(feedback.saves).toEqual([{ feedback_satisfaction: 'unhappy' }, { feedback_satisfaction: 'unhappy' }, { feedback_issues: ['scent'] }]);
  });

  it('a deep link opens its step', async () => {
    run('/feedback/fixture/again', feedbackAdapters().adapters);
    await heading('Would you order it again?');
    await waitFor(() => expect(where()).toBe('/feedback/fixture/again'));
  });

  it('a refused save keeps the shopper on the step with the adapter’s words, and nothing moves on', async () => {
    const feedback = feedbackAdapters((request) => request.step.name === 'satisfaction');
    run('/feedback/fixture/satisfaction', feedback.adapters);
    await heading('How happy are you with your shampoo?');
    fireEvent.click(screen.getByRole('radio', { name: 'Very happy' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'We could not save your review. Please try again.');
    await waitFor(() => expect(where()).toBe('/feedback/fixture/satisfaction'));
    expect(feedback.completions).toEqual([]);
  });

  it('the back button pressed as the next step shows returns to the step before: the URL and the step agree', async () => {
    // The browser's history, as the shop runs in it (BrowserRouter, whose location changes are transitions).
    window.history.replaceState(null, '', '/feedback/fixture/satisfaction');
    const push = window.history.pushState.bind(window.history);
    const replace = window.history.replaceState.bind(window.history);
    // The shopper presses back the moment the runner pushes the next step's URL, before React has drawn that URL: the
    // browser is back on the step before (its own history entry), and says so with a popstate. The router sees a push
    // and a pop in one transition, and draws the location it had before.
    let pressed = false;
    const spy = vi.spyOn(window.history, 'pushState').mockImplementation((state, unused, url) => {
      const before = window.history.state as unknown;
      push(state, unused, url);
      if (pressed || !String(url).endsWith('/issues')) return;
      pressed = true;
      replace(before, '', '/feedback/fixture/satisfaction');
      window.dispatchEvent(new PopStateEvent('popstate', { state: before }));
    });
    try {
      render(<BrowserRouter>{routes(feedbackAdapters().adapters)}</BrowserRouter>);
      await heading('How happy are you with your shampoo?');
      fireEvent.click(screen.getByRole('radio', { name: 'Not happy' }));
      await waitFor(() => expect(pressed).toBe(true));
      // The step follows the URL the browser shows: the question before, not the one the shopper left.
      await heading('How happy are you with your shampoo?');
      expect(window.location.pathname).toBe('/feedback/fixture/satisfaction');
      expect(screen.queryByRole('heading', { level: 1, name: 'What would you change?' })).toBeNull();
    } finally {
      spy.mockRestore();
    }
  });
});
