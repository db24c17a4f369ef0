/**
 * The live chat in the site's frame (issue 29 item 5; spec 001 §2 "Help centre: Live chat", §4 "Live chat has flags
 * generated and opened", "Sign-out resets help-centre state", §9 flag livechat): no launcher with the flag off; with it
 * on, the launcher loads and opens the panel, focus goes in and comes back, Escape closes, a first message starts a
 * conversation in a guest's session and shows its reference, a signed-in shopper's name and e-mail are filled in,
 * a refused message stays to send again, sign-out resets the chat; axe finds nothing. A message sent with Enter from
 * the e-mail field, which leaves once the conversation starts, leaves the focus on the message field.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMocks, mockError } from '../../api/client/mocks';
import { forgetFlags } from '../../app/flags';
import { liveChatActor } from '../../app/livechat/livechat-host';
import { appTokens, loadAppServices } from '../../app/app-services';
import { createSession, SessionProvider, useSession } from '../../app/session';
import { SiteLayout } from '../../app/shell/site-layout';
import { guestUser, sampleUser, tokenPairFor } from '../api/client-fixtures';
import { axeViolations } from './account-axe';

const server = setupServer();
const mocks = createMocks({ baseUrl: window.location.origin });
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  localStorage.clear();
  server.use(mocks.getCart(() => mockError(404, { code: 'not_found', detail: 'No cart.' })));
});
afterEach(() => {
  server.resetHandlers();
  document.getElementById('shop-flags')?.remove();
  forgetFlags();
  liveChatActor().send({ type: 'RESET' });
});
afterAll(() => server.close());

const conversation = {
  id: 'chat_1',
  reference: 'HC-7KQ2M9XD',
  status: 'open' as const,
  answered_by: 'email' as const,
  reply_to: 'rosa@example.com',
  message_count: 1,
  started_at: '2026-11-20T16:00:00.000Z',
};

/** The page's inline flags, as the server writes them (app/flags.ts). */
function pageFlags(flags: Record<string, unknown>) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'shop-flags';
  script.textContent = JSON.stringify(flags);
  document.head.append(script);
}

let signOut: () => void = () => undefined;
function SignOutHandle() {
  signOut = useSession().signOut;
  return null;
}

function renderPage() {
  return render(
    <SessionProvider session={createSession(loadAppServices, appTokens)}>
      <SignOutHandle />
      <MemoryRouter initialEntries={['/products/custom-shampoo']}>
        <Routes>
          <Route element={<SiteLayout />}>
            <Route path="*" element={<h1>Custom Shampoo</h1>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </SessionProvider>,
  );
}

const launcher = () => screen.findByRole('button', { name: 'Chat with us' });
const panel = () => screen.getByRole('dialog', { name: 'Chat with us' });

describe('the live chat launcher and panel (spec 001 §2 Live chat, §4, §9 flag livechat)', () => {
  it('§9: with the livechat flag off (its default) there is no launcher and no panel', async () => {
    pageFlags({ livechat: false });
    renderPage();
    await screen.findByRole('heading', { name: 'Custom Shampoo' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('button', { name: /chat/i })).toBeNull();
    expect(document.querySelector('.livechat-room')).toBeNull();
  });

  it('§4: the launcher generates and opens the panel; focus goes to the first field; Escape closes it and gives focus back to the launcher', async () => {
    pageFlags({ livechat: true });
    renderPage();
    const button = await launcher();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(button);
    await waitFor(() => expect(panel()).toBeTruthy());
    const snapshot = liveChatActor().getSnapshot();
    expect(snapshot.matches({ generated: { panel: 'opened' } })).toBe(true);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-controls')).toBe(panel().id);
    expect(within(panel()).getByText(/We answer by e.mail/)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Your name')));
    expect(await axeViolations()).toEqual([]);

    fireEvent.keyDown(screen.getByLabelText('Your message'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(
      liveChatActor()
        .getSnapshot()
        .matches({ generated: { panel: 'closed' } }),
    ).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Chat with us' }));
  });

  it('§2: a visitor’s first message starts a conversation in a guest session and the panel shows it with the reference and where the answer goes', async () => {
    pageFlags({ livechat: '1' });
    const bodies: unknown[] = [];
    server.use(
      mocks.signUpGuest(() => tokenPairFor('guest')),
      mocks.getAccount(() => guestUser),
      mocks.getAddresses(() => []),
      mocks.startLiveChat(({ body }) => {
        bodies.push(body);
        return conversation;
      }),
    );
    renderPage();
    fireEvent.click(await launcher());
    await waitFor(() => expect(panel()).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Your name'), { target: { value: 'Rosa' } });
    fireEvent.change(screen.getByLabelText('E-mail for our answer'), { target: { value: 'rosa@example.com' } });
    fireEvent.change(screen.getByLabelText('Your message'), { target: { value: 'Is the curl cream safe for colour?' } });
    // Sent with Enter from the e-mail field: the fields above the conversation belong to the pinned form.
    const emailField = screen.getByLabelText('E-mail for our answer') as HTMLInputElement;
    expect(emailField.form).toBe(screen.getByLabelText('Your message').closest('form'));
    emailField.focus();
    fireEvent.submit(emailField.form!);
    const log = await screen.findByRole('log', { name: 'Your conversation' });
    await waitFor(() => expect(within(log).getByText('HC-7KQ2M9XD')).toBeTruthy());
    expect(log.textContent).toContain('Is the curl cream safe for colour?');
    expect(log.textContent).toContain('Our team will answer by e-mail at rosa@example.com');
    expect(bodies).toEqual([{ name: 'Rosa', email: 'rosa@example.com', message: 'Is the curl cream safe for colour?' }]);
    expect((screen.getByLabelText('Add to your message') as HTMLTextAreaElement).value).toBe('');
    expect(screen.queryByLabelText('Your name')).toBeNull();
    // The field the shopper was in has left: the focus stays in the panel, on the message field.
    expect(document.activeElement).toBe(screen.getByLabelText('Add to your message'));
    expect(await axeViolations()).toEqual([]);
  });

  it('a signed-in shopper’s name and e-mail are filled in; a refused message stays in its field with the server’s reason; sign-out resets the chat', async () => {
    pageFlags({ livechat: true });
    localStorage.setItem('shop.tokens.user', JSON.stringify(tokenPairFor('user')));
    server.use(
      mocks.getAccount(() => sampleUser),
      mocks.getAddresses(() => []),
      mocks.startLiveChat(() =>
        mockError(400, { code: 'validation_error', detail: 'Some fields are not valid.', fields: { message: ['Write your message.'] } }),
      ),
    );
    renderPage();
    fireEvent.click(await launcher());
    await waitFor(() => expect((screen.getByLabelText('Your name') as HTMLInputElement).value).toBe(`${sampleUser.first_name} ${sampleUser.last_name}`));
    expect((screen.getByLabelText('E-mail for our answer') as HTMLInputElement).value).toBe(sampleUser.email);
    fireEvent.change(screen.getByLabelText('Your message'), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('Write your message.')).toBeTruthy();
    expect(screen.getByLabelText('Your message').getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByLabelText('Your message') as HTMLTextAreaElement).value).toBe('  ');
    expect(await axeViolations()).toEqual([]);

    server.use(mocks.signOut(() => undefined as never));
    act(() => signOut());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(liveChatActor().getSnapshot().matches('idle')).toBe(true);
    expect(liveChatActor().getSnapshot().context.failure).toBeNull();
    expect(screen.getByRole('button', { name: 'Chat with us' }).getAttribute('aria-expanded')).toBe('false');
  });
});
