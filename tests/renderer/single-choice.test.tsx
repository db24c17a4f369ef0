import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderStep } from './render-step';
import { length, sensitivity } from '../../stories/fixtures/haircare-screens';

describe('spec 000 §2.3: single choice reports at once (the engine waits 300 ms and moves on)', () => {
  it('calls onChange once with the stored value for one click', async () => {
    const { user, onChange, onNext } = renderStep(length);
    await user.click(screen.getByRole('radio', { name: 'Long' }));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('long');
    expect(onNext).not.toHaveBeenCalled();
  });

  it('a click on the label counts once too, and integer values come back as numbers', async () => {
    const { user, onChange } = renderStep({ ...sensitivity, selection: undefined });
    await user.click(screen.getByText('Off and on'));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith(1);
  });

  it('choosing the pre-filled answer again reports it again, so a returning shopper can go on', async () => {
    const { user, onChange } = renderStep(sensitivity);
    await user.click(screen.getByRole('radio', { name: 'Yes, for sure' }));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith(2);
  });

  it('arrow keys move between options without choosing; Space or Enter chooses (WCAG 3.2.2)', async () => {
    const { user, onChange } = renderStep(length);
    screen.getByRole('radio', { name: 'Very short' }).focus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Shoulder length' }));
    expect(onChange).not.toHaveBeenCalled();
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Very long' }));
    await user.keyboard(' ');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith('very_long');
    screen.getByRole('radio', { name: 'Short' }).focus();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('short');
    expect(onChange).toHaveBeenCalledTimes(2);
  });
});
