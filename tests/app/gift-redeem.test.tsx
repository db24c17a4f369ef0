import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { GiftRedeemed } from '#api';
import { createMocks, mockError } from '../../api/client/mocks';
import { appTokens, loadAppServices } from '../../app/app-services';
import GiftRedeemRoute from '../../app/gift/redeem-route';
import { createSession, SessionProvider } from '../../app/session';
import { codeFromFragment, codeProblem, NO_REDEEMABLE_GIFT, redeemMessages } from '../../shop/gifts/redeem-code';
import { guestUser, sampleUser, tokenPairFor } from '../api/client-fixtures';
import { axeViolations } from './account-axe';

const server = setupServer();
const mocks = createMocks({ baseUrl: window.location.origin });
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
});
afterAll(() => server.close());

const CODE = 'K7QM-2XPR-9HTV-4WZB';
const STORED = 'shop.gift-redeem-code';

type Who = 'visitor' | 'guest' | 'customer';
type Answer = GiftRedeemed | Response | (() => GiftRedeemed | Response);

/** /gift/redeem (with `hash`) in the app's router and session, for `who`; records the bodies POSTed to /v1/gifts/redeem/. */
function renderRedeem({ who = 'customer', hash = '', answer }: { who?: Who; hash?: string; answer?: Answer } = {}) {
  const sent: unknown[] = [];
  if (who !== 'visitor') localStorage.setItem(who === 'guest' ? 'shop.tokens.guest' : 'shop.tokens.user', JSON.stringify(tokenPairFor(who)));
  server.use(
    mocks.getAccount(() => (who === 'guest' ? guestUser : sampleUser)),
    mocks.getAddresses(() => []),
    mocks.redeemGift(({ body }) => {
      sent.push(body);
      const reply = typeof answer === 'function' ? answer() : answer;
      return reply ?? { amount: 75, currency: 'USD', balance: 75 };
    }),
  );
  function Where() {
    const location = useLocation();
    return <p data-testid="where">{location.pathname + location.search + location.hash}</p>;
  }
  render(
    <MemoryRouter initialEntries={[`/gift/redeem${hash}`]}>
      <SessionProvider session={createSession(loadAppServices, appTokens)}>
        <Routes>
          <Route path="/gift/redeem" element={<GiftRedeemRoute />} />
          <Route path="/signin" element={<h1>Sign in</h1>} />
          <Route path="/collections/:name" element={<h1>A collection</h1>} />
        </Routes>
        <Where />
      </SessionProvider>
    </MemoryRouter>,
  );
  return sent;
}

const where = () => screen.getByTestId('where').textContent;
const codeField = () => screen.findByLabelText('Gift card code') as Promise<HTMLInputElement>;
const claim = () => fireEvent.click(screen.getByRole('button', { name: 'Claim my gift' }));
const noteOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby')!)!.textContent;

describe('/gift/redeem: the giftee claims a gift card (spec 001 §2 giftee variant, §8, §9 "Gift cards")', () => {
  it('the code is read from the fragment leniently, and checked before it is sent', () => {
    expect(codeFromFragment(`#code=${CODE}`)).toBe(CODE);
    expect(codeFromFragment('#code=%20k7qm%202xpr%209htv%204wzb%20')).toBe('k7qm 2xpr 9htv 4wzb');
    expect(codeFromFragment('#other=1')).toBeNull();
    expect(codeFromFragment('')).toBeNull();
    expect(codeFromFragment(`#code=${'A'.repeat(500)}`)).toHaveLength(100);
    expect(codeProblem('')).toBe(redeemMessages.missing);
    expect(codeProblem(' - ')).toBe(redeemMessages.missing);
    expect(codeProblem('K7QM-2XPR')).toBe(redeemMessages.format);
    expect(codeProblem('K7QM-2XPR-9HTV-4WZ!')).toBe(redeemMessages.format);
    expect(codeProblem('k7qm 2xpr 9htv 4wzb')).toBeNull();
    expect(codeProblem(CODE)).toBeNull();
  });

  it('§2: a visitor who opens the gift e-mail’s link is asked to sign in or create an account first; the code waits on the tab and leaves the address bar; nothing is sent', async () => {
    const sent = renderRedeem({ who: 'visitor', hash: `#code=${CODE}` });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Claim your gift');
    await waitFor(() => expect(document.title).toBe('Claim your gift | Formulary'));
    const signIn = await screen.findByRole('link', { name: 'Sign in or create an account' });
    expect(signIn.getAttribute('href')).toBe('/signin?next=%2Fgift%2Fredeem');
    expect(screen.getByText("We'll keep your code on this device while you sign in.")).toBeTruthy();
    await waitFor(() => expect(where()).toBe('/gift/redeem'));
    expect(sessionStorage.getItem(STORED)).toBe(CODE);
    expect(screen.queryByLabelText('Gift card code')).toBeNull();
    expect(sent).toEqual([]);
    expect(await axeViolations()).toEqual([]);
    fireEvent.click(signIn);
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(where()).toBe('/signin?next=%2Fgift%2Fredeem');
  });

  it('§2: a guest (credit belongs to an account) is asked to sign in too', async () => {
    const sent = renderRedeem({ who: 'guest', hash: `#code=${CODE}` });
    await screen.findByRole('link', { name: 'Sign in or create an account' });
    expect(sent).toEqual([]);
  });

  it('§9: back from signing in, the kept code is filled in; claiming it shows the amount credited, "It pays your next order" and the way to shop; the kept code is forgotten', async () => {
    sessionStorage.setItem(STORED, CODE);
    const sent = renderRedeem({ answer: { amount: 75, currency: 'USD', balance: 80.5 } });
    const input = await codeField();
    expect(input.value).toBe(CODE);
    expect([input.type, input.autocomplete, input.getAttribute('spellcheck')]).toEqual(['text', 'off', 'false']);
    expect(screen.getByText(sampleUser.email).closest('p')!.textContent).toBe(`The credit goes to the account of ${sampleUser.email}.`);
    expect(await axeViolations()).toEqual([]);
    claim();
    const done = await screen.findByRole('region', { name: '$75 credited to your account' });
    expect(sent).toEqual([{ code: CODE }]);
    expect(within(done).getByText('It pays your next order.')).toBeTruthy();
    expect(done.textContent).toContain('Your credit now: $80.50.');
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(
      within(done)
        .getAllByRole('link')
        .map((l) => [l.textContent, l.getAttribute('href')]),
    ).toEqual([
      ['Custom haircare', '/collections/haircare'],
      ['Custom skincare', '/collections/skincare'],
      ['Accessories', '/collections/accessories'],
    ]);
    expect(sessionStorage.getItem(STORED)).toBeNull();
    expect(await axeViolations()).toEqual([]);
  });

  it('§2: a signed-in giftee opening the link has the code filled in at once, out of the address bar', async () => {
    const sent = renderRedeem({ hash: `#code=${CODE}` });
    expect((await codeField()).value).toBe(CODE);
    await waitFor(() => expect(where()).toBe('/gift/redeem'));
    claim();
    await screen.findByRole('region', { name: '$75 credited to your account' });
    expect(sent).toEqual([{ code: CODE }]);
  });

  it('§5 bad input: no code, or not 16 letters and digits, says so on the field and sends nothing', async () => {
    const sent = renderRedeem();
    const input = await codeField();
    claim();
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(noteOf(input)).toBe('Enter the code from your gift e-mail.');
    expect(document.activeElement).toBe(input);
    fireEvent.change(input, { target: { value: 'K7QM-2XPR' } });
    expect(input.getAttribute('aria-invalid')).toBeNull();
    claim();
    await waitFor(() => expect(noteOf(input)).toBe('A gift card code has 16 letters and digits, like ABCD-EFGH-JKMN-PQRS.'));
    expect(sent).toEqual([]);
    expect(await axeViolations()).toEqual([]);
  });

  it('§8: a code no gift answers to reads "Sorry, no redeemable gift is associated to this account" on the field, and is not kept', async () => {
    sessionStorage.setItem(STORED, CODE);
    renderRedeem({ answer: mockError(404, { code: 'no_redeemable_gift', detail: NO_REDEEMABLE_GIFT }) });
    const input = await codeField();
    claim();
    await waitFor(() => expect(noteOf(input)).toBe('Sorry, no redeemable gift is associated to this account'));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input);
    expect(sessionStorage.getItem(STORED)).toBeNull();
    expect(screen.queryByRole('region', { name: /credited/ })).toBeNull();
  });

  it('§5: a gift card of another country (422 gift_other_country) and too many tries (429) show the server’s words; the code stays', async () => {
    const other = 'This gift card was bought in Canada and can be redeemed only on an account that shops in Canada.';
    sessionStorage.setItem(STORED, CODE);
    let reply: () => Response = () => mockError(422, { code: 'gift_other_country', detail: other });
    const sent = renderRedeem({ answer: () => reply() });
    const input = await codeField();
    claim();
    await waitFor(() => expect(noteOf(input)).toBe(other));
    expect(sessionStorage.getItem(STORED)).toBe(CODE);
    const tooMany = 'Too many tries to redeem a gift card. Try again in an hour.';
    reply = () => mockError(429, { code: 'rate_limited', detail: tooMany });
    claim();
    await waitFor(() => expect(noteOf(input)).toBe(tooMany), { timeout: 15_000 });
    expect(input.value).toBe(CODE);
    expect(sent.length).toBeGreaterThanOrEqual(2);
  });

  it('a guest’s session the server refuses (403 guest_account) is asked to sign in; no answer at all asks to try again', async () => {
    sessionStorage.setItem(STORED, CODE);
    let reply: () => Response = () => HttpResponse.error();
    renderRedeem({ answer: () => reply() });
    const input = await codeField();
    claim();
    await waitFor(() => expect(noteOf(input)).toBe(redeemMessages.unreachable), { timeout: 15_000 });
    reply = () => mockError(403, { code: 'guest_account', detail: 'Sign up or sign in to redeem a gift card: its credit stays on your account.' });
    claim();
    await screen.findByRole('link', { name: 'Sign in or create an account' });
  });
});
