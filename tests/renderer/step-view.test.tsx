import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderStep } from './render-step';
import { length, sensitivity, signin, texture, treatmentsIntro, welcome, zipcode } from '../../stories/fixtures/haircare-screens';

describe('DESIGN.md (web): focus moves to the new step heading', () => {
  it('focuses the h1 of the first step, and of each step that follows', () => {
    const { showStep } = renderStep(welcome);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: welcome.text.title }));
    showStep(length);
    const heading = screen.getByRole('heading', { level: 1, name: 'How long is your hair?' });
    expect(document.activeElement).toBe(heading);
    expect(heading.getAttribute('tabindex')).toBe('-1');
    showStep(zipcode);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: zipcode.text.title }));
  });

  it('keeps focus where it is while the same step re-renders', async () => {
    const { user } = renderStep(length);
    const short = screen.getByRole('radio', { name: 'Short' });
    await user.click(short);
    expect(document.activeElement).toBe(short);
  });
});

describe('spec 000 §2.2: progress sections, counter, intro pages', () => {
  it('draws the haircare sections with the current one marked', () => {
    renderStep(treatmentsIntro);
    const progress = screen.getByRole('list', { name: 'Consultation progress' });
    const items = within(progress).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Hair & Scalp, completed',
      'Treatments, current section',
      'Lifestyle, not started',
      'Preferences & GoalsPreferences, not started',
    ]);
    expect(items[1]?.getAttribute('aria-current')).toBe('step');
    // The short label is for the eye only; the full label is what is read.
    expect(within(items[3]!).getByText('Preferences').getAttribute('aria-hidden')).toBe('true');
  });

  it('shows "Question 3 of 9" when the flow asks for a counter, and no tracker when it does not', () => {
    renderStep({ ...sensitivity, progress: { ...sensitivity.progress, tracker: false, counter: true, position: 3, total: 9 } });
    expect(screen.getByText('Question 3 of 9')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Consultation progress' })).toBeNull();
  });

  it('an intro page shows "Section 2" with its title, and a picture with its size', () => {
    renderStep(treatmentsIntro);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Section 2 How you style');
    const image = document.querySelector('img');
    expect(image?.getAttribute('width')).toBe('640');
    expect(image?.getAttribute('height')).toBe('360');
  });
});

describe('spec 000 §1: tips', () => {
  it('shows the tip title and body as a labelled region', () => {
    renderStep(length);
    const tip = screen.getByRole('region', { name: 'Why we ask:' });
    expect(tip.textContent).toContain('Length tells us how much nourishment');
  });

  it('steps through picture slides with previous/next buttons that wrap around', async () => {
    const { user } = renderStep(texture);
    expect(screen.getByRole('group', { name: '1 of 4' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Previous picture' }));
    expect(screen.getByRole('group', { name: '4 of 4' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Tight coils and zig-zags' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next picture' }));
    expect(screen.getByRole('img', { name: 'Straight strands' })).toBeTruthy();
  });
});

describe('busy and error states', () => {
  it('while busy the button is announced busy and ignores presses, keeping focus', async () => {
    const { user, onNext } = renderStep(signin, { busy: true });
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next.getAttribute('aria-busy')).toBe('true');
    expect(next.getAttribute('aria-disabled')).toBe('true');
    await user.click(next);
    expect(onNext).not.toHaveBeenCalled();
  });

  it('shows an error inline as an alert', () => {
    renderStep(length, { error: 'We could not save your answer.' });
    expect(screen.getByRole('alert').textContent).toBe('We could not save your answer.');
  });
});
