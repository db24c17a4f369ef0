import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ApiError } from '../api/client/api-error';
import '../app/styles/app.css';
import type { GiftContent } from '../shop/content/site-schema';
import { defaultMessages, type GiftFormState } from '../shop/gifts/gift-form';
import { GiftFormView } from '../shop/gifts/gift-form-view';
import { GiftPage, type CreateGift } from '../shop/gifts/gift-page';
import { at } from './support/viewports';

const content = Object.values(import.meta.glob<GiftContent>('../shop/content/site/gift.yaml', { import: 'default', eager: true }))[0]!;
/** The day every story is drawn on, so the date field and its screenshots never change. */
const today = '2026-11-27';

const filled: GiftFormState = {
  form: {
    amount: 100,
    occasion: 'birthday',
    message: defaultMessages(content).birthday,
    recipient_name: 'Sam Lee',
    recipient_email: 'sam@example.com',
    sender_name: 'Alex Rivera',
    send_on: '2026-12-24',
  },
  messageEdited: false,
  errors: {},
};

const answers: Record<string, CreateGift> = {
  created: async () => ({ pubkey: 'gift_story' }),
  /** Never answers: the form stays "Creating your gift card…". */
  pending: () => new Promise(() => {}),
  refused: async () => {
    throw new ApiError({
      status: 409,
      code: 'order_in_progress',
      detail: 'Your cart is being checked out in another tab. Finish or leave it there, then try again.',
    });
  },
  fields: async () => {
    throw new ApiError({ status: 400, code: 'validation_error', detail: 'Invalid input.', fields: { recipient_email: ['This address cannot receive mail.'] } });
  },
};

/**
 * /gift as the route draws it (app/gift/gift-route.tsx), over a gift API answering as the story says; `formOnly` draws
 * the form alone (its states change nothing else on the page, so their screenshots hold the form only).
 */
function Gift({ answer, initial, formOnly = false }: { answer: keyof typeof answers; initial?: GiftFormState; formOnly?: boolean }) {
  return (
    <MemoryRouter initialEntries={['/gift']}>
      {formOnly ? (
        <div className="gift">
          <GiftFormView content={content} today={today} createGift={answers[answer]!} onCreated={() => {}} initial={initial} />
        </div>
      ) : (
        <GiftPage content={content} today={today} createGift={answers[answer]!} onCreated={() => {}} initial={initial} />
      )}
    </MemoryRouter>
  );
}

const meta = {
  title: 'Shop/Gift card page',
  component: Gift,
  args: { answer: 'created' },
} satisfies Meta<typeof Gift>;
export default meta;
type Story = StoryObj<typeof meta>;

const form = (canvasElement: HTMLElement) => within(within(canvasElement).getByRole('form', { name: 'Your gift card' }));
const press = (canvasElement: HTMLElement) => userEvent.click(form(canvasElement).getByRole('button', { name: 'Continue to payment' }));

const empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: content.hero.title })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2, name: 'Choose your gift amount' })).toBeVisible();
    await expect(form(canvasElement).getAllByRole('radio', { checked: false })).toHaveLength(7);
    await expect(form(canvasElement).getByLabelText('Message')).toHaveValue(defaultMessages(content).holidays);
    await expect(form(canvasElement).getByLabelText('Send on')).toHaveValue(today);
    // Every choice is a touch target of at least 44 px.
    for (const label of canvasElement.querySelectorAll('.gift-choice span')) await expect(label.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
  },
};
const filledStory: Story = {
  args: { formOnly: true, initial: filled },
  play: async ({ canvasElement }) => {
    await expect(form(canvasElement).getByRole('radio', { name: '$100' })).toBeChecked();
    await expect(canvasElement.querySelector('.gift-preview__amount')).toHaveTextContent('$100');
  },
};
const fieldErrors: Story = {
  args: { formOnly: true },
  play: async ({ canvasElement }) => {
    await press(canvasElement);
    const summary = await form(canvasElement).findByRole('alert');
    await waitFor(() => expect(summary).toHaveFocus());
    await expect(within(summary).getAllByRole('link')).toHaveLength(4);
    await expect(form(canvasElement).getByLabelText("Recipient's name")).toHaveAttribute('aria-invalid', 'true');
  },
};
const serverFieldError: Story = {
  args: { formOnly: true, initial: filled, answer: 'fields' },
  play: async ({ canvasElement }) => {
    await press(canvasElement);
    await waitFor(() => expect(form(canvasElement).getByLabelText("Recipient's e-mail")).toHaveAttribute('aria-invalid', 'true'));
    await expect(form(canvasElement).getByText('This address cannot receive mail.', { selector: 'p' })).toBeVisible();
  },
};
const serverError: Story = {
  args: { formOnly: true, initial: filled, answer: 'refused' },
  play: async ({ canvasElement }) => {
    await press(canvasElement);
    await expect(await form(canvasElement).findByRole('alert')).toHaveTextContent(/being checked out in another tab/);
  },
};
const submitting: Story = {
  args: { formOnly: true, initial: filled, answer: 'pending' },
  play: async ({ canvasElement }) => {
    await press(canvasElement);
    await expect(await form(canvasElement).findByRole('button', { name: 'Creating your gift card…' })).toHaveAttribute('aria-disabled', 'true');
  },
};

export const Empty360 = at('xs', empty);
export const Empty1280 = at('lg', empty);
export const Filled360 = at('xs', filledStory);
export const Filled1280 = at('lg', filledStory);
export const FieldErrors360 = at('xs', fieldErrors);
export const FieldErrors1280 = at('lg', fieldErrors);
export const ServerFieldError360 = at('xs', serverFieldError);
export const ServerError360 = at('xs', serverError);
export const ServerError1280 = at('lg', serverError);
export const Submitting360 = at('xs', submitting);
export const Submitting1280 = at('lg', submitting);
