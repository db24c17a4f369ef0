/**
 * @module server/livechat/embedded-provider: the shop's own chat provider (our choice, server/livechat/README.md).
 * No vendor account and no agent online: a conversation is a support inquiry (source 'livechat') that the team
 * answers by e-mail, and the panel says so with the reference. The first message opens the inquiry (stored, mailed to
 * support, acknowledged to the shopper); each later one is a mail to support quoting the reference; closing
 * ends the conversation in the panel only (the answer comes by mail either way).
 */
import { enqueueMail } from '../mail/enqueue-mail';
import type { Services } from '../services';
import type { LiveChatProvider } from './livechat-provider';
import { openChatInquiry, supportAddress } from './support-desk';

export const embeddedLiveChat: LiveChatProvider = {
  name: 'embedded',
  answeredBy: 'email',
  async start(services, db, start) {
    return openChatInquiry(services, db, start);
  },
  async postMessage(services, db, conversation, message) {
    await enqueueMail(db, services.clock.now(), {
      kind: 'support_inquiry',
      to: supportAddress(services),
      subject: `[${conversation.reference}] Live chat: message ${conversation.messageCount + 1}`,
      text: [`Reply to: ${conversation.replyTo}`, `Reference: ${conversation.reference}`, 'Source: live chat', '', message].join('\n'),
    });
  },
  async close() {
    // Nothing to tell support: the inquiry stays theirs to answer by mail, whether or not the panel is open.
  },
};

/** The provider the app was given, else the embedded one. */
export const liveChatOf = (services: Pick<Services, 'liveChat'>): LiveChatProvider => services.liveChat ?? embeddedLiveChat;
