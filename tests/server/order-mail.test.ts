import { existsSync } from 'node:fs';
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../server/catalog/load-catalogue';
import { seedCatalogue } from '../../server/catalog/seed-catalogue';
import { orders, outbox, users } from '../../server/db/schema';
import { mailPictureUrl, orderConfirmationMail } from '../../server/orders/order-mail';
import type { OrderMailLine } from '../../server/orders/order-mail-lines';
import type { OrderRow } from '../../server/orders/order-view';
import { loadProfileFlows } from '../../server/profile/load-profile-flows';
import { defaultRateLimits } from '../../server/config';
import { describeEachDatabase } from './support/databases';
import { cardToken, placeOrder, shopperAtCheckout } from './support/checkout-shopper';
import { createTestApp, testClock, TEST_SECRET, type TestApp } from './support/test-app';

/** An order as its row is, with every field a secret could hide in filled. */
const order = {
  id: 7,
  pubkey: 'ord_pub_123',
  serialNo: 100042,
  currency: 'USD',
  totalAmount: 8_640,
  chargeId: 'ch_secret_charge_9f8e7d',
  cardBrand: 'visa',
  cardLast4: '4242',
  actionUrl: 'https://bank.test/3ds?token=sk_live_abcdefghijklmnopqrstuvwxyz012345',
  idempotencyKey: 'idem-key-secret-42',
  requestHash: 'hash-secret-deadbeef',
  paymentProvider: 'test',
} as unknown as OrderRow;

const lines: OrderMailLine[] = [
  { label: 'Custom Shampoo', quantity: 1, totalPrice: 3_200, picture: { src: '/media/card-shampoo.svg', alt: 'Custom Shampoo bottle' } },
  { label: 'Custom Conditioner', quantity: 2, totalPrice: 5_440, picture: { src: '/media/card-conditioner.svg', alt: 'Custom Conditioner bottle' } },
  { label: 'Arcadia candle', quantity: 1, totalPrice: 5_200, picture: null },
];

/** The <img> tags of a mail's HTML, as [src, alt, width, height]. */
const imagesOf = (html: string) =>
  [...html.matchAll(/<img src="([^"]+)" width="(\d+)" height="(\d+)" alt="([^"]*)"/g)].map(([, src, w, h, alt]) => ({ src, alt, w, h }));

describe('the order confirmation mail: each line with its picture (issue 25)', () => {
  const mail = orderConfirmationMail('rosa@example.com', 'Rosa', order, 'https://shop.example.com', lines);

  it('names every line in the HTML with its picture: an absolute PNG URL from the shop’s public URL, its alt, its size', () => {
    const html = mail.html!;
    for (const line of lines) expect(html).toContain(line.label);
    expect(imagesOf(html)).toEqual([
      { src: 'https://shop.example.com/media/mail/card-shampoo.png', alt: 'Custom Shampoo bottle', w: '80', h: '80' },
      { src: 'https://shop.example.com/media/mail/card-conditioner.png', alt: 'Custom Conditioner bottle', w: '80', h: '80' },
    ]);
    // A line without a picture is still listed, with its price; no broken image.
    expect(html).toMatch(/Arcadia candle<\/td><td[^>]*>\$52<\/td>/);
    expect(html).toContain('× 2');
    expect(html).toContain('$86.40');
    expect(html).not.toMatch(/\.svg/);
  });

  it('says the same in its text part: every line, its quantity and price, the total and where to follow the order', () => {
    expect(mail.text).toContain('- Custom Shampoo: $32');
    expect(mail.text).toContain('- Custom Conditioner × 2: $54.40');
    expect(mail.text).toContain('- Arcadia candle: $52');
    expect(mail.text).toContain('your order 100042 ($86.40)');
    expect(mail.text).toContain('https://shop.example.com/account/orders/ord_pub_123');
    expect(mail.html).toContain('href="https://shop.example.com/account/orders/ord_pub_123"');
  });

  it('lets no secret reach the mail: no card number, charge, bank link, idempotency key or request hash', () => {
    for (const part of [mail.text, mail.html!]) {
      for (const secret of ['4242', 'ch_secret', 'bank.test', 'token=', 'sk_live', 'idem-key', 'hash-secret', TEST_SECRET]) expect(part).not.toContain(secret);
    }
  });

  it('escapes what the shopper typed (a first name) and what the catalogue says (a label, an alt)', () => {
    const hostile = orderConfirmationMail('x@example.com', '<script>alert(1)</script>', order, 'https://shop.example.com', [
      { label: 'A "quoted" <b>label</b>', quantity: 1, totalPrice: 100, picture: { src: '/media/card-shampoo.svg', alt: '" onerror="alert(1)' } },
    ]);
    expect(hostile.html).not.toContain('<script>');
    expect(hostile.html).not.toContain('<b>');
    expect(hostile.html).not.toContain('" onerror="');
    expect(hostile.html).toContain('&#60;script&#62;');
  });

  it('shows only pictures it has a mail copy of: a catalogue SVG under /media/, never another host or a path outside it', () => {
    expect(mailPictureUrl('/media/card-brush.svg', 'https://shop.example.com')).toBe('https://shop.example.com/media/mail/card-brush.png');
    expect(mailPictureUrl('https://cdn.example.com/x.svg', 'https://shop.example.com')).toBeNull();
    expect(mailPictureUrl('/media/../secrets.svg', 'https://shop.example.com')).toBeNull();
    // Every catalogue picture has its PNG (npm run artwork writes them; tests/shop/artwork.test.ts checks they are current).
    for (const product of loadCatalogue().products) {
      const src = product.picture?.src;
      if (src) expect(existsSync(`public${new URL(mailPictureUrl(src, 'https://x.test')!).pathname}`), src).toBe(true);
    }
  });
});

describeEachDatabase('the order confirmation mail of a paid order (spec 001 §4 Checkout and payment; issue 25)', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    await seedCatalogue(database().db, loadCatalogue());
    t = createTestApp(database().db, {
      flows: loadProfileFlows('flows'),
      clock: testClock(new Date('2026-07-15T12:00:00Z')),
      config: { rateLimits: { ...defaultRateLimits, cardTokensPerIp: { limit: 100, windowSeconds: 900 } } },
    });
  });

  it('lists every ordered line with its picture’s absolute URL and alt, and no card number', async () => {
    const token = await shopperAtCheckout(t);
    const placed = await placeOrder(t, token, { category: 'haircare', payment: { token: await cardToken(t, '4242424242424242'), save_card: false } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const [row] = await database().db.select().from(orders).where(eq(orders.pubkey, placed.body.pubkey));
    const [customer] = await database().db.select().from(users).where(eq(users.id, row!.userId));
    // The confirmation among the shopper's mail (a subscription's own mail may follow it).
    const [mail] = await database()
      .db.select()
      .from(outbox)
      .where(and(eq(outbox.recipient, customer!.email!), eq(outbox.kind, 'order_confirmation')))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(mail!.kind).toBe('order_confirmation');
    const html = mail!.htmlBody!;
    const pictures = imagesOf(html);
    expect(placed.body.items.length).toBeGreaterThan(0);
    for (const item of placed.body.items as { variant: { type: string; label: string } }[]) {
      const entry = loadCatalogue().products.find((p) => p.type === item.variant.type);
      expect(html, item.variant.type).toContain(item.variant.label.replace(/'/g, '&#39;'));
      if (entry?.picture)
        expect(pictures, item.variant.type).toContainEqual({
          src: mailPictureUrl(entry.picture.src, 'https://shop.test'),
          alt: entry.picture.alt,
          w: '80',
          h: '80',
        });
    }
    for (const part of [mail!.textBody, html]) expect(part).not.toContain('4242');
  });

  it('serves the mail pictures so a mail client on another origin may show them; every other file stays same-origin', async () => {
    const web = createTestApp(database().db, { config: { webRoot: 'public' } });
    const picture = await web.app.request('/media/mail/card-shampoo.png');
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect(picture.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const card = await web.app.request('/media/card-shampoo.svg');
    expect(card.status).toBe(200);
    expect(card.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    const api = await web.app.request('/healthz');
    expect(api.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });
});
