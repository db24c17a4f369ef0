import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderStep } from './render-step';
import { cleanserTextures, moisturizerTextures, textureRanking } from '../../stories/fixtures/skincare-screens';

const values = () => (screen.getAllByRole('radio') as HTMLInputElement[]).map((r) => r.value);

describe('spec 000 §2.5 steps 33-34 and §3.6: the skincare texture steps (SkincareTextures)', () => {
  it.each([
    ['dry', ['rich', 'medium', 'light']],
    ['oily', ['light', 'medium', 'rich']],
    ['balanced', ['medium', 'light', 'rich']],
  ] as const)('moisturizers ranked for %s skin come in rank order, the first the top recommendation', (skin, order) => {
    renderStep(moisturizerTextures, { facts: { ranking: textureRanking('MOISTURIZER', skin) } });
    expect(values()).toEqual(order);
    const top = screen.getByText('Your top recommendation').closest('.option')!;
    expect(top.querySelector('input')!.value).toBe(order[0]);
  });

  it('cleansers ranked for dry skin put the gentle cream first; choosing reports the stored value', async () => {
    const { user, onChange } = renderStep(cleanserTextures, { facts: { ranking: textureRanking('CLEANSER', 'dry') } });
    expect(values()).toEqual(['cleansing_cream', 'foaming_gel']);
    await user.click(screen.getByRole('radio', { name: 'Foaming Gel Cleanser' }));
    expect(onChange).toHaveBeenLastCalledWith('foaming_gel');
  });

  it('without a ranking the textures keep the flow’s order, unlabelled', () => {
    renderStep(cleanserTextures);
    expect(values()).toEqual(['foaming_gel', 'cleansing_cream']);
    expect(screen.queryByText('Your top recommendation')).toBeNull();
  });

  it('the comparison slider is a labelled range that steps through the tip’s pictures (§2.5 texture comparison sliders)', () => {
    renderStep(moisturizerTextures);
    const slider = screen.getByRole('slider', { name: 'Compare the textures' });
    expect(slider.getAttribute('aria-valuetext')).toBe('Gel Cream Moisturizer, 1 of 3');
    // The step draws the tip's pictures itself: the tip beside it keeps its words but not the pictures again.
    const comparison = within(slider.closest('.texture-compare') as HTMLElement);
    const picture = comparison.getByRole('img', { name: 'A clear gel cream' });
    expect(screen.getAllByRole('img', { name: 'A clear gel cream' })).toHaveLength(1);
    expect([picture.getAttribute('width'), picture.getAttribute('height')]).toEqual(['240', '160']);
    fireEvent.change(slider, { target: { value: '2' } });
    expect(slider.getAttribute('aria-valuetext')).toBe('Rich Cream Moisturizer, 3 of 3');
    expect(comparison.getByRole('img', { name: 'A thick rich cream' })).toBeTruthy();
  });
});
