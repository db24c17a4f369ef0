import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderStep } from './render-step';
import { diet, dietAnswered } from '../../stories/fixtures/skincare-screens';

const row = (name: string) => within(screen.getByRole('group', { name }));

describe('spec 000 §2.5 step 11 and §5.1: the skincare diet matrix', () => {
  it('draws each food as a radio group named by its row, the stored values as the radio values', () => {
    renderStep(diet);
    for (const name of ['Meat', 'Dairy', 'Fish and seafood', 'Fruit and vegetables', 'Bread, pasta and other carbs']) {
      const radios = row(name).getAllByRole('radio') as HTMLInputElement[];
      expect(radios.map((r) => r.value)).toEqual(['never', 'between_never_often', 'often', 'between_often_every_day', 'every_day']);
    }
    expect(row('Meat').getByRole('radio', { name: '1-2 times a week' })).toHaveProperty('name', 'profile_diet_meat');
    expect(screen.getByRole('group', { name: 'Bread, pasta and other carbs' }).getAttribute('aria-describedby')).toBeTruthy();
  });

  it('Next stays disabled until all five rows are answered (§5.1), each row writing its own field', async () => {
    const { user, onChange, onNext } = renderStep(diet);
    const next = screen.getByRole('button', { name: 'Next' });
    const answers: [string, string][] = [
      ['Meat', 'Never'],
      ['Dairy', '1-2 times a week'],
      ['Fish and seafood', '3 times a week'],
      ['Fruit and vegetables', 'Every day'],
    ];
    for (const [name, label] of answers) {
      await user.click(row(name).getByRole('radio', { name: label }));
      expect(next).toHaveProperty('disabled', true);
    }
    expect(next.getAttribute('aria-describedby')).toBeTruthy();
    await user.click(next);
    expect(onNext).not.toHaveBeenCalled();

    await user.click(row('Bread, pasta and other carbs').getByRole('radio', { name: '5-6 times a week' }));
    expect(onChange).toHaveBeenLastCalledWith({
      profile_diet_meat: 'never',
      profile_diet_dairy: 'between_never_often',
      profile_diet_seafood: 'often',
      profile_diet_fruit: 'every_day',
      profile_diet_carbs: 'between_often_every_day',
    });
    expect(next).toHaveProperty('disabled', false);
    await user.click(next);
    expect(onNext).toHaveBeenCalledTimes(1);
  });

  it('a pre-filled diet shows the stored answers; changing one row keeps the others', async () => {
    const { user, onChange } = renderStep(dietAnswered);
    expect(row('Meat').getByRole('radio', { name: '3 times a week' })).toHaveProperty('checked', true);
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', false);
    await user.click(row('Meat').getByRole('radio', { name: 'Never' }));
    expect(onChange).toHaveBeenLastCalledWith({ ...dietAnswered.selection, profile_diet_meat: 'never' });
    expect(row('Meat').getByRole('radio', { name: '3 times a week' })).toHaveProperty('checked', false);
  });
});
