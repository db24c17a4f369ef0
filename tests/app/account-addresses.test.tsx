import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import type { Address, AddressInput } from '#api';
import { renderAccountRoute } from './render-account';
import { createMocks, mockError } from '../../api/client/mocks';
import { useSession } from '../../app/session';
import { MISSING_PUBKEY, primaryFirst, removeAddress, updateAddress, type AddressApi } from '../../shop/account/address-calls';
import { applyAddressChange } from '../../shop/account/addresses-machine';
import { adaAddresses } from '../../stories/fixtures/account-pages';
import { guestUser, sampleUser, tokenPairFor } from '../api/client-fixtures';
import { axeViolations } from './account-axe';

const server = setupServer();
const mocks = createMocks({ baseUrl: window.location.origin });
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());

type Sent = { method: string; pubkey?: string; body?: unknown };

/**
 * /account/addresses in a page load of its own for Ada (or a guest, or nobody), the server keeping `book` and
 * answering `refuse` for a change when given. Records what is sent.
 */
function renderAddresses(options: { book?: Address[]; signedIn?: 'ada' | 'guest' | false; refuse?: (sent: Sent) => Response | undefined } = {}) {
  let book = [...(options.book ?? adaAddresses)];
  const sent: Sent[] = [];
  const refuse = options.refuse ?? (() => undefined);
  if (options.signedIn !== false) localStorage.setItem('shop.tokens.user', JSON.stringify(tokenPairFor('user')));
  server.use(
    mocks.getAccount(() => (options.signedIn === 'guest' ? guestUser : sampleUser)),
    mocks.getAddresses(() => book),
    mocks.createAddress(({ body }) => {
      const call = { method: 'POST', body };
      sent.push(call);
      const refused = refuse(call);
      if (refused) return refused;
      const created: Address = { pubkey: `adr_new_${sent.length}`, address2: null, ...body, primary: body.primary ?? book.length === 0 } as Address;
      book = [...book.map((a) => (created.primary ? { ...a, primary: false } : a)), created];
      return created;
    }),
    mocks.patchAddress(({ params, body }) => {
      const call = { method: 'PATCH', pubkey: params.pubkey, body };
      sent.push(call);
      const refused = refuse(call);
      if (refused) return refused;
      const current = book.find((a) => a.pubkey === params.pubkey);
      if (!current) return mockError(404, { code: 'not_found', detail: 'No such address.' });
      const updated = { ...current, ...body } as Address;
      book = book.map((a) => (a.pubkey === params.pubkey ? updated : updated.primary ? { ...a, primary: false } : a));
      return updated;
    }),
    mocks.deleteAddress(({ params }) => {
      const call = { method: 'DELETE', pubkey: params.pubkey };
      sent.push(call);
      const refused = refuse(call);
      if (refused) return refused;
      const gone = book.find((a) => a.pubkey === params.pubkey);
      book = book.filter((a) => a.pubkey !== params.pubkey);
      // The server gives the primary to the newest address left.
      if (gone?.primary && book.length > 0) book = book.map((a, i) => ({ ...a, primary: i === book.length - 1 }));
      return undefined as never;
    }),
  );
  let signOut: () => void = () => undefined;
  function SignOutHandle() {
    signOut = useSession().signOut;
    return null;
  }
  renderAccountRoute('/account/addresses', <SignOutHandle />);
  return { sent, signOut: () => signOut(), book: () => book };
}

/** The address cards, top to bottom, as their first line reads. */
const cards = () =>
  within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((li) => li.textContent ?? '');

const userInput = () => userEvent.setup();

describe('/account/addresses (spec 001 §2 "Account pages for profile and addresses", §3 Address, §7)', () => {
  it('spec 001 §3 User "addresses (primary first)": the primary address first and marked, each with its actions', async () => {
    renderAddresses({ book: [adaAddresses[1]!, adaAddresses[0]!, adaAddresses[2]!] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your addresses' })).toBeTruthy();
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(cards()[0]).toContain('1 Main St, Apt 4');
    expect(cards()[0]).toContain('Primary address');
    expect(cards()[1]).toContain('Toronto, ON M5H 2N2, Canada');
    expect(screen.getByRole('button', { name: 'Edit 1 Main St, Brooklyn' })).toBeTruthy();
    // The primary one cannot be made primary again.
    expect(screen.queryByRole('button', { name: 'Make primary: 1 Main St, Brooklyn' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Make primary: 100 Queen St W, Toronto' })).toBeTruthy();
    // The page's title is set by an effect after the page is drawn.
    await waitFor(() => expect(document.title).toBe('Your addresses | Formulary'));
    expect(await axeViolations()).toEqual([]);
  });

  it('spec 001 §5: a Canadian postal code is upper-cased with a space after the 3rd character as it is typed, at most 7 characters; the address is added', async () => {
    const user = userInput();
    const { sent } = renderAddresses();
    await user.click(await screen.findByRole('button', { name: 'Add an address' }));
    const form = screen.getByRole('form', { name: 'New address' });
    await user.selectOptions(within(form).getByLabelText('Country'), 'CA');
    await user.type(within(form).getByLabelText('Street address'), '1 Yonge St');
    await user.type(within(form).getByLabelText('City'), 'Toronto');
    await user.selectOptions(within(form).getByLabelText('Province'), 'ON');
    const postal = within(form).getByLabelText<HTMLInputElement>('Postal code');
    await user.type(postal, 'm5e');
    expect(postal.value).toBe('M5E');
    await user.type(postal, '1w7x');
    expect(postal.value).toBe('M5E 1W7');
    expect(postal.maxLength).toBe(7);
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(cards()).toHaveLength(4));
    expect(sent).toEqual([
      { method: 'POST', body: { address1: '1 Yonge St', address2: null, city: 'Toronto', state: 'ON', zipcode: 'M5E 1W7', country: 'CA' } },
    ]);
    expect(cards()[3]).toContain('1 Yonge St');
    expect(screen.queryByRole('form', { name: 'New address' })).toBeNull();
  });

  it('the form checks its fields first, then shows the server’s field errors on their fields and focuses the first (spec 001 §8)', async () => {
    const user = userInput();
    const { sent } = renderAddresses({
      refuse: ({ method }) =>
        method === 'POST'
          ? mockError(400, {
              code: 'validation_error',
              detail: 'Check the fields.',
              fields: { zipcode: ['This ZIP code is in New York, not Texas. Check the ZIP code and state.'] },
            })
          : undefined,
    });
    await user.click(await screen.findByRole('button', { name: 'Add an address' }));
    const form = screen.getByRole('form', { name: 'New address' });
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(within(form).getByText('Enter the street address.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('Street address')));
    expect(sent).toEqual([]);

    await user.type(within(form).getByLabelText('Street address'), '9 Elm St');
    await user.type(within(form).getByLabelText('City'), 'Dallas');
    await user.selectOptions(within(form).getByLabelText('State'), 'TX');
    await user.type(within(form).getByLabelText('ZIP code'), '11201');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    const zip = within(form).getByLabelText('ZIP code');
    await waitFor(() => expect(zip.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByText('This ZIP code is in New York, not Texas. Check the ZIP code and state.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(zip));
    // Nothing was added: the list is as it was, the form still open.
    expect(cards()).toHaveLength(3);
    expect(await axeViolations()).toEqual([]);
  });

  it('edits an address: the form holds it, the saved copy replaces it in place', async () => {
    const user = userInput();
    const { sent } = renderAddresses();
    await user.click(await screen.findByRole('button', { name: 'Edit 500 Congress Ave, Austin' }));
    const form = screen.getByRole('form', { name: 'Edit address' });
    const line2 = within(form).getByLabelText('Apartment, suite, etc. (optional)');
    await user.type(line2, 'Suite 200');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit address' })).toBeNull());
    expect(sent).toEqual([
      {
        method: 'PATCH',
        pubkey: 'adr_austin',
        body: { address1: '500 Congress Ave', address2: 'Suite 200', city: 'Austin', state: 'TX', zipcode: '78701', country: 'US' },
      },
    ]);
    expect(cards()[2]).toContain('500 Congress Ave, Suite 200');
  });

  it('makes an address primary at once; the server’s copy keeps it first', async () => {
    const user = userInput();
    const { sent } = renderAddresses();
    await user.click(await screen.findByRole('button', { name: 'Make primary: 500 Congress Ave, Austin' }));
    // Shown at once, before the server answers.
    expect(cards()[0]).toContain('500 Congress Ave');
    expect(cards()[0]).toContain('Primary address');
    await waitFor(() => expect(sent).toEqual([{ method: 'PATCH', pubkey: 'adr_austin', body: { primary: true } }]));
    await waitFor(() => expect(screen.getAllByText('Primary address')).toHaveLength(1));
    expect(cards()[0]).toContain('500 Congress Ave');
  });

  it('a refused change is rolled back and said in an alert', async () => {
    const user = userInput();
    renderAddresses({ refuse: () => mockError(409, { code: 'conflict', detail: 'Try again.' }) });
    await user.click(await screen.findByRole('button', { name: 'Make primary: 500 Congress Ave, Austin' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'We couldn’t make that address your primary one. Please try again.');
    expect(cards()[0]).toContain('1 Main St');
  });

  it('deletes after asking (DELETE answers 204, no body); "Keep it" keeps it; the server’s new primary shows', async () => {
    const user = userInput();
    const { sent } = renderAddresses();
    await user.click(await screen.findByRole('button', { name: 'Delete 1 Main St, Brooklyn' }));
    const ask = screen.getByRole('group', { name: 'Delete 1 Main St, Brooklyn?' });
    expect(document.activeElement).toBe(within(ask).getByRole('button', { name: 'Keep it' }));
    expect(await axeViolations()).toEqual([]);
    await user.click(within(ask).getByRole('button', { name: 'Keep it' }));
    expect(sent).toEqual([]);
    expect(cards()).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Delete 1 Main St, Brooklyn' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete it' }));
    await waitFor(() => expect(cards()).toHaveLength(2));
    await waitFor(() => expect(sent).toEqual([{ method: 'DELETE', pubkey: 'adr_brooklyn' }]));
    // The server made the newest left (Austin) the primary: it comes first.
    await waitFor(() => expect(cards()[0]).toContain('500 Congress Ave'));
    expect(cards()[0]).toContain('Primary address');
  });

  it('no address yet: says so; the first one added, primary left unasked, is the primary (the server’s default)', async () => {
    const user = userInput();
    const { sent } = renderAddresses({ book: [] });
    expect(await screen.findByText('You have no saved addresses yet. Add one here, or at checkout.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add an address' }));
    const form = screen.getByRole('form', { name: 'New address' });
    await user.type(within(form).getByLabelText('Street address'), '9 Elm St');
    await user.type(within(form).getByLabelText('City'), 'Brooklyn');
    await user.selectOptions(within(form).getByLabelText('State'), 'NY');
    await user.type(within(form).getByLabelText('ZIP code'), '11201');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(sent[0]!.body).not.toHaveProperty('primary');
    expect(cards()[0]).toContain('Primary address');
  });

  it('"Make this my primary address" on a new one sends primary: true; it comes first', async () => {
    const user = userInput();
    const { sent } = renderAddresses();
    await user.click(await screen.findByRole('button', { name: 'Add an address' }));
    const form = screen.getByRole('form', { name: 'New address' });
    await user.type(within(form).getByLabelText('Street address'), '9 Elm St');
    await user.type(within(form).getByLabelText('City'), 'Dallas');
    await user.selectOptions(within(form).getByLabelText('State'), 'TX');
    await user.type(within(form).getByLabelText('ZIP code'), '75201');
    await user.click(within(form).getByLabelText('Make this my primary address'));
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(cards()).toHaveLength(4));
    expect(sent[0]!.body).toMatchObject({ primary: true });
    expect(cards()[0]).toContain('9 Elm St');
    expect(screen.getAllByText('Primary address')).toHaveLength(1);
  });

  it('a failed load says so, with Try again', async () => {
    const user = userInput();
    let calls = 0;
    renderAddresses();
    server.use(
      mocks.getAddresses(() => {
        calls += 1;
        // The session's own load (the first call) answers; the page's four attempts fail, then it answers again.
        return calls >= 2 && calls <= 5 ? mockError(500, { code: 'server_error', detail: 'Something went wrong.' }) : adaAddresses;
      }),
    );
    expect((await screen.findByRole('alert', {}, { timeout: 10_000 })).textContent).toContain('We couldn’t load your addresses.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cards()).toHaveLength(3));
  }, 20_000);

  it('signed out, or a guest: the way to sign in', async () => {
    renderAddresses({ signedIn: false });
    expect((await screen.findByRole('link', { name: 'Sign in' })).getAttribute('href')).toBe('/signin?next=%2Faccount%2Faddresses');
  });

  it('spec 001 §4 Account "Logout resets user state": signing out drops the addresses from the page', async () => {
    const { signOut } = renderAddresses();
    await waitFor(() => expect(cards()).toHaveLength(3));
    server.use(mocks.signOut(() => undefined as never));
    act(() => signOut());
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByText(/1 Main St/)).toBeNull();
  });
});

describe('the address calls (spec 001 §5, §7, §8)', () => {
  const api: AddressApi = {
    getAddresses: () => Promise.resolve([]),
    createAddress: () => Promise.reject(new Error('not called')),
    patchAddress: (pubkey, body) => Promise.resolve({ ...adaAddresses[0]!, ...body, pubkey } as Address),
    deleteAddress: () => Promise.resolve(undefined),
  };

  it('spec 001 §5: an update or a delete without a pubkey is refused with "address must have a pubkey prop", nothing sent', async () => {
    await expect(updateAddress(api, { city: 'Austin' })).rejects.toThrow(MISSING_PUBKEY);
    await expect(updateAddress(api, { pubkey: '', city: 'Austin' })).rejects.toThrow('address must have a pubkey prop');
    await expect(removeAddress(api, {})).rejects.toThrow('address must have a pubkey prop');
    await expect(removeAddress(api, { pubkey: null })).rejects.toThrow('address must have a pubkey prop');
    await expect(updateAddress(api, { pubkey: 'adr_austin', city: 'Dallas' })).resolves.toMatchObject({ pubkey: 'adr_austin', city: 'Dallas' });
    await expect(removeAddress(api, { pubkey: 'adr_austin' })).resolves.toBeUndefined();
  });

  it('spec 001 §3 User: addresses primary first, the others in the order given', () => {
    const [brooklyn, toronto, austin] = adaAddresses as [Address, Address, Address];
    expect(primaryFirst([toronto, austin, brooklyn]).map((a) => a.pubkey)).toEqual(['adr_brooklyn', 'adr_toronto', 'adr_austin']);
  });

  it('the optimistic changes leave the list they are given untouched', () => {
    const list = structuredClone(adaAddresses);
    const primary = applyAddressChange(list, { kind: 'primary', pubkey: 'adr_austin' })!;
    expect(primary.map((a) => [a.pubkey, a.primary])).toEqual([
      ['adr_austin', true],
      ['adr_brooklyn', false],
      ['adr_toronto', false],
    ]);
    expect(applyAddressChange(list, { kind: 'delete', pubkey: 'adr_toronto' })!.map((a) => a.pubkey)).toEqual(['adr_brooklyn', 'adr_austin']);
    const input: AddressInput = { address1: 'x', city: 'y', state: 'NY', zipcode: '10001', country: 'US' };
    expect(applyAddressChange(list, { kind: 'add', input })).toBe(list);
    expect(list).toEqual(adaAddresses);
  });
});
