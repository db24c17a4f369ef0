import { StrictMode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toast, TOAST_RESHOW_MS } from '../../ui/toast';

// Spec 001 §9 Countries and display: "A toast is re-shown after 250 ms when its content changes".
describe('the toast (spec 001 §9 Countries and display)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows its first message at once, in a live region that stays in the page', () => {
    render(<Toast>Added to your cart: Shampoo.</Toast>);
    expect(screen.getByRole('status').textContent).toBe('Added to your cart: Shampoo.');
  });

  it('a toast showing A that receives B hides, and shows B 250 ms later', () => {
    const { rerender } = render(<Toast>Added to your cart: Shampoo.</Toast>);
    rerender(<Toast>Added to your cart: Conditioner.</Toast>);
    const region = screen.getByRole('status');
    expect(region.childElementCount).toBe(0);
    act(() => vi.advanceTimersByTime(TOAST_RESHOW_MS - 1));
    expect(region.childElementCount).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(region.textContent).toBe('Added to your cart: Conditioner.');
    expect(TOAST_RESHOW_MS).toBe(250);
  });

  it('the same content re-rendered stays shown; a third message during the pause waits its own 250 ms', () => {
    const { rerender } = render(<Toast>A</Toast>);
    rerender(<Toast>A</Toast>);
    expect(screen.getByRole('status').textContent).toBe('A');
    rerender(<Toast>B</Toast>);
    act(() => vi.advanceTimersByTime(200));
    rerender(<Toast>C</Toast>);
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByRole('status').childElementCount).toBe(0);
    act(() => vi.advanceTimersByTime(50));
    expect(screen.getByRole('status').textContent).toBe('C');
  });

  it('contentKey says when rich content is new; an error is an alert; the close button is named', () => {
    const onClose = vi.fn();
    const { rerender } = render(
      <Toast tone="error" contentKey="decline-1" onClose={onClose}>
        <p>Your card was declined.</p>
      </Toast>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Your card was declined.');
    rerender(
      <Toast tone="error" contentKey="decline-2" onClose={onClose}>
        <p>Your card was declined.</p>
      </Toast>,
    );
    expect(screen.getByRole('alert').childElementCount).toBe(0);
    act(() => vi.advanceTimersByTime(250));
    act(() => screen.getByRole('button', { name: 'Close' }).click());
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('no content: nothing shown; content arriving later shows at once', () => {
    const { rerender } = render(<Toast contentKey={null} />);
    expect(screen.getByRole('status').childElementCount).toBe(0);
    rerender(<Toast>Saved.</Toast>);
    expect(screen.getByRole('status').textContent).toBe('Saved.');
  });

  it('works the same under StrictMode (effects run twice)', () => {
    const { rerender } = render(
      <StrictMode>
        <Toast>A</Toast>
      </StrictMode>,
    );
    rerender(
      <StrictMode>
        <Toast>B</Toast>
      </StrictMode>,
    );
    expect(screen.getByRole('status').childElementCount).toBe(0);
    act(() => vi.advanceTimersByTime(250));
    expect(screen.getByRole('status').textContent).toBe('B');
  });
});
