import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderStep } from './render-step';
import { fragranceRanking, skincareFragrance } from '../../stories/fixtures/skincare-screens';

const values = () => (screen.getAllByRole('radio') as HTMLInputElement[]).map((r) => r.value);
const description = (name: string) =>
  (screen.getByRole('radio', { name }).getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent?.replace(/\s+/g, ' ').trim())
    .join(' | ');

describe('spec 000 §2.5 step 32 and §3.5: the skincare fragrance step (SkincareFragrance)', () => {
  it('shows each fragrance with its family, intensity and notes, radio values the stored codes', () => {
    renderStep(skincareFragrance);
    expect(values()).toEqual(['PACIFICA', 'BLANCA', 'frag_free']);
    const pacifica = description('Pacifica');
    expect(pacifica.startsWith('WOODY + AROMATIC | ')).toBe(true);
    expect(pacifica).toContain('Intensity 100 of 100');
    expect(pacifica).toContain('Notes: lavender, lemongrass, cypress');
    expect(description('Blanca')).toContain('Intensity 75 of 100');
    expect(document.querySelector('meter')).toHaveProperty('value', 100);
    expect(description('Fragrance-Free')).toBe('You may notice a light scent due to your custom ingredient blend');
  });

  it('without a ranking keeps the flow’s order and shows no labels (the shopper can still choose)', () => {
    renderStep(skincareFragrance, { facts: { ranking: { status: 'error' } } });
    expect(values()).toEqual(['PACIFICA', 'BLANCA', 'frag_free']);
    expect(screen.queryByText('Your top recommendation')).toBeNull();
    expect(screen.queryByText('Not recommended at this time')).toBeNull();
  });

  it('ranked: fragrance-free first, labelled the top recommendation, with the reason line under it', () => {
    renderStep(skincareFragrance, { facts: { ranking: fragranceRanking('fragrance_free_recommender_pregnant_v2') } });
    expect(values()).toEqual(['frag_free', 'PACIFICA', 'BLANCA']);
    expect(description('Fragrance-Free')).toBe(
      'Your top recommendation | You may notice a light scent due to your custom ingredient blend | Because you indicated that you are pregnant, trying, or recently pregnant, we recommend fragrance-free for you.',
    );
    expect(screen.getAllByText('Your top recommendation')).toHaveLength(1);
    expect(
      screen
        .queryByText(/Because you indicated/)
        ?.closest('.option')
        ?.querySelector('input')?.value,
    ).toBe('frag_free');
  });

  it('a fragrance the ranking leaves out is labelled not recommended at this time; an unknown slug is dropped (§8)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderStep(skincareFragrance, {
      facts: {
        ranking: {
          status: 'ready',
          items: [
            { slug: 'pacifica', rank: 1 },
            { slug: 'solstice', rank: 2 },
            { slug: 'blanca', rank: 3 },
          ],
        },
      },
    });
    expect(values()).toEqual(['PACIFICA', 'BLANCA', 'frag_free']);
    expect(description('Fragrance-Free')).toContain('Not recommended at this time');
    expect(description('Pacifica')).toContain('Your top recommendation');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"solstice"'));
    warn.mockRestore();
  });

  it('choosing reports the answer and leaves moving on to the engine (300 ms, §2.3)', async () => {
    const { user, onChange, onNext } = renderStep(skincareFragrance, { facts: { ranking: fragranceRanking() } });
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Blanca' }));
    expect(onChange).toHaveBeenLastCalledWith('BLANCA');
    expect(onNext).not.toHaveBeenCalled();
  });

  it('while the ranking loads the options are there, marked busy', () => {
    renderStep(skincareFragrance, { facts: { ranking: { status: 'loading' } } });
    expect(values()).toEqual(['PACIFICA', 'BLANCA', 'frag_free']);
    expect(screen.getByRole('group', { name: 'Choose your scent' }).getAttribute('aria-busy')).toBe('true');
  });
});
