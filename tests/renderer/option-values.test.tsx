import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderStep } from './render-step';
import { color, fragrance, length, sensitivity, texture } from '../../stories/fixtures/haircare-screens';
import { option } from '../../stories/fixtures/build-screen';

describe('spec 000 §3.1 and §2.4: inputs carry the stored answer values', () => {
  it('string values: value attribute = the option value, with a visible label', () => {
    renderStep(length);
    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => r.value)).toEqual(['very_short', 'short', 'shoulder', 'long', 'very_long']);
    expect(radios.every((r) => r.labels?.[0]?.textContent)).toBe(true);
  });

  it('integer values (answer_type int) are written as their numbers', () => {
    renderStep(sensitivity);
    expect((screen.getAllByRole('radio') as HTMLInputElement[]).map((r) => r.value)).toEqual(['0', '1', '2', '3']);
    expect(screen.getByRole('radio', { name: 'Yes, for sure' })).toHaveProperty('checked', true);
  });

  it('boolean steps are Yes/No with the values "true" and "false"', async () => {
    const { user, onChange } = renderStep(color);
    expect(screen.getByRole('radio', { name: 'Yes' })).toHaveProperty('value', 'true');
    expect(screen.getByRole('radio', { name: 'No' })).toHaveProperty('value', 'false');
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it('an option description is tied to its input by aria-describedby', () => {
    renderStep(fragrance);
    const arcadia = screen.getByRole('radio', { name: 'Arcadia' });
    const description = document.getElementById(arcadia.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('Citrusy + Woody');
    expect(screen.getByRole('radio', { name: 'Fragrance-Free' })).toHaveProperty('value', 'NONE');
  });

  it('a legacy stored value shows as its option; retired options are not offered', () => {
    const location = {
      ...length,
      options: [option('full_head', 'All over'), option('partial', 'Partly', { aliases: ['partial_or_tips'] }), option('tips', 'Just the ends')],
      selection: 'partial_or_tips',
    };
    renderStep(location);
    expect(screen.getByRole('radio', { name: 'Partly' })).toHaveProperty('checked', true);
    renderStep({ ...texture, options: texture.step.options });
    expect(screen.queryByRole('radio', { name: 'Wavy' })).toBeNull();
  });

  it('the choices form one group named by the question', () => {
    renderStep(length);
    expect(screen.getByRole('group', { name: 'How long is your hair?' })).toBeTruthy();
  });
});
