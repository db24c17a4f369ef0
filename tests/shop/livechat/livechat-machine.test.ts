/**
 * The live chat's machine (spec 001 §4 "Help centre: Live chat has flags generated and opened"; "Sign-out resets
 * help-centre state"): generated once the widget is made, opened while the panel is open, the conversation kept across
 * closing and opening, a failed message kept to send again, and RESET (sign-out) forgetting all of it.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import {
  createLiveChatMachine,
  selectGenerated,
  selectOpened,
  type LiveChatConversation,
  type LiveChatServices,
} from '../../../shop/livechat/livechat-machine';

const conversation = (over: Partial<LiveChatConversation> = {}): LiveChatConversation => ({
  id: 'chat_1',
  reference: 'HC-7KQ2M9XD',
  status: 'open',
  answered_by: 'email',
  reply_to: 'rosa@example.com',
  message_count: 1,
  started_at: '2026-11-20T16:00:00.000Z',
  ...over,
});

function chat(send: LiveChatServices['send'] = async () => conversation()) {
  const services = {
    send: vi.fn(send),
    close: vi.fn(),
    describeFailure: (error: unknown) => ({ message: `Could not send: ${String(error)}`, fields: {} }),
  };
  const actor = createActor(createLiveChatMachine(services)).start();
  const flags = () => ({ generated: selectGenerated(actor.getSnapshot()), opened: selectOpened(actor.getSnapshot()) });
  return { actor, services, flags };
}

const sendRosa = { type: 'SEND' as const, name: 'Rosa', email: 'rosa@example.com', message: 'Is it safe for colour?' };

describe('§4 live chat flags: generated and opened', () => {
  it('starts neither generated nor opened; GENERATE makes the widget without opening it; OPEN and CLOSE open and close the panel', () => {
    const { actor, flags } = chat();
    expect(flags()).toEqual({ generated: false, opened: false });
    actor.send({ type: 'GENERATE' });
    expect(flags()).toEqual({ generated: true, opened: false });
    actor.send({ type: 'OPEN' });
    expect(flags()).toEqual({ generated: true, opened: true });
    actor.send({ type: 'CLOSE' });
    expect(flags()).toEqual({ generated: true, opened: false });
    actor.send({ type: 'TOGGLE' });
    expect(flags()).toEqual({ generated: true, opened: true });
  });

  it('the launcher’s first press generates and opens at once', () => {
    const { actor, flags } = chat();
    actor.send({ type: 'OPEN' });
    expect(flags()).toEqual({ generated: true, opened: true });
  });

  it('sign-out (RESET) resets both flags and forgets the conversation, open or closed', async () => {
    const { actor, flags } = chat();
    actor.send({ type: 'OPEN' });
    actor.send(sendRosa);
    await waitFor(actor, (s) => s.context.conversation !== null);
    actor.send({ type: 'RESET' });
    expect(flags()).toEqual({ generated: false, opened: false });
    expect(actor.getSnapshot().context).toEqual({ conversation: null, sent: [], failure: null, sending: null });
  });
});

describe('the conversation', () => {
  it('the first message starts the conversation; the next is sent to it; both are shown; closing and opening the panel keeps it', async () => {
    const { actor, services } = chat(async (request) => conversation({ message_count: request.conversation ? 2 : 1 }));
    actor.send({ type: 'OPEN' });
    actor.send(sendRosa);
    expect(actor.getSnapshot().matches({ generated: { chat: 'sending' } })).toBe(true);
    await waitFor(actor, (s) => s.matches({ generated: { chat: 'ready' } }));
    expect(services.send).toHaveBeenLastCalledWith({ conversation: null, name: 'Rosa', email: 'rosa@example.com', message: 'Is it safe for colour?' });
    actor.send({ type: 'CLOSE' });
    actor.send({ type: 'OPEN' });
    actor.send({ ...sendRosa, message: 'And the conditioner?' });
    await waitFor(actor, (s) => s.context.sent.length === 2);
    expect(services.send).toHaveBeenLastCalledWith(
      expect.objectContaining({ conversation: expect.objectContaining({ id: 'chat_1' }), message: 'And the conditioner?' }),
    );
    expect(actor.getSnapshot().context.sent.map((m) => m.text)).toEqual(['Is it safe for colour?', 'And the conditioner?']);
    expect(actor.getSnapshot().context.conversation?.message_count).toBe(2);
  });

  it('a failed send keeps no message as sent, says why, and the next try clears the failure', async () => {
    let fail = true;
    const { actor } = chat(async () => {
      if (fail) throw new Error('offline');
      return conversation();
    });
    actor.send({ type: 'OPEN' });
    actor.send(sendRosa);
    await waitFor(actor, (s) => s.context.failure !== null);
    expect(actor.getSnapshot().context).toMatchObject({ conversation: null, sent: [], failure: { message: 'Could not send: Error: offline' } });
    fail = false;
    actor.send(sendRosa);
    expect(actor.getSnapshot().context.failure).toBeNull();
    await waitFor(actor, (s) => s.context.conversation !== null);
    expect(actor.getSnapshot().context.sent).toHaveLength(1);
  });

  it('a new conversation closes the old one with the provider and starts empty', async () => {
    const { actor, services } = chat();
    actor.send({ type: 'OPEN' });
    actor.send(sendRosa);
    await waitFor(actor, (s) => s.context.conversation !== null);
    actor.send({ type: 'END_CONVERSATION' });
    expect(services.close).toHaveBeenCalledWith(expect.objectContaining({ id: 'chat_1' }));
    expect(actor.getSnapshot().context).toMatchObject({ conversation: null, sent: [] });
    expect(selectOpened(actor.getSnapshot())).toBe(true);
  });
});
