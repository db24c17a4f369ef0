import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen as page, waitFor, within } from 'storybook/test';
import type { LiveChatConversation, LiveChatFailure, SentMessage } from '../shop/livechat/livechat-machine';
import { LiveChatLauncher } from '../shop/livechat/livechat-launcher';
import { LiveChatPanel } from '../shop/livechat/livechat-panel';
import { at } from './support/viewports';

/**
 * The live chat (spec 001 §2 "Help centre: Live chat", §4 generated and opened; shop/livechat/): its launcher in the
 * page's bottom corner and its panel, in each state the shopper meets. The page behind is a phone's cart, so the
 * pictures show what the launcher and the panel leave uncovered. Drawn at a phone's 390 px and at 1280 px.
 */
interface LiveChatScreenProps {
  opened: boolean;
  conversation: LiveChatConversation | null;
  sent: SentMessage[];
  failure: LiveChatFailure | null;
  known: { name: string; email: string };
  typed?: string;
}

const rosa: LiveChatConversation = {
  id: 'chat_1',
  reference: 'HC-7KQ2M9XD',
  status: 'open',
  answered_by: 'email',
  reply_to: 'rosa@example.com',
  message_count: 1,
  started_at: '2026-11-20T16:00:00.000Z',
};

function LiveChatScreen({ opened, conversation, sent, failure, known }: LiveChatScreenProps) {
  return (
    // A containing block for the fixed launcher and panel: the story's root is the page they sit on.
    <div style={{ position: 'relative', transform: 'translateZ(0)', minHeight: '100vh', padding: 'var(--space-4)' }}>
      <main style={{ maxWidth: '40rem' }}>
        <h1>Your cart</h1>
        <p>Custom Shampoo, every 8 weeks. $32.00</p>
        <p>Custom Conditioner, every 8 weeks. $32.00</p>
        <button type="button" className="button button--primary button--block">
          Checkout
        </button>
      </main>
      <div className="livechat-room" aria-hidden="true" />
      <LiveChatPanel
        opened={opened}
        conversation={conversation}
        sent={sent}
        sending={false}
        failure={failure}
        known={known}
        onSend={() => undefined}
        onClose={() => undefined}
        onEndConversation={() => undefined}
      />
      <LiveChatLauncher opened={opened} controls="livechat-panel" onClick={() => undefined} />
    </div>
  );
}

const meta = {
  title: 'Shop/Live chat',
  component: LiveChatScreen,
  args: { opened: false, conversation: null, sent: [], failure: null, known: { name: '', email: '' } },
} satisfies Meta<typeof LiveChatScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Not generated yet: the launcher alone, in the corner, clear of the Checkout button. */
const closed: Story = {
  play: async () => {
    const launcher = await page.findByRole('button', { name: 'Chat with us' });
    await expect(launcher).toHaveAttribute('aria-expanded', 'false');
    await expect(page.queryByRole('dialog')).toBeNull();
  },
};
export const ClosedLauncher = closed;
export const ClosedLauncher1280 = at('lg', closed);

/** Opened with nothing sent: how the team answers, the name, e-mail and message fields, Send. */
const openEmpty: Story = {
  args: { opened: true },
  play: async () => {
    const dialog = await page.findByRole('dialog', { name: 'Chat with us' });
    await expect(within(dialog).getByText(/We answer by e.mail/)).toBeVisible();
    await expect(within(dialog).getByLabelText('Your name')).toBeVisible();
    await expect(within(dialog).getByLabelText('E-mail for our answer')).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Send' })).toBeVisible();
  },
};
export const OpenEmpty = openEmpty;
export const OpenEmpty1280 = at('lg', openEmpty);

/** Sent: the shopper's message, then the shop's note with the address the answer goes to and the reference. */
const sentWithReference: Story = {
  args: {
    opened: true,
    conversation: rosa,
    sent: [{ text: 'Is the curl cream safe for colour-treated hair? I had a balayage last month.', at: '2026-11-20T16:00:00.000Z' }],
    known: { name: 'Rosa Parks', email: 'rosa@example.com' },
  },
  play: async () => {
    const log = await page.findByRole('log', { name: 'Your conversation' });
    await expect(within(log).getByText('HC-7KQ2M9XD')).toBeVisible();
    await expect(within(log).getByText('rosa@example.com')).toBeVisible();
    await expect(page.getByLabelText('Add to your message')).toBeVisible();
    await expect(page.getByRole('button', { name: 'New conversation' })).toBeVisible();
  },
};
export const SentWithReference = sentWithReference;
export const SentWithReference1280 = at('lg', sentWithReference);

/** Refused: the reason at the top, announced; the field to fix marked and worded under it. */
const error: Story = {
  args: {
    opened: true,
    known: { name: 'Rosa Parks', email: 'rosa@example' },
    failure: { message: 'Check the fields marked below.', fields: { email: ['Enter an e-mail address we can answer.'] } },
  },
  play: async () => {
    await waitFor(() => expect(page.getByRole('alert')).toHaveTextContent('Check the fields marked below.'));
    await expect(page.getByLabelText('E-mail for our answer')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Enter an e-mail address we can answer.')).toBeVisible();
  },
};
export const Refused = error;
export const Refused1280 = at('lg', error);
