import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { StepScreen } from '#engine';
import { renderStep } from './render-step';
import { option } from '../../stories/fixtures/build-screen';
import { routineProducts } from '../../stories/fixtures/skincare-screens';

describe('spec 000 §3.3 diag_routine_products: products grouped by use', () => {
  it('lists the products under Cleansers, Treatments and moisturizers, and Makeup, as checkboxes with the stored values', () => {
    renderStep(routineProducts);
    const valuesIn = (name: string) => (within(screen.getByRole('group', { name })).getAllByRole('checkbox') as HTMLInputElement[]).map((c) => c.value);
    expect(valuesIn('Cleansers')).toEqual(['rinse_off_cleanser', 'micellar_water', 'cleansing_oil']);
    expect(valuesIn('Treatments and moisturizers')).toEqual([
      'toner',
      'spf',
      'serum',
      'scrub',
      'face_oil',
      'mask',
      'eye_cream',
      'medical_topicals',
      'shaving_products',
      'moisturizer',
    ]);
    expect(valuesIn('Makeup')).toEqual(['eye_makeup', 'lip_makeup', 'face_makeup']);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Cleansers', 'Treatments and moisturizers', 'Makeup']);
  });

  it('reports the list on each change and moves on from Next once one is picked', async () => {
    const { user, onChange, onNext } = renderStep(routineProducts);
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('checkbox', { name: 'Sunscreen' }));
    await user.click(screen.getByRole('checkbox', { name: 'Face makeup' }));
    expect(onChange).toHaveBeenLastCalledWith(['spf', 'face_makeup']);
    await user.click(next);
    expect(onNext).toHaveBeenCalledTimes(1);
  });

  it('an exclusive "none" option clears the products, and a product clears it (§5.1)', async () => {
    const withNone: StepScreen<'routine-products'> = {
      ...routineProducts,
      step: { ...routineProducts.step, options: [...routineProducts.step.options, option('none', 'None of these', { exclusive: true })] },
      options: [...routineProducts.options, option('none', 'None of these', { exclusive: true })],
      selection: ['toner', 'serum'],
    };
    const { user, onChange } = renderStep(withNone);
    await user.click(screen.getByRole('checkbox', { name: 'None of these' }));
    expect(onChange).toHaveBeenLastCalledWith(['none']);
    expect(screen.getByRole('checkbox', { name: 'Toner' })).toHaveProperty('checked', false);
    await user.click(screen.getByRole('checkbox', { name: 'Mask' }));
    expect(onChange).toHaveBeenLastCalledWith(['mask']);
    expect(screen.getByRole('checkbox', { name: 'None of these' })).toHaveProperty('checked', false);
  });

  it('prescription topicals open the follow-up modal before moving on (§2.5 step 27, §2.8 MedicalModal)', async () => {
    const { user, onNext } = renderStep(routineProducts);
    await user.click(screen.getByRole('checkbox', { name: 'Prescription creams or gels' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onNext).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Keep using what your doctor prescribed' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Got it' }));
    expect(onNext).toHaveBeenCalledTimes(1);
  });
});
