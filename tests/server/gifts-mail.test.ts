import { and, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadCatalogue } from '../../server/catalog/load-catalogue';
import { seedCatalogue } from '../../server/catalog/seed-catalogue';
import type { MovableClock } from '../../server/clock';
import { creditLedger, gifts, orders, outbox, users } from '../../server/db/schema';
import { GIFT_CODE_LENGTH, giftCodeHash, newGiftCode, normalizeGiftCode } from '../../server/gifts/gift-code';
import { GIFT_MAIL_JOB, onGiftOrderPaid } from '../../server/gifts/gift-paid';
import { NO_REDEEMABLE_GIFT } from '../../server/gifts/redeem-gift';
import { sendGiftMail } from '../../server/gifts/send-gift-mail';
import { easternToday, giftSendAt, lastSendDay, tenAmEastern } from '../../server/gifts/send-time';
import { startSession } from '../../server/identity/start-session';
import { creditBalance } from '../../server/money/credit-ledger';
import { loadProfileFlows } from '../../server/profile/load-profile-flows';
import { capturedLog } from './support/captured-log';
import { describeEachDatabase } from './support/databases';
import { untilLockWaiters } from './support/lock-waits';
import { PUBLIC_URL, shopWithJobs, type ShopWithJobs } from './support/subscribers';
import { redactLogText, redactSecrets } from '../../server/mail/redact-secrets';

const flows = loadProfileFlows('flows');
// 2026-03-01 10 AM in New York (EST, UTC-5); daylight saving starts March 8 and ends November 1.
const START = new Date('2026-03-01T15:00:00Z');
const CODE = /\b[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}\b/;

it('§9: 10 AM US Eastern is 14:00 UTC under daylight saving and 15:00 UTC without, on each side of both changes', () => {
  expect(tenAmEastern('2026-03-07').toISOString()).toBe('2026-03-07T15:00:00.000Z');
  expect(tenAmEastern('2026-03-08').toISOString()).toBe('2026-03-08T14:00:00.000Z');
  expect(tenAmEastern('2026-03-09').toISOString()).toBe('2026-03-09T14:00:00.000Z');
  expect(tenAmEastern('2026-10-31').toISOString()).toBe('2026-10-31T14:00:00.000Z');
  expect(tenAmEastern('2026-11-01').toISOString()).toBe('2026-11-01T15:00:00.000Z');
  expect(easternToday(new Date('2026-11-02T04:30:00Z'))).toBe('2026-11-01'); // 11:30 PM EST
  expect(easternToday(new Date('2026-07-05T03:59:00Z'))).toBe('2026-07-04'); // 11:59 PM EDT
  expect(lastSendDay('2028-02-29')).toBe('2029-02-28');
  // Today (at any hour) or a day already past: at once, at the payment's time.
  const paid = new Date('2026-11-01T22:00:00Z');
  expect(giftSendAt('2026-11-01', paid)).toBe(paid);
  expect(giftSendAt('2026-10-30', paid)).toBe(paid);
  expect(giftSendAt('2026-11-02', paid).toISOString()).toBe('2026-11-02T15:00:00.000Z');
});

it('§9: codes carry 80 random bits in four groups of Crockford base32, typed back leniently, stored as sha256', () => {
  const codes = Array.from({ length: 500 }, () => newGiftCode());
  expect(new Set(codes).size).toBe(500);
  for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
  expect(GIFT_CODE_LENGTH * 5).toBe(80);
  // Case, spaces and dashes do not matter; O is read as 0, I and L as 1; anything else is not a code.
  expect(normalizeGiftCode(' 7kq2 m9xd-4trb-h1ce ')).toBe('7KQ2M9XD4TRBH1CE');
  expect(normalizeGiftCode('7KQ2-M9XD-4TRB-HICE')).toBe('7KQ2M9XD4TRBH1CE');
  expect(normalizeGiftCode('7KQ2-M9XD-4TRB-HLCE')).toBe('7KQ2M9XD4TRBH1CE');
  expect(normalizeGiftCode('7KQ2-M9XD-4TRB-H1CO')).toBe('7KQ2M9XD4TRBH1C0');
  expect(normalizeGiftCode('7KQ2-M9XD-4TRB-H1C')).toBeNull();
  expect(normalizeGiftCode('7KQ2-M9XD-4TRB-H1CU')).toBeNull();
  expect(giftCodeHash('7kq2m9xd4trbh1ce')).toBe(giftCodeHash('7KQ2-M9XD-4TRB-H1CE'));
  expect(giftCodeHash('7KQ2-M9XD-4TRB-H1CE')).toMatch(/^[0-9a-f]{64}$/);
});

it('a gift card’s code is redacted from log text, and from a mail once it is delivered (the outbox keeps no usable code)', () => {
  const code = newGiftCode();
  const mail = `Your gift card code: ${code}\nRedeem it: ${PUBLIC_URL}/gift/redeem#code=${code}`;
  expect(redactSecrets(mail)).toBe(`Your gift card code: [gift code]\nRedeem it: ${PUBLIC_URL}/gift/redeem#code=[gift code]`);
  expect(redactLogText(`failed for ${code}`)).toBe('failed for [gift code]');
});

describeEachDatabase('the gift e-mail and redeeming its code (issue 28 items 2-4; spec 001 §2 giftee, §5, §8, §9)', (database) => {
  const log = capturedLog();
  let shop: ShopWithJobs;
  let clock: MovableClock;
  let app: Hono;
  const db = () => database().db;

  beforeAll(async () => {
    await seedCatalogue(db(), loadCatalogue());
    shop = await shopWithJobs(database(), START, log.logger, flows);
    ({ clock, app } = shop);
  }, 60_000);
  afterAll(async () => {
    await shop?.close();
  });

  async function request(method: string, path: string, token: string | null, body?: unknown) {
    const response = await app.request(path, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as any };
  }

  /** A fresh access token for a user, by the shop's clock (the clock moves past a token's 15 minutes). */
  async function tokenOf(userId: number): Promise<string> {
    const [user] = await db().select().from(users).where(eq(users.id, userId));
    return (await startSession(db(), shop.services, { id: user!.id, pubkey: user!.pubkey, isGuest: user!.isGuest })).access;
  }

  /** A new customer (with a primary address in `country`); their id. */
  async function customer(country: 'US' | 'CA' = 'US'): Promise<number> {
    const email = `shopper.${Math.random().toString(36).slice(2)}@example.com`;
    const made = await request('POST', '/v1/auth/signup/', null, { email, first_name: 'Ada', has_accepted_terms: true });
    expect(made.status).toBe(201);
    const address =
      country === 'CA'
        ? { address1: '100 Queen St W', city: 'Toronto', state: 'ON', zipcode: 'M5H 2N2', country: 'CA', primary: true }
        : { address1: '1100 Congress Ave', city: 'Austin', state: 'TX', zipcode: '78701', country: 'US', primary: true };
    expect((await request('POST', '/v1/account/addresses', made.body.access, address)).status).toBe(201);
    const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
    return row!.id;
  }

  /** A gift bought and paid by a new customer of `country`: its row. */
  async function paidGift(fields: Record<string, unknown>, country: 'US' | 'CA' = 'US') {
    const gifterId = await customer(country);
    const token = await tokenOf(gifterId);
    const made = await request('POST', '/v1/gifts/', token, {
      amount: 100,
      occasion: 'just_because',
      message: 'For you <3',
      recipient_name: 'Grace',
      recipient_email: `grace.${Math.random().toString(36).slice(2)}@example.com`,
      sender_name: 'Ada',
      ...fields,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const card = await request('POST', '/v1/payments/test/tokenize', null, {
      card: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2030, cvc: '123', name: 'Ada Lovelace' },
    });
    const placed = await request('POST', '/v2/cart/place-order/', token, { payment: { token: card.body.token } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const [order] = await db().select().from(orders).where(eq(orders.pubkey, placed.body.pubkey));
    // The money path's paid outcome calls it (server/gifts/README.md); again here, it changes nothing.
    await db().transaction((tx) => onGiftOrderPaid(tx, { clock }, order!));
    const [gift] = await db().select().from(gifts).where(eq(gifts.pubkey, made.body.pubkey));
    expect(gift!.status).toBe('scheduled');
    return { gift: gift!, gifterId };
  }

  const mailsTo = (to: string) => db().select().from(outbox).where(eq(outbox.recipient, to));
  const codeIn = (text: string) => text.match(CODE)?.[0];

  it('§9 across both daylight-saving changes, by the shop’s clock (POST /dev/clock): a gift for March 9 is mailed at 14:00 UTC and one for November 1 at 15:00 UTC, not a minute before, once each', async () => {
    const march = await paidGift({ send_on: '2026-03-09', sender_name: 'Ada <b>&</b> "Bob"', message: 'Happy <script>alert(1)</script> day\nLove' });
    expect(march.gift.sendAt?.toISOString()).toBe('2026-03-09T14:00:00.000Z');

    const early = await request('POST', '/dev/clock', null, { now: '2026-03-09T13:59:00Z' });
    expect(early.status).toBe(200);
    expect(early.body.jobs_run.filter((j: { name: string }) => j.name === GIFT_MAIL_JOB)).toEqual([]);
    expect(await mailsTo(march.gift.recipientEmail)).toEqual([]);

    const due = await request('POST', '/dev/clock', null, { now: '2026-03-09T14:00:00Z' });
    expect(due.body.jobs_run).toContainEqual({ name: GIFT_MAIL_JOB, key: `gift:${march.gift.id}`, state: 'completed' });
    const [mail] = await mailsTo(march.gift.recipientEmail);
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe('Ada <b>&</b> "Bob" sent you a $100 gift card');
    const code = codeIn(mail!.textBody)!;
    expect(code).toMatch(CODE);
    expect(mail!.textBody).toContain('Happy <script>alert(1)</script> day\nLove');
    expect(mail!.textBody).toContain(`${PUBLIC_URL}/gift/redeem#code=${code}`);
    expect(mail!.htmlBody).toContain('Happy &#60;script&#62;alert(1)&#60;/script&#62; day');
    expect(mail!.htmlBody).toContain('Ada &#60;b&#62;&#38;&#60;/b&#62; &#34;Bob&#34; wrote:');
    expect(mail!.htmlBody).not.toContain('<script>');
    expect(mail!.htmlBody).toContain(code);
    const [sent] = await db().select().from(gifts).where(eq(gifts.id, march.gift.id));
    expect(sent).toMatchObject({ status: 'sent', codeHash: giftCodeHash(code) });
    expect(sent!.sentAt?.toISOString()).toBe('2026-03-09T14:00:00.000Z');
    // The job again (a retry, a second process): nothing more is written.
    expect(await sendGiftMail(db(), { publicUrl: PUBLIC_URL }, march.gift.id, clock.now())).toBe('already_sent');
    expect(await mailsTo(march.gift.recipientEmail)).toHaveLength(1);

    const november = await paidGift({ send_on: '2026-11-01' });
    expect(november.gift.sendAt?.toISOString()).toBe('2026-11-01T15:00:00.000Z');
    await request('POST', '/dev/clock', null, { now: '2026-11-01T14:59:00Z' });
    expect(await mailsTo(november.gift.recipientEmail)).toEqual([]);
    const autumn = await request('POST', '/dev/clock', null, { now: '2026-11-01T15:00:00Z' });
    expect(autumn.body.jobs_run).toContainEqual({ name: GIFT_MAIL_JOB, key: `gift:${november.gift.id}`, state: 'completed' });
    expect(await mailsTo(november.gift.recipientEmail)).toHaveLength(1);

    // The gifter sees when it went out, never the code.
    const listed = await request('GET', '/v1/gifts/', await tokenOf(november.gifterId));
    expect(listed.body.results[0]).toMatchObject({ status: 'sent', send_at: '2026-11-01T15:00:00.000Z', sent_at: '2026-11-01T15:00:00.000Z' });
    expect(JSON.stringify(listed.body)).not.toMatch(CODE);
  });

  it('§9: a gift for today is mailed at once: as soon as the shop’s due jobs run after the payment', async () => {
    const today = easternToday(clock.now());
    const { gift } = await paidGift({ send_on: today });
    expect(gift.sendAt?.getTime()).toBeLessThanOrEqual(clock.now().getTime());
    const ran = await request('POST', '/dev/clock', null, { now: clock.now().toISOString() });
    expect(ran.body.jobs_run).toContainEqual({ name: GIFT_MAIL_JOB, key: `gift:${gift.id}`, state: 'completed' });
    expect(await mailsTo(gift.recipientEmail)).toHaveLength(1);
  });

  /** Runs the gift's e-mail now and reads its code from the outbox. */
  async function mailedCode(giftId: number, to: string): Promise<string> {
    await sendGiftMail(db(), { publicUrl: PUBLIC_URL }, giftId, new Date(Math.max(clock.now().getTime(), Date.UTC(2027, 11, 31))));
    const [mail] = await mailsTo(to);
    return codeIn(mail!.textBody)!;
  }

  it('§2, §9: the giftee redeems the code once: the gift’s amount becomes their credit in its currency; again, or an unknown or missing code, is §8’s 404', async () => {
    const { gift, gifterId } = await paidGift({ send_on: '2026-12-24' });
    const code = await mailedCode(gift.id, gift.recipientEmail);
    const giftee = await customer('US');
    const token = await tokenOf(giftee);
    const redeemed = await request('POST', '/v1/gifts/redeem/', token, { code: code.toLowerCase().replace(/-/g, ' ') });
    expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
    expect(redeemed.body).toEqual({ amount: 100, currency: 'USD', balance: 100 });
    expect(await creditBalance(db(), giftee, 'USD')).toBe(10000);
    const rows = await db().select().from(creditLedger).where(eq(creditLedger.userId, giftee));
    expect(rows.map((r) => [r.kind, r.amount, r.giftId])).toEqual([['gift_card', 10000, gift.id]]);

    for (const body of [{ code }, { code: 'AAAA-BBBB-CCCC-DDDD' }, { code: 'nonsense' }, {}]) {
      const refused = await request('POST', '/v1/gifts/redeem/', token, body);
      expect(refused.status, JSON.stringify(body)).toBe(404);
      expect(refused.body).toEqual({ code: 'no_redeemable_gift', detail: NO_REDEEMABLE_GIFT });
    }
    expect(await creditBalance(db(), giftee, 'USD')).toBe(10000);
    expect((await request('GET', `/v1/gifts/${gift.pubkey}`, await tokenOf(gifterId))).body.status).toBe('redeemed');
    // The giftee did not buy it: to them it is not theirs to read.
    expect((await request('GET', `/v1/gifts/${gift.pubkey}`, token)).status).toBe(404);
  });

  it('§5: a gift card is redeemable only in its country of purchase: a US gift on a Canadian account is a clear 422, and stays redeemable', async () => {
    const { gift } = await paidGift({ send_on: '2026-12-25' }, 'US');
    const code = await mailedCode(gift.id, gift.recipientEmail);
    const canadian = await customer('CA');
    const refused = await request('POST', '/v1/gifts/redeem/', await tokenOf(canadian), { code });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('gift_other_country');
    expect(refused.body.detail).toMatch(/United States/);
    expect(await creditBalance(db(), canadian, 'USD')).toBe(0);
    const [still] = await db().select().from(gifts).where(eq(gifts.id, gift.id));
    expect(still!.status).toBe('sent');
    // A Canadian gift is in CAD, for a Canadian account.
    const fromCanada = await paidGift({ send_on: '2026-12-26', amount: 50 }, 'CA');
    expect(fromCanada.gift).toMatchObject({ currency: 'CAD', amount: 5000, country: 'CA' });
    const caCode = await mailedCode(fromCanada.gift.id, fromCanada.gift.recipientEmail);
    const ok = await request('POST', '/v1/gifts/redeem/', await tokenOf(canadian), { code: caCode });
    expect(ok.body).toEqual({ amount: 50, currency: 'CAD', balance: 50 });
  });

  it('§9: two accounts racing with one code get it credited once: the second waits for the gift’s row and finds it redeemed (404)', async () => {
    const { gift } = await paidGift({ send_on: '2026-12-27' });
    const code = await mailedCode(gift.id, gift.recipientEmail);
    const [first, second] = [await customer('US'), await customer('US')];
    const tokens = [await tokenOf(first), await tokenOf(second)];
    let answers: Promise<{ status: number; body: any }>[] = [];
    if (database().driver === 'postgres') {
      // Forced: both requests reach the gift's row while it is held, so both wait; released, they go one by one.
      await db().transaction(async (tx) => {
        await tx.select().from(gifts).where(eq(gifts.id, gift.id)).for('update');
        answers = tokens.map((token) => request('POST', '/v1/gifts/redeem/', token, { code }));
        await untilLockWaiters(db(), 2);
      });
    } else {
      answers = tokens.map((token) => request('POST', '/v1/gifts/redeem/', token, { code }));
    }
    const statuses = (await Promise.all(answers)).map((a) => a.status).sort();
    expect(statuses).toEqual([200, 404]);
    const credits = await db().select().from(creditLedger).where(eq(creditLedger.giftId, gift.id));
    expect(credits).toHaveLength(1);
    expect((await creditBalance(db(), first, 'USD')) + (await creditBalance(db(), second, 'USD'))).toBe(10000);
  });

  it('guests sign up first (403); redeeming is limited per account (429 after 10 tries an hour), whatever the codes', async () => {
    const guest = await request('POST', '/v1/auth/signup/guest/', null);
    const asGuest = await request('POST', '/v1/gifts/redeem/', guest.body.access, { code: 'AAAA-BBBB-CCCC-DDDD' });
    expect(asGuest.status).toBe(403);
    expect(asGuest.body.code).toBe('guest_account');
    const token = await tokenOf(await customer('US'));
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await request('POST', '/v1/gifts/redeem/', token, { code: `AAAA-BBBB-CCCC-${String(i).padStart(4, '0')}` })).status);
    expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('no code, gift link or e-mail address of a gift reaches the log', async () => {
    const codes = (await db().select({ text: outbox.textBody }).from(outbox).where(eq(outbox.kind, 'gift_card'))).map((m) => codeIn(m.text)!);
    expect(codes.length).toBeGreaterThan(0);
    const written = log.text();
    for (const code of codes) {
      expect(written).not.toContain(code);
      expect(written).not.toContain(code.replace(/-/g, ''));
    }
    expect(written).not.toContain('/gift/redeem#code=');
    const recipients = await db()
      .select({ to: gifts.recipientEmail })
      .from(gifts)
      .where(and(eq(gifts.status, 'sent')));
    for (const { to } of recipients) expect(written).not.toContain(to);
  });
});
