/**
 * @module shop/livechat/livechat-machine: the live chat's state (spec 001 §4 "Help centre: Live chat has flags
 * generated and opened"; sign-out resets help-centre state). `generated`: the chat widget has been made (its code
 * loaded, the first time the shopper asks for it); `opened`: the panel is open. Beside them, the conversation: the
 * messages the shopper sent, the provider's conversation (its reference, where the team answers) and the sending.
 * RESET (sign-out) forgets all of it: the next shopper on the device sees nothing of the last one's chat.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ResponseBody } from '#api';

/** A conversation as its shopper sees it (api/schemas/livechat.ts). */
export type LiveChatConversation = ResponseBody<'startLiveChat'>;

/** What a send needs: the conversation so far (null: this message starts one), who writes, and the message. */
export interface LiveChatSend {
  conversation: LiveChatConversation | null;
  name: string;
  email: string;
  message: string;
}

/** Why a send failed, in the shopper's words, with the fields to fix (the server's, by field name). */
export interface LiveChatFailure {
  message: string;
  fields: Record<string, string[]>;
}

/** A message the shopper sent, as the panel shows it. */
export interface SentMessage {
  text: string;
  at: string;
}

export interface LiveChatServices {
  /** Starts the conversation with the message, or adds it to the one given; the conversation as it now is. */
  send(request: LiveChatSend): Promise<LiveChatConversation>;
  /** Ends the conversation with the provider (the panel forgets it at once; a failure changes nothing for the shopper). */
  close(conversation: LiveChatConversation): void;
  /** Words a failed send for the shopper. */
  describeFailure(error: unknown): LiveChatFailure;
}

export interface LiveChatContext {
  conversation: LiveChatConversation | null;
  sent: SentMessage[];
  failure: LiveChatFailure | null;
  /** The message on its way (kept until the server has it, so a failure loses nothing). */
  sending: Omit<LiveChatSend, 'conversation'> | null;
}

export type LiveChatEvent =
  | { type: 'GENERATE' }
  | { type: 'OPEN' }
  | { type: 'CLOSE' }
  | { type: 'TOGGLE' }
  | { type: 'SEND'; name: string; email: string; message: string }
  | { type: 'END_CONVERSATION' }
  | { type: 'RESET' };

const empty = (): LiveChatContext => ({ conversation: null, sent: [], failure: null, sending: null });

/** The live chat machine over the app's services (tests give theirs). */
export function createLiveChatMachine(services: LiveChatServices) {
  return setup({
    types: { context: {} as LiveChatContext, events: {} as LiveChatEvent },
    actors: {
      send: fromPromise(({ input }: { input: LiveChatSend }) => services.send(input)),
    },
    actions: {
      forget: assign(empty),
      closeWithProvider: ({ context }) => {
        if (context.conversation) services.close(context.conversation);
      },
    },
  }).createMachine({
    id: 'liveChat',
    context: empty,
    initial: 'idle',
    on: { RESET: { target: '.idle', actions: 'forget' } },
    states: {
      /** Not generated: the launcher alone. */
      idle: {
        on: { GENERATE: 'generated', OPEN: 'generated.panel.opened', TOGGLE: 'generated.panel.opened' },
      },
      generated: {
        type: 'parallel',
        states: {
          panel: {
            initial: 'closed',
            states: {
              closed: { on: { OPEN: 'opened', TOGGLE: 'opened' } },
              opened: { on: { CLOSE: 'closed', TOGGLE: 'closed' } },
            },
          },
          chat: {
            initial: 'ready',
            states: {
              ready: {
                on: {
                  SEND: {
                    target: 'sending',
                    actions: assign({ sending: ({ event }) => ({ name: event.name, email: event.email, message: event.message }), failure: null }),
                  },
                  END_CONVERSATION: { actions: ['closeWithProvider', 'forget'] },
                },
              },
              sending: {
                invoke: {
                  src: 'send',
                  input: ({ context }) => ({ conversation: context.conversation, ...context.sending! }),
                  onDone: {
                    target: 'ready',
                    actions: assign(({ context, event }) => ({
                      conversation: event.output,
                      sent: [...context.sent, { text: context.sending!.message, at: new Date().toISOString() }],
                      sending: null,
                    })),
                  },
                  onError: { target: 'ready', actions: assign({ failure: ({ event }) => services.describeFailure(event.error), sending: null }) },
                },
              },
            },
          },
        },
      },
    },
  });
}

export type LiveChatMachine = ReturnType<typeof createLiveChatMachine>;

/** §4's two flags, from a snapshot of the machine. */
export const selectGenerated = (snapshot: { matches(state: 'idle'): boolean }): boolean => !snapshot.matches('idle');
export const selectOpened = (snapshot: { matches(state: { generated: { panel: 'opened' } }): boolean }): boolean =>
  snapshot.matches({ generated: { panel: 'opened' } });
