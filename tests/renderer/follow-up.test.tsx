import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderStep } from './render-step';
import { length, stressIntensity } from '../../stories/fixtures/haircare-screens';

const followUp = stressIntensity.step.followUp!;

describe('spec 000 §2.5 step 7 and §2.8 (MedicalModal): the follow-up modal', () => {
  it('opens on Next when the selection includes one of its values, and its button moves on', async () => {
    const { user, onNext } = renderStep(stressIntensity);
    await user.click(screen.getByRole('checkbox', { name: 'Medical treatment that affects hair/scalp' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onNext).not.toHaveBeenCalled();
    const dialog = screen.getByRole('dialog', { name: followUp.title });
    expect(dialog.textContent).toContain(followUp.body);
    await user.click(screen.getByRole('button', { name: followUp.button }));
    expect(onNext).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not open for other values', async () => {
    const { user, onNext } = renderStep(stressIntensity);
    await user.click(screen.getByRole('checkbox', { name: 'Major stressful event' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onNext).toHaveBeenCalledTimes(1);
  });

  it('Escape, the backdrop and the close button return to the question without moving on', async () => {
    const { user, onNext } = renderStep({ ...stressIntensity, selection: ['medication_change'] });
    const next = screen.getByRole('button', { name: 'Next' });

    await user.click(next);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(next);

    await user.click(next);
    await user.click(screen.getByRole('dialog').parentElement!);
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(next);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onNext).not.toHaveBeenCalled();
    expect(screen.getByRole('checkbox', { name: 'Stopped or started a new medication' })).toHaveProperty('checked', true);
  });

  it('on a single-choice step it opens on choosing a follow-up value, and reports the answer only once acknowledged', async () => {
    const withFollowUp = {
      ...length,
      step: { ...length.step, followUp: { on: ['very_long'], title: 'Long hair', body: 'We will add extra care.', button: 'Got it' } },
    };
    const { user, onChange } = renderStep(withFollowUp);
    await user.click(screen.getByRole('radio', { name: 'Short' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onChange).toHaveBeenLastCalledWith('short');
    await user.click(screen.getByRole('radio', { name: 'Very long' }));
    expect(screen.getByRole('dialog', { name: 'Long hair' })).toBeTruthy();
    expect(onChange).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Got it' }));
    expect(onChange).toHaveBeenLastCalledWith('very_long');
  });
});
