import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { setupServer } from 'msw/node';
import { createMocks, mockError } from '../../api/client/mocks';
import { SessionProvider } from '../../app/session';
import { SiteLayout } from '../../app/shell/site-layout';
import { ExitLink } from '../../app/consultation/exit-link';
import { useExitCapture, type ExitSetup } from '../../app/consultation/exit-capture';
import { EMAIL_GIVEN_KEY } from '../../app/consultation/email-given';
import { sampleUser, tokenPairFor } from '../api/client-fixtures';

const server = setupServer();
const mocks = createMocks({ baseUrl: window.location.origin });
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  // The frame's header asks a signed-in shopper's carts for its count (app/shell/cart-counts.ts): none here.
  server.use(mocks.getCart(() => mockError(404, { code: 'not_found', detail: 'No cart.' })));
});

/** A consultation page that arms the frame's exit capture as a flow page does. */
function StepPage({ setup }: { setup: ExitSetup }) {
  useExitCapture(setup);
  return <h1>Which best describes your skin?</h1>;
}

function renderConsultation(setup: ExitSetup) {
  return render(
    <SessionProvider>
      <MemoryRouter initialEntries={['/consultation/skincare/my-skin/type']}>
        <Routes>
          <Route element={<SiteLayout wayOut={(path) => (path.startsWith('/consultation') ? <ExitLink /> : null)} />}>
            <Route path="/" element={<h1>Home</h1>} />
            <Route path="/consultation/*" element={<StepPage setup={setup} />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </SessionProvider>,
  );
}

/** Waits until the lazily loaded capture has replaced the plain Exit link, however long loading takes. */
async function captureLoaded() {
  await waitFor(() => expect(screen.getByRole('link', { name: 'Exit' }).hasAttribute('data-exit-capture')).toBe(true));
}

/** The capture loads on the visitor's first move; the Exit link is plain before that. */
async function wakeAndExit() {
  act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' })));
  await captureLoaded();
  fireEvent.click(screen.getByRole('link', { name: 'Exit' }));
}

describe('the exit-consultation e-mail capture (spec 000 §2.7, §9)', () => {
  it('leaving mid-way asks for an e-mail with the flow’s words, and signs up with origin consultation_exit_modal_{category}', async () => {
    const bodies: unknown[] = [];
    server.use(
      mocks.signUp(({ body }) => {
        bodies.push(body);
        return tokenPairFor('new');
      }),
      mocks.getAccount(() => ({ ...sampleUser, first_name: '', last_name: '' })),
      mocks.getAddresses(() => []),
    );
    renderConsultation({ armed: true, category: 'skincare', prepare: async () => undefined, copy: () => ({ title: '60% off is just a few questions away…' }) });
    await wakeAndExit();
    const dialog = await screen.findByRole('dialog', { name: '60% off is just a few questions away…' });
    expect(dialog).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'Ada@Example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save my answers' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies).toEqual([
      expect.objectContaining({
        email: 'ada@example.com',
        username: 'ada@example.com',
        has_accepted_terms: true,
        account_creation_origin: 'consultation_exit_modal_skincare',
      }),
    ]);
    // The visitor stays in the consultation, and the device remembers the e-mail was given.
    expect(screen.getByRole('heading', { name: 'Which best describes your skin?' })).toBeTruthy();
    expect(localStorage.getItem(EMAIL_GIVEN_KEY)).toBe('1');
  });

  it('an e-mail we already know gets a magic link; a bad one is refused inline and nothing is sent', async () => {
    let calls = 0;
    server.use(
      mocks.signUp(() => {
        calls++;
        return { magic_link_sent: true };
      }),
    );
    renderConsultation({ armed: true, category: 'agnostic' });
    await wakeAndExit();
    await screen.findByRole('dialog', { name: 'Before you go, save your answers' });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save my answers' }));
    expect(await screen.findByText(/valid email/i)).toBeTruthy();
    expect(calls).toBe(0);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'known@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save my answers' }));
    expect(await screen.findByText(/We sent you a link at known@example.com/)).toBeTruthy();
    expect(calls).toBe(1);
  });

  it('server field errors show on the e-mail field', async () => {
    server.use(
      mocks.signUp(() => mockError(400, { code: 'validation_error', detail: 'Check the form.', fields: { email: ['This address cannot receive mail.'] } })),
    );
    renderConsultation({ armed: true, category: 'haircare' });
    await wakeAndExit();
    await screen.findByRole('dialog');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.co' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save my answers' }));
    expect(await screen.findByText('This address cannot receive mail.')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  });

  it('"No thanks" after the Exit link leaves for the home page', async () => {
    renderConsultation({ armed: true, category: 'haircare' });
    await wakeAndExit();
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: 'No thanks, leave the consultation' }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
  });

  it('a visitor who already gave an e-mail, or a page not armed, simply leaves', async () => {
    localStorage.setItem(EMAIL_GIVEN_KEY, '1');
    const first = renderConsultation({ armed: true, category: 'haircare' });
    await wakeAndExit();
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    first.unmount();
    localStorage.clear();
    renderConsultation({ armed: false, category: 'haircare' });
    await wakeAndExit();
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
  });

  it('desktop exit intent (the pointer leaving through the top) asks once per visit', async () => {
    renderConsultation({ armed: true, category: 'skincare' });
    act(() => void window.dispatchEvent(new PointerEvent('pointermove')));
    await captureLoaded();
    act(() => void document.dispatchEvent(new MouseEvent('mouseout', { clientY: -1, relatedTarget: null, bubbles: true })));
    const dialog = await screen.findByRole('dialog');
    // The dialog listens for Escape from its effect, which also moves the focus into it: wait for that (on a busy
    // machine the dialog can be found before its effect has run, and an Escape then would reach nobody).
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    act(() => void document.dispatchEvent(new MouseEvent('mouseout', { clientY: -1, relatedTarget: null, bubbles: true })));
    // Nothing may open: a wrongly opened dialog would show within this pause (a bound on a negative check only).
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
