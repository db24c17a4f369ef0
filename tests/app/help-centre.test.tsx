import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { waitFor as settle } from 'xstate';
import { ApiError } from '#api/client';
import { KB_INQUIRY_MESSAGE_MAX, KB_TERM_MAX } from '../../api/schemas/knowledge-base';
import { startHelpCentre } from '../../app/help/help-centre';
import ContactPage from '../../app/help/contact-page';
import { HelpCentreProvider } from '../../app/help/use-help-centre';
import type { Session } from '../../app/session';
import { SessionProvider } from '../../app/session';
import HelpPage from '../../app/shell/help-page';
import { helpStatuses, type HelpCentreApi } from '../../shop/help/help-centre-machine';
import { INQUIRY_MESSAGE_MAX, SEARCH_TERM_MAX } from '../../shop/help/help-limits';
import { helpPages, shampooHits } from '../../stories/fixtures/help-centre';
import { axeViolations } from './account-axe';

/** A session that only tells of sign-outs (`signOut()` plays one). */
function fakeSession(): Session & { signOut(): void } {
  const listeners = new Set<() => void>();
  return {
    load: () => new Promise(() => undefined),
    hasStoredSession: () => false,
    onSignOut(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    signOut: () => listeners.forEach((listener) => listener()),
  };
}

function api(overrides: Partial<HelpCentreApi> = {}): HelpCentreApi {
  return {
    categories: async () => helpPages.categories,
    articles: async () => helpPages.articles,
    tags: async () => helpPages.tags,
    search: async () => ({ data: shampooHits }),
    sendInquiry: async () => ({ reference: 'HC-7K3M9Q', received_at: '2026-11-27T23:00:00.000Z' }),
    ...overrides,
  };
}

function Where() {
  const { pathname } = useLocation();
  return <p data-testid="where">{pathname}</p>;
}

describe('the help centre in the app (spec 001 §2, §4 Help centre)', () => {
  it("the pages keep the contract's limits without loading zod", () => {
    expect(SEARCH_TERM_MAX).toBe(KB_TERM_MAX);
    expect(INQUIRY_MESSAGE_MAX).toBe(KB_INQUIRY_MESSAGE_MAX);
  });

  it("§4: sign-out resets the help-centre state (the session's sign-out event)", async () => {
    const session = fakeSession();
    const actor = startHelpCentre(api(), session);
    actor.send({ type: 'LOAD' });
    actor.send({ type: 'SEARCH', term: 'shampoo' });
    await settle(actor, (s) => helpStatuses(s).categories === 'success' && helpStatuses(s).search === 'success');
    session.signOut();
    expect(helpStatuses(actor.getSnapshot())).toEqual({ categories: 'idle', articles: 'idle', search: 'idle', tags: 'idle', inquiry: 'idle' });
    expect(actor.getSnapshot().context.articles).toEqual([]);
  });

  it.each([
    ['', '/faq'],
    ['#shipping', '/faq/shipping-and-delivery'],
    ['#guarantee', '/faq/our-guarantee'],
    ['#contact', '/faq/contact-us'],
  ])('/help%s now leads to %s', async (hash, to) => {
    render(
      <MemoryRouter initialEntries={[`/help${hash}`]}>
        <Routes>
          <Route path="/help" element={<HelpPage />} />
          <Route path="/faq/*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(to));
  });

  it("§2 /faq/contact-us: the honeypot is out of sight, of screen readers and of Tab; a refusal's field error shows on its field, focused; the form is axe-clean", async () => {
    const sent = vi.fn<HelpCentreApi['sendInquiry']>(async () => {
      throw new ApiError({
        status: 400,
        code: 'validation_error',
        detail: 'Check the fields.',
        fields: { message: ['Remove the control characters from the message.'] },
      });
    });
    const actor = startHelpCentre(api({ sendInquiry: sent }), fakeSession());
    render(
      <MemoryRouter initialEntries={['/faq/contact-us']}>
        <SessionProvider session={fakeSession()}>
          <HelpCentreProvider actor={actor}>
            <ContactPage />
          </HelpCentreProvider>
        </SessionProvider>
      </MemoryRouter>,
    );
    const form = screen.getByRole('form', { name: 'Send us a message' });
    const trap = form.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(trap.tabIndex).toBe(-1);
    expect(trap.getAttribute('autocomplete')).toBe('off');
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
    fireEvent.change(within(form).getByLabelText('Your name'), { target: { value: 'Ada' } });
    fireEvent.change(within(form).getByLabelText('E-mail'), { target: { value: 'ada@example.com' } });
    fireEvent.change(within(form).getByLabelText('What is it about?'), { target: { value: 'order' } });
    fireEvent.change(within(form).getByLabelText('Your message'), { target: { value: 'Hello' } });
    expect(within(form).getByText('5 of 5,000 characters')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Send message' }));
    const message = within(form).getByLabelText('Your message');
    await waitFor(() => expect(message.getAttribute('aria-invalid')).toBe('true'));
    await waitFor(() => expect(document.activeElement).toBe(message));
    expect(sent.mock.calls[0]![0]).toEqual({ name: 'Ada', email: 'ada@example.com', topic: 'order', message: 'Hello', source: 'contact_form' });
    expect(await axeViolations(form)).toEqual([]);
  });
});
