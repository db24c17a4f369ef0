/**
 * @module server/subscriptions/create: a shopper makes a subscription from their account (spec 001 §4 Subscriptions
 * "Create", §7 POST /v2/subscriptions; README.md "Create and upsells"). Everything is checked before anything is
 * written (one 400 naming every bad field, nothing saved); in one transaction with the customer locked, a current
 * subscription of the category and sub-category already there is 422 `subscription_exists` (so two identical creates
 * at once make one: the second waits for the first's lock, then finds it). Nothing is charged now: each product's
 * first delivery is next_start, charged then by the renewal job, scheduled in the same transaction; the created
 * mail goes through the outbox.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Subscription, SubscriptionCreatePreviewRequest, SubscriptionCreateRequest, SubscriptionPreview } from '#api';
import { lockUser } from '../account/lock-user';
import type { Database } from '../db/database';
import { subscriptionProducts, subscriptions, users, type SubscriptionCategory, type SubscriptionSubCategory } from '../db/schema';
import type { ShippingAddress } from '../db/schema/orders';
import { ApiError, validationError, type FieldErrors } from '../http/api-error';
import { enqueueMail } from '../mail/enqueue-mail';
import type { Services } from '../services';
import { SUBSCRIPTION_DISCOUNT_PERCENT } from './from-order';
import { checkFirstDelivery, checkNewProducts, defaultAddress, ownAddress, ownMethod, type NewProduct } from './new-products';
import { previewPlanned } from './preview-new';
import { scheduleRenewal } from './schedule';
import { subscriptionView } from './subscription-view';
import { subscriptionCreatedMail } from './subscription-mail';
import type { Currency } from '#api/money';

/** The caller's current (active or on-hold) subscription of a category and sub-category, locked when `lock`; null with none. */
export async function currentSubscription(tx: Database, userId: number, category: SubscriptionCategory, subCategory: SubscriptionSubCategory, lock = true) {
  const query = tx
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.category, category),
        eq(subscriptions.subCategory, subCategory),
        inArray(subscriptions.status, ['active', 'onhold']),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** A new subscription's rows: the subscription, its products from `nextStart`, its renewal job and the created mail. */
export async function insertSubscription(
  tx: Database,
  services: Services,
  input: {
    userId: number;
    category: SubscriptionCategory;
    subCategory: SubscriptionSubCategory;
    address: ShippingAddress;
    currency: Currency;
    methodId: number;
    products: readonly NewProduct[];
    nextStart: string;
  },
): Promise<number> {
  const now = services.clock.now();
  const [row] = await tx
    .insert(subscriptions)
    .values({
      pubkey: `sub_${randomBytes(12).toString('base64url')}`,
      userId: input.userId,
      category: input.category,
      subCategory: input.subCategory,
      status: 'active',
      shippingAddress: input.address,
      paymentMethodId: input.methodId,
      discountPercentage: SUBSCRIPTION_DISCOUNT_PERCENT,
      currency: input.currency,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: subscriptions.id });
  const id = row!.id;
  await tx.insert(subscriptionProducts).values(
    input.products.map((p) => ({
      subscriptionId: id,
      type: p.type,
      product: p.product,
      quantity: p.quantity,
      frequency: p.frequency,
      nextStart: input.nextStart,
      createdAt: now,
      updatedAt: now,
    })),
  );
  await scheduleRenewal(tx, id);
  const [customer] = await tx.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, input.userId));
  if (customer?.email)
    await enqueueMail(
      tx,
      now,
      subscriptionCreatedMail(
        customer.email,
        customer.firstName,
        { category: input.category, subCategory: input.subCategory },
        input.products.map((p) => ({ label: p.label, quantity: p.quantity, frequency: p.frequency, nextStart: input.nextStart })),
        services.config.publicUrl,
      ),
    );
  return id;
}

/** POST /v2/subscriptions: see the module's description. Guests sign up first (403). */
export async function createSubscription(services: Services, userId: number, isGuest: boolean, body: SubscriptionCreateRequest): Promise<Subscription> {
  if (isGuest) throw new ApiError(403, 'guest_account', 'Sign up to subscribe.');
  const now = services.clock.now();
  // Read before the transaction: the embedded database has one connection, which the transaction holds.
  const entries = await services.catalogue.entries();
  const created = await services.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const fields: FieldErrors = {};
    const { subCategory, products } = checkNewProducts(entries, body.regular_products, { category: body.category, subCategory: body.sub_category }, fields);
    const nextStart = checkFirstDelivery(body.next_start, now, fields);
    const address = await ownAddress(tx, userId, body.shipping_address, fields);
    const methodId = await ownMethod(tx, services.payments.name, userId, body.payment_source, fields);
    if (Object.keys(fields).length > 0 || !address || methodId === null || !subCategory) throw validationError(fields, 'This subscription could not be made.');
    const existing = await currentSubscription(tx, userId, body.category, subCategory);
    if (existing)
      throw new ApiError(422, 'subscription_exists', `You already have this subscription (${existing.pubkey}): change it from your account instead.`);
    const id = await insertSubscription(tx, services, {
      userId,
      category: body.category,
      subCategory,
      address: address.address,
      currency: address.currency,
      methodId,
      products,
      nextStart,
    });
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id));
    return subscriptionView(tx, row!, entries);
  });
  services.mailer.wake();
  return created;
}

/** POST /v2/subscriptions/preview: what such a subscription would charge, checked as a create is (but address and method optional); nothing saved. */
export async function previewNewSubscription(services: Services, userId: number, body: SubscriptionCreatePreviewRequest): Promise<SubscriptionPreview> {
  const now = services.clock.now();
  const entries = await services.catalogue.entries();
  const fields: FieldErrors = {};
  const { subCategory, products } = checkNewProducts(entries, body.regular_products, { category: body.category, subCategory: body.sub_category }, fields);
  const nextStart = checkFirstDelivery(body.next_start, now, fields);
  const address = body.shipping_address ? await ownAddress(services.db, userId, body.shipping_address, fields) : await defaultAddress(services.db, userId);
  if (body.payment_source) await ownMethod(services.db, services.payments.name, userId, body.payment_source, fields);
  if (Object.keys(fields).length > 0 || !subCategory) throw validationError(fields, 'This subscription cannot be previewed.');
  return previewPlanned(services, userId, {
    existing: null,
    category: body.category,
    subCategory,
    currency: address?.currency ?? 'USD',
    address: address?.address ?? null,
    products,
    nextStart,
  });
}
