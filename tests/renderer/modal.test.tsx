import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal, MODAL_Z_INDEX } from '../../renderer/components';

function Page(props: { onOpenFor?: () => void; fullWidth?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <a href="/elsewhere">Outside link</a>
      <Modal open={open} title="Check with your doctor" onClose={() => setOpen(false)} description={<p>Ask first.</p>} {...props}>
        <input aria-label="Note" />
        <button type="button" onClick={() => setOpen(false)}>
          Got it
        </button>
      </Modal>
    </div>
  );
}

async function openModal(props: { onOpenFor?: () => void; fullWidth?: boolean } = {}) {
  const user = userEvent.setup();
  render(<Page {...props} />);
  const opener = screen.getByRole('button', { name: 'Open' });
  await user.click(opener);
  return { user, opener, dialog: screen.getByRole('dialog', { name: 'Check with your doctor' }) };
}

describe('spec 000 §2.8: modal dialog', () => {
  it('is a labelled, described modal dialog that takes focus', async () => {
    const { dialog } = await openModal();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Ask first.');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Note' }));
  });

  it('keeps keyboard focus inside while open (Tab and Shift+Tab wrap)', async () => {
    const { user } = await openModal();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Got it' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Got it' }));
    screen.getByRole('button', { name: 'Close' }).focus();
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Got it' }));
  });

  it('pulls focus back when something outside is focused, and makes the page behind inert', async () => {
    await openModal();
    const outside = document.querySelector<HTMLElement>('a[href="/elsewhere"]')!;
    expect(outside.closest('[inert]')).not.toBeNull();
    act(() => outside.focus());
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
  });

  it('Escape closes it and gives focus back to the opener', async () => {
    const { user, opener } = await openModal();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.querySelector('[inert]')).toBeNull();
  });

  it('a click on the backdrop closes it; a click inside does not', async () => {
    const { user, opener, dialog } = await openModal();
    await user.click(dialog);
    expect(screen.queryByRole('dialog')).not.toBeNull();
    await user.click(dialog.parentElement!);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('a press that starts inside and ends on the backdrop does not close it', async () => {
    const { dialog } = await openModal();
    fireEvent.mouseDown(dialog);
    fireEvent.click(dialog.parentElement!);
    expect(screen.queryByRole('dialog')).not.toBeNull();
  });

  it('the close button closes it and gives focus back', async () => {
    const { user, opener } = await openModal();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});

describe('spec 000 §9: modal constants', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sits on layer 1501 by default, above checkout', async () => {
    const { dialog } = await openModal();
    expect(MODAL_Z_INDEX).toBe(1501);
    expect((dialog.parentElement as HTMLElement).style.zIndex).toBe('1501');
  });

  it('has a full-width mode', async () => {
    const { dialog } = await openModal({ fullWidth: true });
    expect(dialog.className).toContain('modal__dialog--full');
  });

  it('calls onOpenFor once it has been open 2000 ms, not if closed before', () => {
    vi.useFakeTimers();
    const onOpenFor = vi.fn();
    const { rerender } = render(<Modal open title="Offer" onClose={() => {}} onOpenFor={onOpenFor} />);
    act(() => vi.advanceTimersByTime(1999));
    expect(onOpenFor).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onOpenFor).toHaveBeenCalledTimes(1);

    const early = vi.fn();
    rerender(<Modal open={false} title="Offer" onClose={() => {}} onOpenFor={early} />);
    rerender(<Modal open title="Offer" onClose={() => {}} onOpenFor={early} />);
    act(() => vi.advanceTimersByTime(1000));
    rerender(<Modal open={false} title="Offer" onClose={() => {}} onOpenFor={early} />);
    act(() => vi.advanceTimersByTime(5000));
    expect(early).not.toHaveBeenCalled();
  });
});
