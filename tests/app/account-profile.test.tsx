import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import type { User, UserPatch } from '#api';
import { renderAccountRoute } from './render-account';
import { createMocks, mockError } from '../../api/client/mocks';
import { useSession } from '../../app/session';
import { accountUpdate, phoneProblem, profileFieldsOf } from '../../shop/account/account-update';
import { adaWithPhone } from '../../stories/fixtures/account-pages';
import { guestUser, sampleAddress, sampleUser, tokenPairFor } from '../api/client-fixtures';
import { axeViolations } from './account-axe';

const server = setupServer();
const mocks = createMocks({ baseUrl: window.location.origin });
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());

/** /account/profile for `user` in a page load of its own; PATCH answers `refuse` or the user changed (a new e-mail pending). */
function renderProfile(options: { user?: User; signedIn?: boolean; refuse?: Response } = {}) {
  let current = options.user ?? adaWithPhone;
  const sent: UserPatch[] = [];
  if (options.signedIn !== false) localStorage.setItem('shop.tokens.user', JSON.stringify(tokenPairFor('user')));
  server.use(
    mocks.getAccount(() => current),
    mocks.getAddresses(() => [sampleAddress]),
    mocks.patchAccount(({ body }) => {
      sent.push(body);
      if (options.refuse) return options.refuse;
      const { email, ...rest } = body;
      current = { ...current, ...rest, pending_email: email !== undefined && email !== current.email ? email : current.pending_email } as User;
      return current;
    }),
  );
  function HeaderName() {
    return <p data-testid="header-name">{useSession().user?.first_name ?? ''}</p>;
  }
  renderAccountRoute('/account/profile', <HeaderName />);
  return { sent };
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

describe('/account/profile (spec 001 §2 "Account pages for profile and addresses", §3 User, §5, §7 Account)', () => {
  it('shows the account: names, e-mail, the username empty while it is the e-mail, the phone formatted, the opt-ins', async () => {
    renderProfile();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your profile' })).toBeTruthy();
    expect(field('First name').value).toBe('Ada');
    expect(field('Last name').value).toBe('Lovelace');
    expect(field('E-mail').value).toBe('ada@example.com');
    expect(field('Username (optional)').value).toBe('');
    expect(field('Phone (optional)').value).toBe('(416) 555-0123');
    expect(field('Texts about my orders and deliveries').checked).toBe(true);
    expect(field('Texts about offers and new products').checked).toBe(false);
    // The page's title is set by an effect after the page is drawn.
    await waitFor(() => expect(document.title).toBe('Your profile | Formulary'));
    expect(await axeViolations()).toEqual([]);
  });

  it('spec 001 §5: the phone is formatted progressively as typed, (XXX) XXX-XXXX, never more than 10 digits', async () => {
    const user = userEvent.setup();
    renderProfile({ user: { ...adaWithPhone, phone: null } });
    const phone = await screen.findByLabelText<HTMLInputElement>('Phone (optional)');
    await user.type(phone, '212');
    expect(phone.value).toBe('(212');
    await user.type(phone, '55');
    expect(phone.value).toBe('(212) 55');
    await user.type(phone, '5123499');
    expect(phone.value).toBe('(212) 555-1234');
  });

  it('spec 001 §5: e-mail and username are sent lowercased, the phone as +1 and its 10 digits, the opt-ins as checked; the session shows the saved user', async () => {
    const user = userEvent.setup();
    const { sent } = renderProfile();
    await screen.findByRole('heading', { level: 1, name: 'Your profile' });
    await user.clear(field('First name'));
    await user.type(field('First name'), 'Augusta');
    await user.type(field('Username (optional)'), 'AdaL');
    await user.click(field('Texts about offers and new products'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your changes have been saved.')).toBeTruthy();
    expect(sent).toEqual([
      {
        first_name: 'Augusta',
        last_name: 'Lovelace',
        email: 'ada@example.com',
        username: 'adal',
        phone: '+14165550123',
        text_optin: true,
        text_marketing_optin: true,
      },
    ]);
    await waitFor(() => expect(screen.getByTestId('header-name').textContent).toBe('Augusta'));
  });

  it('a new e-mail is sent lowercased and waits for its confirmation link (server/account/request-email-change.ts); the username stays the e-mail in use', async () => {
    const user = userEvent.setup();
    const { sent } = renderProfile();
    await screen.findByRole('heading', { level: 1, name: 'Your profile' });
    await user.clear(field('E-mail'));
    await user.type(field('E-mail'), 'Ada.King@Example.COM');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your changes have been saved. We sent a link to ada.king@example.com: your e-mail changes once you open it.')).toBeTruthy();
    expect(sent[0]).toMatchObject({ email: 'ada.king@example.com', username: 'ada@example.com' });
    // The field shows the e-mail in use; its note, the one waiting.
    expect(field('E-mail').value).toBe('ada@example.com');
    await waitFor(() => expect(screen.getByText('Waiting for you to confirm ada.king@example.com: open the link we sent there.')).toBeTruthy());
  });

  it('checks the fields first (names, e-mail, a phone of 10 digits) and focuses the first wrong one; nothing is sent', async () => {
    const user = userEvent.setup();
    const { sent } = renderProfile();
    await screen.findByRole('heading', { level: 1, name: 'Your profile' });
    await user.clear(field('Last name'));
    await user.clear(field('Phone (optional)'));
    await user.type(field('Phone (optional)'), '41655');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByText('Enter your last name.')).toBeTruthy();
    expect(screen.getByText('Enter a 10-digit phone number, like (555) 123-4567.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field('Last name')));
    expect(field('Phone (optional)').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
  });

  it('spec 001 §8: the server’s field errors show on their fields, the first one focused', async () => {
    const user = userEvent.setup();
    renderProfile({
      refuse: mockError(400, { code: 'validation_error', detail: 'Check the fields.', fields: { username: ['This username is taken.'] } }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Your profile' });
    await user.type(field('Username (optional)'), 'grace');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('This username is taken.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field('Username (optional)')));
    expect(await axeViolations()).toEqual([]);
  });

  it('a failure that is not the fields’ says so in an alert', async () => {
    const user = userEvent.setup();
    renderProfile({ refuse: mockError(409, { code: 'conflict', detail: 'No.' }) });
    await screen.findByRole('heading', { level: 1, name: 'Your profile' });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your changes could not be saved. Please try again.');
  });

  it('signed out, or a guest (who has no e-mail until signing up): the way to sign in', async () => {
    renderProfile({ signedIn: false });
    expect((await screen.findByRole('link', { name: 'Sign in' })).getAttribute('href')).toBe('/signin?next=%2Faccount%2Fprofile');
  });

  it('a guest gets the way to sign in too', async () => {
    renderProfile({ user: guestUser });
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByLabelText('E-mail')).toBeNull();
  });
});

describe('the account update (spec 001 §5 "Email and username are sent lowercased; username defaults to the email. Text opt-ins default to false on account update")', () => {
  const form = { first_name: ' Ada ', last_name: 'Lovelace', email: ' ADA@Example.com ', username: '', phone: '' };

  it('lowercases the e-mail and the username; an empty username is the e-mail; the opt-ins are false unless given; an empty phone is none', () => {
    expect(accountUpdate(form, { email: 'ada@example.com' })).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      username: 'ada@example.com',
      phone: null,
      text_optin: false,
      text_marketing_optin: false,
    });
    expect(accountUpdate({ ...form, username: 'AdaL', text_optin: true }, { email: 'ada@example.com' })).toMatchObject({ username: 'adal', text_optin: true });
  });

  it('while a new e-mail awaits confirmation, the default username is the e-mail in use', () => {
    expect(accountUpdate({ ...form, email: 'New@Example.com' }, { email: 'ada@example.com' })).toMatchObject({
      email: 'new@example.com',
      username: 'ada@example.com',
    });
  });

  it('spec 001 §5 phone: exactly 10 digits (a leading 1 dropped), stored as +1 and the digits', () => {
    expect(phoneProblem('')).toBeUndefined();
    expect(phoneProblem('(416) 555-012')).toBeDefined();
    expect(phoneProblem('(416) 555-0123')).toBeUndefined();
    expect(accountUpdate({ ...form, phone: '(416) 555-0123' }, { email: 'ada@example.com' }).phone).toBe('+14165550123');
  });

  it('the form starts from the account; a username of its own shows', () => {
    expect(profileFieldsOf({ ...sampleUser, username: 'adal' }).username).toBe('adal');
    expect(profileFieldsOf(sampleUser).username).toBe('');
  });
});
