import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ApiError } from '#api/client';
import { checkAllSitePages, checkSiteSource } from '../../shop/content/check-content';
import type { GiftContent } from '../../shop/content/site-schema';
import {
  checkGiftForm,
  defaultMessages,
  giftFormReducer,
  giftRequest,
  initialGiftForm,
  type GiftForm,
  type GiftFormAction,
  type GiftFormState,
} from '../../shop/gifts/gift-form';
import { giftErrorOf } from '../../shop/gifts/gift-errors';
import { easternToday, giftAmounts, giftOccasions, lastSendDate, MESSAGE_MAX, NAME_MAX } from '../../shop/gifts/gift-rules';
import { GIFT_AMOUNTS, GIFT_MESSAGE_MAX, GIFT_NAME_MAX, giftOccasion } from '../../api/schemas/gifts';

const giftFile = 'shop/content/site/gift.yaml';
const giftText = readFileSync(giftFile, 'utf8');
const content = checkSiteSource('gift', giftText, giftFile).page as GiftContent;
const messages = defaultMessages(content);
const reduce = giftFormReducer(messages);
const run = (state: GiftFormState, ...actions: GiftFormAction[]) => actions.reduce(reduce, state);
const today = '2026-11-27';
const filled: GiftForm = {
  amount: 100,
  occasion: 'birthday',
  message: 'Happy birthday!',
  recipient_name: 'Sam',
  recipient_email: 'sam@example.com',
  sender_name: 'Alex',
  send_on: today,
};

describe('the gift page content (spec 001 §2 "Gift card landing page")', () => {
  it('gift.yaml is checked content with no problem: hero, three steps, what a gift card buys, four occasions, press, FAQ', () => {
    expect(checkAllSitePages(process.cwd())).toEqual([]);
    expect(content.steps.items).toHaveLength(3);
    expect(content.amounts.title).toBe('Choose your gift amount');
    expect(content.amounts.buys.map((b) => b.link.to)).toEqual(['/collections/haircare', '/collections/skincare', '/collections/accessories']);
  });

  it('a broken gift.yaml is reported at its file:line:column, with what was expected', () => {
    const broken = giftText.replace('  - occasion: graduation', '  - occasion: retirement');
    const { page, problems } = checkSiteSource('gift', broken, giftFile);
    expect(page).toBeUndefined();
    const line = broken.split('\n').findIndex((l) => l.includes('occasion: retirement')) + 1;
    expect(problems[0]?.location).toMatchObject({ file: giftFile, line, column: 15 });
    expect(problems[0]?.message).toMatch(/holidays.*birthday.*just_because.*graduation/);
    const twice = giftText.replace('  - occasion: graduation', '  - occasion: birthday');
    expect(checkSiteSource('gift', twice, giftFile).problems[0]?.message).toBe('Expected each occasion once.');
    const fourSteps = giftText.replace('    - title: They make it theirs', '    - title: Extra\n      text: One more.\n    - title: They make it theirs');
    expect(checkSiteSource('gift', fourSteps, giftFile).problems[0]?.message).toBe('Expected three steps.');
  });
});

describe('the gift form (spec 001 §3 "Gifts and promotions": occasions with default messages)', () => {
  it('§3: an empty form has no amount, the first occasion (holidays) and its default message, sent today', () => {
    const { form, messageEdited } = initialGiftForm(messages, today);
    expect(form).toMatchObject({ amount: null, occasion: 'holidays', message: messages.holidays, send_on: today });
    expect(messageEdited).toBe(false);
  });

  it('§3: choosing an occasion fills the message with its default message while the shopper has not written their own', () => {
    const state = run(initialGiftForm(messages, today), { type: 'occasion', occasion: 'graduation' });
    expect(state.form.message).toBe(messages.graduation);
    expect(run(state, { type: 'occasion', occasion: 'just_because' }).form.message).toBe(messages.just_because);
  });

  it('§3: a message the shopper edited is kept when the occasion changes', () => {
    const edited = run(
      initialGiftForm(messages, today),
      { type: 'text', field: 'message', value: 'Love you, Sam.' },
      { type: 'occasion', occasion: 'birthday' },
    );
    expect(edited.form).toMatchObject({ occasion: 'birthday', message: 'Love you, Sam.' });
    expect(edited.messageEdited).toBe(true);
  });

  it("§3: a message typed back to the occasion's own words, or emptied, is replaced by the next occasion's", () => {
    const back = run(
      initialGiftForm(messages, today),
      { type: 'text', field: 'message', value: 'x' },
      { type: 'text', field: 'message', value: messages.holidays },
      { type: 'occasion', occasion: 'birthday' },
    );
    expect(back.form.message).toBe(messages.birthday);
    const emptied = run(initialGiftForm(messages, today), { type: 'text', field: 'message', value: '  ' }, { type: 'occasion', occasion: 'graduation' });
    expect(emptied.form.message).toBe(messages.graduation);
  });

  it("a change clears its own field's error only", () => {
    const state = run(
      initialGiftForm(messages, today),
      { type: 'errors', errors: { amount: 'Choose an amount.', sender_name: 'Enter your name.' } },
      { type: 'amount', amount: 50 },
    );
    expect(state.errors).toEqual({ sender_name: 'Enter your name.' });
  });
});

describe('the form\'s own checks (spec 001 §9 "Gift cards and gift sets")', () => {
  it("the form's amounts, occasions and limits are the contract's (api/schemas/gifts.ts), kept apart so no zod reaches the page", () => {
    expect(giftAmounts).toEqual(GIFT_AMOUNTS);
    expect(giftOccasions).toEqual(giftOccasion.options);
    expect([MESSAGE_MAX, NAME_MAX]).toEqual([GIFT_MESSAGE_MAX, GIFT_NAME_MAX]);
  });

  it('§9: a filled form has no problem; every field empty names each one', () => {
    expect(checkGiftForm(filled, today)).toEqual({});
    const empty = checkGiftForm({ ...initialGiftForm(messages, today).form, message: '', send_on: '' }, today);
    expect(Object.keys(empty)).toEqual(['amount', 'message', 'recipient_name', 'recipient_email', 'sender_name', 'send_on']);
  });

  it('§9: the amount is $50, $75, $100 or $150 only', () => {
    for (const amount of [50, 75, 100, 150] as const) expect(checkGiftForm({ ...filled, amount }, today)).toEqual({});
    expect(checkGiftForm({ ...filled, amount: 60 as never }, today).amount).toBe('Choose an amount.');
  });

  it('§9: the send date is today up to a year ahead, never in the past', () => {
    expect(checkGiftForm({ ...filled, send_on: '2027-11-27' }, today)).toEqual({});
    expect(checkGiftForm({ ...filled, send_on: '2026-11-26' }, today).send_on).toMatch(/cannot be sent in the past/);
    expect(checkGiftForm({ ...filled, send_on: '2027-11-28' }, today).send_on).toMatch(/within a year/);
    expect(lastSendDate('2028-02-29')).toBe('2029-02-28');
  });

  it('§9: "today" is the day in US Eastern time, where the gift e-mails are sent at 10 AM', () => {
    expect(easternToday(new Date('2026-11-28T03:00:00Z'))).toBe('2026-11-27');
    expect(easternToday(new Date('2026-11-28T05:00:00Z'))).toBe('2026-11-28');
    // Summer time: UTC-4.
    expect(easternToday(new Date('2026-07-01T03:59:00Z'))).toBe('2026-06-30');
    expect(easternToday(new Date('2026-07-01T04:00:00Z'))).toBe('2026-07-01');
  });

  it('an e-mail must look like one; the message holds at most 500 characters, a name 100', () => {
    expect(checkGiftForm({ ...filled, recipient_email: 'sam@' }, today).recipient_email).toMatch(/name@example.com/);
    expect(checkGiftForm({ ...filled, message: 'a'.repeat(501) }, today).message).toMatch(/500 characters/);
    expect(checkGiftForm({ ...filled, message: 'a'.repeat(500), recipient_name: 'a'.repeat(100) }, today)).toEqual({});
    expect(checkGiftForm({ ...filled, recipient_name: 'a'.repeat(101) }, today).recipient_name).toMatch(/100 characters/);
    expect(checkGiftForm({ ...filled, sender_name: 'a'.repeat(101) }, today).sender_name).toMatch(/100 characters/);
  });

  it('the body sent trims names and e-mail', () => {
    expect(giftRequest({ ...filled, recipient_name: ' Sam ', recipient_email: ' sam@example.com ', sender_name: ' Alex ' })).toEqual(filled);
  });
});

describe('spec 001 §8 "Gift creation error: exposed to the gift screen"', () => {
  it('a 400 with fields shows each on its field; a field the form does not have shows at the form', () => {
    const error = new ApiError({
      status: 400,
      code: 'validation_error',
      detail: 'Invalid.',
      fields: { recipient_email: ['Enter a valid e-mail.'], send_on: ['Too late.'] },
    });
    expect(giftErrorOf(error)).toEqual({ fields: { recipient_email: 'Enter a valid e-mail.', send_on: 'Too late.' }, message: null });
    const other = new ApiError({ status: 400, code: 'validation_error', detail: 'Invalid.', fields: { currency: ['Gift cards are sold in USD.'] } });
    expect(giftErrorOf(other)).toEqual({ fields: {}, message: 'Gift cards are sold in USD.' });
  });

  it('another refusal shows its detail at the form; no answer or a server failure asks to try again', () => {
    expect(giftErrorOf(new ApiError({ status: 422, code: 'validation_error', detail: 'Gift cards cannot be bought from your country.' })).message).toBe(
      'Gift cards cannot be bought from your country.',
    );
    expect(giftErrorOf(new ApiError({ status: 503, code: 'server_error', detail: 'db down' })).message).toMatch(/couldn't reach the shop.*try again/);
    expect(giftErrorOf(new ApiError({ status: 0, code: 'network_error', detail: 'The network request failed.' })).message).toMatch(/try again/);
  });
});
