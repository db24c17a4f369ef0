import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SoldOut } from '../../../shop/product-page/modules/sold-out.tsx';

describe('sold-out notice and waitlist (spec §2 "Shared page texts")', () => {
  it('shows the sold-out text and refuses a bad e-mail inline without calling the server', async () => {
    const onJoin = vi.fn(async () => {});
    render(<SoldOut product="candle" onJoin={onJoin} />);
    expect(screen.getByRole('heading', { name: 'This product is no longer available at this time.' })).toBeTruthy();
    // Spec 001 §2 "Shared page texts", Waitlist: exactly these words.
    expect(screen.getByText('Join the waitlist to be notified if it becomes available again.').tagName).toBe('P');
    await userEvent.type(screen.getByLabelText("E-mail me when it's back"), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    const field = screen.getByLabelText("E-mail me when it's back");
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby') && document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /name@example\.com/,
    );
    expect(onJoin).not.toHaveBeenCalled();
  });

  it('joins with a good e-mail and confirms', async () => {
    const onJoin = vi.fn(async () => {});
    render(<SoldOut product="candle" onJoin={onJoin} />);
    await userEvent.type(screen.getByLabelText("E-mail me when it's back"), ' ada@example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', "You're on the waitlist: we'll e-mail you when it's back.");
    expect(onJoin).toHaveBeenCalledWith({ product: 'candle', email: 'ada@example.com' });
  });

  it('keeps the form and says so when joining fails', async () => {
    render(<SoldOut product="candle" onJoin={() => Promise.reject(new Error('offline'))} />);
    await userEvent.type(screen.getByLabelText("E-mail me when it's back"), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    expect(await screen.findByText('We could not add you to the waitlist. Please try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Join the waitlist' })).toBeTruthy();
  });
});
