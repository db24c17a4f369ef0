import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { anonymousEnvironment } from '#engine';
import { FlowRunner } from '../../app/flow/flow-runner';
import { cancellationAdapters, cancellationKind } from '../fixtures/flows/cancellation/cancellation-kind';

/**
 * Issue 24: a new flow kind is a folder. The cancellation fixture (tests/fixtures/flows/cancellation/: its YAML flow,
 * its kind, its adapters) runs on the generic runner, untouched, through its three steps; its last step reads the
 * kind's own facts.
 */
const flow = await cancellationKind.flows.haircare!();
const env = anonymousEnvironment({ session: 'authenticated', user: { hasNames: true } });
const subscription = { product: 'Custom Shampoo', renewsOn: 'December 12' };

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function run(path: string) {
  const deps = { saveAnswers: vi.fn(async () => undefined), cancel: vi.fn(async () => undefined) };
  const adapters = cancellationAdapters(deps, subscription);
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/account/cancel/*"
          element={
            <>
              <FlowRunner kind={cancellationKind} adapters={adapters} flow={flow} env={env} answers={{}} resume={false} services={{} as never} />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
  return deps;
}

const where = () => screen.getByTestId('where').textContent;
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('a fourth flow kind in one folder: the cancellation fixture', () => {
  it('walks its three steps at their URLs, saving each answer, and cancels once at the end', async () => {
    const deps = run('/account/cancel');
    await heading('Why are you cancelling?');
    fireEvent.click(screen.getByRole('radio', { name: 'It costs too much' }));
    // The offer's title is filled from the kind's facts ({product}).
    await heading('Keep your Custom Shampoo for 20% less?');
    await waitFor(() => expect(where()).toBe('/account/cancel/offer'));
    expect(deps.saveAnswers).toHaveBeenCalledWith({ cancel_reason: 'too_expensive' });
    fireEvent.click(screen.getByRole('radio', { name: 'No, cancel it' }));
    await heading('Cancel your subscription');
    await waitFor(() => expect(where()).toBe('/account/cancel/confirm'));
    expect(deps.saveAnswers).toHaveBeenLastCalledWith({ cancel_offer_taken: false });
    // The kind's own component reads its typed facts.
    expect(screen.getByText('Your Custom Shampoo will not renew on December 12.')).toBeDefined();
    expect(deps.cancel).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel my subscription' }));
    await heading('Your subscription is cancelled');
    await waitFor(() => expect(where()).toBe('/account/cancel/done'));
    await waitFor(() => expect(deps.cancel).toHaveBeenCalledTimes(1));
    expect(deps.cancel).toHaveBeenCalledWith('too_expensive');
  });

  it('a reason the offer does not answer skips it: the rule of the kind’s flow, not the runner, decides', async () => {
    const deps = run('/account/cancel');
    await heading('Why are you cancelling?');
    fireEvent.click(screen.getByRole('radio', { name: 'It isn’t working for me' }));
    await heading('Cancel your subscription');
    await waitFor(() => expect(where()).toBe('/account/cancel/confirm'));
    expect(deps.saveAnswers).toHaveBeenCalledTimes(1);
  });
});
