import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderStep } from './render-step';
import { otherHairLossCauses, styles } from '../../stories/fixtures/haircare-screens';

describe('spec 000 §5.1: exclusive (unique) options in multi-select', () => {
  it('selecting "None of the above" clears every other option', async () => {
    const { user, onChange } = renderStep(otherHairLossCauses);
    await user.click(screen.getByRole('checkbox', { name: 'Major stressful event' }));
    await user.click(screen.getByRole('checkbox', { name: 'Stopped or started a new medication' }));
    await user.click(screen.getByRole('checkbox', { name: 'None of the above' }));
    expect(onChange).toHaveBeenLastCalledWith(['none']);
    expect(screen.getByRole('checkbox', { name: 'None of the above' })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: 'Major stressful event' })).toHaveProperty('checked', false);
  });

  it('selecting another option clears the exclusive one', async () => {
    const { user, onChange } = renderStep({ ...otherHairLossCauses, selection: ['none'] });
    await user.click(screen.getByRole('checkbox', { name: 'Medical treatment that affects hair/scalp' }));
    expect(onChange).toHaveBeenLastCalledWith(['medical_treatment']);
    expect(screen.getByRole('checkbox', { name: 'None of the above' })).toHaveProperty('checked', false);
  });

  it('Next stays disabled until the minimum is picked, then moves on', async () => {
    const { user, onNext } = renderStep(otherHairLossCauses);
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toHaveProperty('disabled', true);
    expect(next.getAttribute('aria-describedby')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'None of the above' }));
    expect(next).toHaveProperty('disabled', false);
    await user.click(next);
    expect(onNext).toHaveBeenCalledTimes(1);
  });

  it('lists grouped options under their group headings', () => {
    renderStep(styles);
    const group = screen.getByRole('group', { name: 'STYLING PRODUCTS + TOOLS' });
    expect(group.querySelectorAll('input[type="checkbox"]')).toHaveLength(10);
    expect(screen.getByRole('heading', { level: 2, name: 'TREATMENTS' })).toBeTruthy();
  });
});
