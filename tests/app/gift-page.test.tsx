import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ApiError } from '#api/client';
import GiftRoute from '../../app/gift/gift-route';
import type { GiftApi } from '../../app/gift/gift-api';
import { giftPurchase, resetGiftPurchase } from '../../shop/gifts/gift-purchase';
import { axeViolations } from './account-axe';

/** The day the tests run on: 3 PM UTC, 10 AM in New York. */
const now = () => new Date('2026-11-27T15:00:00Z');
type Request = Parameters<GiftApi['createGift']>[0];

function CheckoutPage() {
  const { pathname, search } = useLocation();
  return <h1>Checkout at {pathname + search}</h1>;
}

/** /gift in the app's router, over a gift API that records what it was sent. */
function renderGift(answer: (request: Request) => Promise<{ pubkey: string }> = async () => ({ pubkey: 'gift_123' })) {
  const sent: Request[] = [];
  const giftApi: GiftApi = { createGift: (request) => (sent.push(request), answer(request)) };
  render(
    <MemoryRouter initialEntries={['/gift']}>
      <Routes>
        <Route path="/gift" element={<GiftRoute giftApi={giftApi} now={now} />} />
        <Route path="/checkout/:category" element={<CheckoutPage />} />
      </Routes>
    </MemoryRouter>,
  );
  return sent;
}

const form = () => screen.getByRole('form', { name: 'Your gift card' });
const field = (name: string | RegExp) => within(form()).getByLabelText(name) as HTMLInputElement;
const type = (name: string | RegExp, value: string) => fireEvent.change(field(name), { target: { value } });
const submit = () => fireEvent.click(within(form()).getByRole('button', { name: /Continue to payment/ }));

function fill() {
  fireEvent.click(screen.getByRole('radio', { name: '$100' }));
  fireEvent.click(screen.getByRole('radio', { name: 'Birthday' }));
  type("Recipient's name", 'Sam Lee');
  type("Recipient's e-mail", 'sam@example.com');
  type('Your name', 'Alex');
}

afterEach(() => resetGiftPurchase());

describe('/gift: the gift card landing page (spec 001 §2 "Gift card landing page")', () => {
  it('§2: the hero, how it works in three steps, "Choose your gift amount" with what a gift card buys, the form, press quotes and the FAQ', async () => {
    renderGift();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Give a routine made for them alone');
    await waitFor(() => expect(document.title).toBe('Digital gift card | Formulary'));
    expect(screen.getByRole('link', { name: 'Send a gift card' }).getAttribute('href')).toBe('#gift-amounts');
    expect(within(screen.getByRole('region', { name: 'How it works' })).getAllByRole('heading', { level: 3 })).toHaveLength(3);
    const amounts = screen.getByRole('region', { name: 'Choose your gift amount' });
    expect(amounts.textContent).toContain('Gift cards buy custom haircare, skincare or accessories such as hair towels and candles.');
    expect(
      within(amounts)
        .getAllByRole('link')
        .map((l) => l.getAttribute('href')),
    ).toEqual(['/collections/haircare', '/collections/skincare', '/collections/accessories']);
    expect(within(amounts).getByRole('form', { name: 'Your gift card' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'What the press says' })).getAllByRole('listitem')).toHaveLength(3);
    const faq = screen.getByRole('region', { name: 'Frequently asked questions' });
    expect(within(faq).getByText('Does a gift card expire?')).toBeTruthy();
    expect(within(faq).getByRole('link', { name: 'custom haircare' }).getAttribute('href')).toBe('/collections/haircare');
    expect(await axeViolations()).toEqual([]);
  });

  it('§9: the amount is a radio group of $50, $75, $100 and $150 only, none chosen at first; the occasions read as words', () => {
    renderGift();
    const amount = screen.getByRole('group', { name: 'Amount' });
    const radios = within(amount).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => r.labels?.[0]?.textContent)).toEqual(['$50', '$75', '$100', '$150']);
    expect(radios.some((r) => r.checked)).toBe(false);
    const occasions = within(screen.getByRole('group', { name: 'Occasion' })).getAllByRole('radio') as HTMLInputElement[];
    expect(occasions.map((r) => [r.value, r.labels?.[0]?.textContent, r.checked])).toEqual([
      ['holidays', 'Holidays', true],
      ['birthday', 'Birthday', false],
      ['just_because', 'Just because', false],
      ['graduation', 'Graduation', false],
    ]);
  });

  it('§9: the send date is a native date input, today (US Eastern) by default, from today to a year ahead, with when it is sent', () => {
    renderGift();
    const date = field('Send on');
    expect([date.type, date.value, date.min, date.max]).toEqual(['date', '2026-11-27', '2026-11-27', '2027-11-27']);
    expect(document.getElementById(date.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Sent at 10 AM Eastern on that day, or right away if it is today.',
    );
  });

  it('§3: each occasion fills the message with its default message, until the shopper writes their own', () => {
    renderGift();
    const message = () => field('Message');
    expect(message().value).toBe("Happy holidays! Here's to a routine made just for you in the new year.");
    fireEvent.click(screen.getByRole('radio', { name: 'Graduation' }));
    expect(message().value).toBe('Congratulations, graduate! Start this new chapter with a routine made just for you.');
    type('Message', 'So proud of you, Sam.');
    fireEvent.click(screen.getByRole('radio', { name: 'Birthday' }));
    expect(message().value).toBe('So proud of you, Sam.');
    expect((screen.getByRole('radio', { name: 'Birthday' }) as HTMLInputElement).checked).toBe(true);
  });

  it('an incomplete form sends nothing: each field says what is missing, summed up above the form and focused', async () => {
    const sent = renderGift();
    type('Send on', '2026-11-26');
    submit();
    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(
      within(summary)
        .getAllByRole('link')
        .map((l) => l.getAttribute('href')),
    ).toEqual(['#gift-amount-50', '#gift-recipient-name', '#gift-recipient-email', '#gift-sender-name', '#gift-send-on']);
    expect(screen.getByRole('group', { name: 'Amount' }).textContent).toContain('Choose an amount.');
    expect(field("Recipient's name").getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field('Send on').getAttribute('aria-describedby')!)!.textContent).toMatch(/cannot be sent in the past/);
    expect(sent).toEqual([]);
    expect(await axeViolations()).toEqual([]);
    // Pressed again with a problem left, the summary is announced and focused again.
    fireEvent.click(screen.getByRole('radio', { name: '$50' }));
    field('Your name').focus();
    submit();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')));
    expect(within(screen.getByRole('alert')).queryByRole('link', { name: 'Choose an amount.' })).toBeNull();
  });

  it("§4, §7: a complete form POSTs the gift, stores the created gift's pubkey and goes on to the gifter's checkout", async () => {
    const sent = renderGift();
    fill();
    submit();
    await screen.findByRole('heading', { name: 'Checkout at /checkout/gift?gift=gifter' });
    expect(sent).toEqual([
      {
        amount: 100,
        occasion: 'birthday',
        message: 'Happy birthday! Treat yourself to something made just for you.',
        recipient_name: 'Sam Lee',
        recipient_email: 'sam@example.com',
        sender_name: 'Alex',
        send_on: '2026-11-27',
      },
    ]);
    expect(giftPurchase()).toBe('gift_123');
  });

  it('while the gift is being created the button says so and a second press sends nothing more', async () => {
    let answer: (value: { pubkey: string }) => void = () => {};
    const sent = renderGift(() => new Promise((done) => (answer = done)));
    fill();
    submit();
    const button = await within(form()).findByRole('button', { name: /Creating your gift card/ });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);
    expect(sent).toHaveLength(1);
    answer({ pubkey: 'gift_9' });
    await screen.findByRole('heading', { name: /Checkout at/ });
  });

  it("§8: the server's field errors (400 fields) show on their fields, and nothing is stored", async () => {
    renderGift(async () => {
      throw new ApiError({
        status: 400,
        code: 'validation_error',
        detail: 'Invalid input.',
        fields: { recipient_email: ['This address cannot receive mail.'] },
      });
    });
    fill();
    submit();
    await waitFor(() => expect(field("Recipient's e-mail").getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(field("Recipient's e-mail").getAttribute('aria-describedby')!)!.textContent).toBe('This address cannot receive mail.');
    expect(within(screen.getByRole('alert')).getByRole('link', { name: 'This address cannot receive mail.' })).toBeTruthy();
    expect(field("Recipient's name").value).toBe('Sam Lee');
    expect(giftPurchase()).toBeNull();
    expect(screen.queryByRole('heading', { name: /Checkout at/ })).toBeNull();
  });

  it("§8: any other refusal shows at the form with the server's words; a failure to reach the shop asks to try again", async () => {
    let failure: ApiError = new ApiError({ status: 409, code: 'order_in_progress', detail: 'Your cart is being checked out: try again in a moment.' });
    const sent = renderGift(async () => {
      throw failure;
    });
    fill();
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Your cart is being checked out: try again in a moment.');
    failure = new ApiError({ status: 0, code: 'network_error', detail: 'The network request failed.' });
    submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/couldn't reach the shop.*nothing was charged/));
    expect(sent).toHaveLength(2);
    expect(await axeViolations()).toEqual([]);
  });
});
