import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { StepHarness } from './support/step-harness';
import { at } from './support/viewports';
import { signin } from './fixtures/haircare-screens';
import { signUpHandler } from './mocks/sign-up-mocks';
import { mockEndpoint } from '../api/client/mocks';
import { emailOnlyCustomer } from './fixtures/account';

const meta = {
  title: 'Steps/Sign-in (save)',
  component: StepHarness,
  args: { screen: signin, onChange: fn(), onNext: fn() },
} satisfies Meta<typeof StepHarness>;
export default meta;
type Story = StoryObj<typeof meta>;

async function fillAndSend(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByRole('textbox', { name: 'First name' }), 'Ada');
  await userEvent.type(canvas.getByRole('textbox', { name: 'Last name' }), 'Lovelace');
  await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
  await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
}

/** Empty form (spec 000 §2.7): names, e-mail, terms with links to /terms and /privacy, "Resume here". */
const empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'End User License and Terms of Service' })).toHaveAttribute('href', '/terms');
    await expect(canvas.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    await expect(canvas.getByRole('textbox', { name: 'Email' })).toHaveAttribute('autocomplete', 'email');
  },
};
export const Empty360 = at('xs', empty);
export const Empty768 = at('sm', empty);
export const Empty1280 = at('lg', empty);

/** The server's field errors, each on its own field; username and e-mail errors both on the e-mail (spec 000 §5.6). */
const fieldErrors: Story = {
  beforeEach({ msw }) {
    msw.use(signUpHandler('field-errors'));
  },
  play: async ({ canvasElement, args }) => {
    await fillAndSend(canvasElement);
    const canvas = within(canvasElement);
    const first = canvas.getByRole('textbox', { name: 'First name' });
    await expect(await canvas.findByText('Ensure this field has no more than 150 characters.')).toBeVisible();
    await expect(first).toHaveAccessibleDescription('Ensure this field has no more than 150 characters.');
    await expect(canvas.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Enter a valid email address. This username is reserved.');
    await expect(canvas.getByRole('textbox', { name: 'Last name' })).not.toHaveAttribute('aria-invalid');
    await expect(args.onNext).not.toHaveBeenCalled();
  },
};
export const FieldErrors360 = at('xs', fieldErrors);
export const FieldErrors768 = at('sm', fieldErrors);
export const FieldErrors1280 = at('lg', fieldErrors);

/** The e-mail already has an account: a sign-in link was sent instead (spec 000 §4.6). */
const magicLinkSent: Story = {
  beforeEach({ msw }) {
    msw.use(signUpHandler('magic-link-sent'));
  },
  play: async ({ canvasElement, args }) => {
    await fillAndSend(canvasElement);
    const status = await within(canvasElement).findByText(/We sent you a link at ada@example.com/);
    await expect(status).toBeVisible();
    await expect(args.onNext).not.toHaveBeenCalled();
  },
};
export const MagicLinkSent360 = at('xs', magicLinkSent);
export const MagicLinkSent768 = at('sm', magicLinkSent);
export const MagicLinkSent1280 = at('lg', magicLinkSent);

/** Any other failure: a generic error, the form kept as typed. */
const serverError: Story = {
  beforeEach({ msw }) {
    msw.use(signUpHandler('unavailable'));
  },
  play: async ({ canvasElement }) => {
    await fillAndSend(canvasElement);
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('Something went wrong');
  },
};
export const ServerError360 = at('xs', serverError);
export const ServerError768 = at('sm', serverError);
export const ServerError1280 = at('lg', serverError);

/** A new account: the step moves on. */
const signedUp: Story = {
  play: async ({ canvasElement, args }) => {
    await fillAndSend(canvasElement);
    await waitFor(() => expect(args.onNext).toHaveBeenCalledTimes(1));
  },
};
export const SignedUp360 = at('xs', signedUp);
export const SignedUp768 = at('sm', signedUp);
export const SignedUp1280 = at('lg', signedUp);

/** Signed in with an e-mail alone (an account made on leaving): only the names are asked, then saved to the account. */
const namesOnly: Story = {
  args: { facts: { accountEmail: 'ada@example.com' } },
  beforeEach({ msw }) {
    msw.use(mockEndpoint('patchAccount', ({ body }) => ({ ...emailOnlyCustomer, ...body })));
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('textbox', { name: 'Email' })).toBeNull();
    await expect(canvas.getByText('Your results are saved to ada@example.com. Tell us your name to go on.')).toBeVisible();
    await userEvent.type(canvas.getByRole('textbox', { name: 'First name' }), 'Ada');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Last name' }), 'Lovelace');
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(args.onNext).toHaveBeenCalledTimes(1));
  },
};
export const NamesOnly360 = at('xs', namesOnly);
export const NamesOnly1280 = at('lg', namesOnly);
