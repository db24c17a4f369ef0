import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, screen as page, waitFor } from 'storybook/test';
import { MemoryRouter } from 'react-router';
import ExitModal, { type ExitModalProps } from '../app/consultation/exit-modal';
import { SessionProvider } from '../app/session';
import { signUpHandler } from './mocks/sign-up-mocks';
import { at, settled } from './support/viewports';

/** The exit-consultation e-mail capture as the app shows it: inside the session and the router. */
function ExitModalScreen(props: Omit<ExitModalProps, 'onClose'>) {
  return (
    <SessionProvider>
      <MemoryRouter initialEntries={['/consultation/skincare/my-skin/type']}>
        <ExitModal {...props} onClose={() => undefined} />
      </MemoryRouter>
    </SessionProvider>
  );
}

const meta = {
  title: 'App/Exit consultation modal',
  component: ExitModalScreen,
  args: {
    category: 'skincare',
    leaving: true,
    // The skincare flow's words with the gift offer (flows/consultation/skincare.yaml exitModal, spec 000 §2.7).
    copy: {
      title: '60% off + your free gift is just a few questions away…',
      subtitle: 'Enter your email to continue the consultation and unlock your exclusive offer.',
    },
  },
} satisfies Meta<typeof ExitModalScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Opened as the visitor leaves mid-way: the heading chosen by the offer, one e-mail field, the terms. */
const offer: Story = {
  play: async () => {
    const dialog = await page.findByRole('dialog', { name: '60% off + your free gift is just a few questions away…' });
    await settled(dialog);
    await waitFor(() => expect(page.getByLabelText('Email')).toBeVisible());
    await waitFor(() => expect(page.getByRole('link', { name: /terms/i })).toBeVisible());
  },
};
export const Offer360 = at('xs', offer);
export const Offer768 = at('sm', offer);
export const Offer1280 = at('lg', offer);

/** Without a flow's words (the agnostic pages): the app's own heading. */
export const Agnostic360 = at('xs', {
  args: { category: 'agnostic', copy: undefined },
  play: async () => {
    await settled(await page.findByRole('dialog', { name: 'Before you go, save your answers' }));
  },
} satisfies Story);

/** An e-mail we already know: a magic link is on its way. */
export const MagicLinkSent360 = at('xs', {
  beforeEach({ msw }) {
    msw.use(signUpHandler('magic-link-sent'));
  },
  play: async () => {
    await settled(await page.findByRole('dialog'));
    await userEvent.type(page.getByLabelText('Email'), 'known@example.com');
    await userEvent.click(page.getByRole('button', { name: 'Save my answers' }));
    await waitFor(() => expect(page.getByText(/We sent you a link at known@example.com/)).toBeVisible());
  },
} satisfies Story);

/** The server refuses the address: its message shows on the field, which takes focus. */
export const FieldError360 = at('xs', {
  beforeEach({ msw }) {
    msw.use(signUpHandler('field-errors', { email: ['Enter a valid email address.'] }));
  },
  play: async () => {
    await settled(await page.findByRole('dialog'));
    await userEvent.type(page.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(page.getByRole('button', { name: 'Save my answers' }));
    await waitFor(() => expect(page.getByText('Enter a valid email address.')).toBeVisible());
    await expect(page.getByLabelText('Email')).toHaveFocus();
  },
} satisfies Story);
