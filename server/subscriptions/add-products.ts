/**
 * @module server/subscriptions/add-products: an upsell taken (spec 001 §4 Upsells, §5 "Upsell response counts only if
 * it has transaction_id", §7 add-products and preview-upsell; README.md "Create and upsells"). POST
 * /v2/subscriptions/add-products presents the offer's transaction_id: its products join the caller's current
 * subscription of the offer's category and sub-category (or a new one), each from next_start, charging nothing now.
 * An unknown or another shopper's transaction_id is 404, an expired one 400; the offer is used once, under the
 * customer's lock: the same request again answers the same subscription and adds nothing, another request with a
 * used offer is 422 `upsell_used`. POST /v2/subscriptions/preview-upsell forecasts the same, saving nothing.
 */
import { createHash } from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { AddProductsRequest, Subscription, SubscriptionPreview, UpsellPreviewRequest } from '#api';
import { lockUser } from '../account/lock-user';
import type { Database } from '../db/database';
import { subscriptionProducts, subscriptionUpsells, subscriptions } from '../db/schema';
import { ApiError, notFound, validationError, type FieldErrors } from '../http/api-error';
import type { Services } from '../services';
import { currentSubscription, insertSubscription } from './create';
import { checkFirstDelivery, checkNewProducts, defaultAddress, ownAddress, ownMethod, type NewProduct } from './new-products';
import { previewPlanned } from './preview-new';
import { resumeWithMethod } from './resume';
import { productsOf, scheduleRenewal } from './schedule';
import { subscriptionView } from './subscription-view';

const UNKNOWN_OFFER = 'No such offer of yours.';

/** The caller's offer with that transaction id (locked when `lock`); 404 for another's or none. */
async function ownOffer(tx: Database, userId: number, transactionId: string, lock: boolean) {
  const query = tx
    .select()
    .from(subscriptionUpsells)
    .where(and(eq(subscriptionUpsells.transactionId, transactionId), eq(subscriptionUpsells.userId, userId)));
  const [offer] = lock ? await query.for('update') : await query;
  if (!offer) throw notFound('not_found', UNKNOWN_OFFER);
  return offer;
}

/** Errors on the products a subscription already holds (adding is for new products; a held one changes from the subscription page). */
function refuseHeld(products: readonly NewProduct[], held: readonly { type: string }[], wanted: readonly { type: string }[], fields: FieldErrors): void {
  for (const product of products) {
    if (!held.some((h) => h.type === product.type)) continue;
    const index = wanted.findIndex((w) => w.type === product.type);
    fields[`regular_products.${index}.type`] = [`${product.label} is already in your subscription: change it from there.`];
  }
}

/** A fingerprint of an add-products request (a retry sends the same). */
const fingerprint = (body: AddProductsRequest): string => createHash('sha256').update(JSON.stringify(body)).digest('hex');

/** POST /v2/subscriptions/add-products: see the module's description. */
export async function addProducts(services: Services, userId: number, body: AddProductsRequest): Promise<Subscription> {
  const now = services.clock.now();
  const entries = await services.catalogue.entries();
  const hash = fingerprint(body);
  const result = await services.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const offer = await ownOffer(tx, userId, body.transaction_id, true);
    if (offer.usedAt) {
      // The same request again (a retry): the subscription it made or added to, nothing added twice.
      if (offer.requestHash === hash && offer.subscriptionId !== null) {
        const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, offer.subscriptionId));
        if (row) return { view: await subscriptionView(tx, row, entries), mailed: false };
      }
      throw new ApiError(422, 'upsell_used', 'This offer was already taken: reload your account to see your subscription.');
    }
    const fields: FieldErrors = {};
    if (offer.expiresAt <= now) fields.transaction_id = ['This offer has expired: reload it.'];
    const { products } = checkNewProducts(entries, body.regular_products, { category: offer.category, subCategory: offer.subCategory }, fields);
    const nextStart = checkFirstDelivery(body.next_start, now, fields);
    const address = await ownAddress(tx, userId, body.shipping_address, fields);
    const methodId = await ownMethod(tx, services.payments.name, userId, body.payment_source, fields);
    const existing = await currentSubscription(tx, userId, offer.category, offer.subCategory);
    if (existing) refuseHeld(products, await productsOf(tx, existing.id), body.regular_products, fields);
    if (Object.keys(fields).length > 0 || !address || methodId === null) throw validationError(fields, 'These products could not be added.');

    let subscriptionId: number;
    if (existing) {
      subscriptionId = existing.id;
      await tx.insert(subscriptionProducts).values(
        products.map((p) => ({
          subscriptionId,
          type: p.type,
          product: p.product,
          quantity: p.quantity,
          frequency: p.frequency,
          nextStart,
          createdAt: now,
          updatedAt: now,
        })),
      );
      await tx
        .update(subscriptions)
        .set({ shippingAddress: address.address, paymentMethodId: methodId, version: existing.version + 1, updatedAt: now })
        .where(eq(subscriptions.id, existing.id));
      // A subscription held by its payment resumes with the method chosen, as a PATCH of it does.
      if (existing.status === 'onhold' && existing.statusReason === 'payment_error') await resumeWithMethod(tx, userId, methodId, now);
      else if (existing.status === 'active') await scheduleRenewal(tx, existing.id);
    } else {
      subscriptionId = await insertSubscription(tx, services, {
        userId,
        category: offer.category,
        subCategory: offer.subCategory,
        address: address.address,
        currency: address.currency,
        methodId,
        products,
        nextStart,
      });
    }
    await tx.update(subscriptionUpsells).set({ usedAt: now, subscriptionId, requestHash: hash }).where(eq(subscriptionUpsells.id, offer.id));
    // The shopper's other open offers of the category are answered by this one.
    await tx
      .update(subscriptionUpsells)
      .set({ usedAt: now })
      .where(
        and(
          eq(subscriptionUpsells.userId, userId),
          eq(subscriptionUpsells.category, offer.category),
          eq(subscriptionUpsells.subCategory, offer.subCategory),
          ne(subscriptionUpsells.id, offer.id),
          isNull(subscriptionUpsells.usedAt),
          gt(subscriptionUpsells.expiresAt, now),
        ),
      );
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    return { view: await subscriptionView(tx, row!, entries), mailed: !existing };
  });
  if (result.mailed) services.mailer.wake();
  return result.view;
}

/**
 * POST /v2/subscriptions/preview-upsell: the charges with the products added to the caller's current subscription of
 * their category and sub-category (the offer's, when its transaction_id is sent), else of a new one; checked as
 * add-products checks them (the address optional: else the subscription's, else the caller's primary); nothing saved.
 */
export async function previewUpsell(services: Services, userId: number, body: UpsellPreviewRequest): Promise<SubscriptionPreview> {
  const db = services.db;
  const now = services.clock.now();
  const entries = await services.catalogue.entries();
  const offer = body.transaction_id ? await ownOffer(db, userId, body.transaction_id, false) : null;
  const fields: FieldErrors = {};
  const { category, subCategory, products } = checkNewProducts(
    entries,
    body.regular_products,
    { category: offer?.category ?? null, subCategory: offer?.subCategory },
    fields,
  );
  const nextStart = checkFirstDelivery(body.next_start, now, fields);
  const named = body.shipping_address ? await ownAddress(db, userId, body.shipping_address, fields) : null;
  const existing = category && subCategory ? await currentSubscription(db, userId, category, subCategory, false) : null;
  const held = existing ? await productsOf(db, existing.id) : [];
  refuseHeld(products, held, body.regular_products, fields);
  if (Object.keys(fields).length > 0 || !category || !subCategory) throw validationError(fields, 'These products cannot be previewed.');
  const address = named ?? (existing ? { address: existing.shippingAddress, currency: existing.currency } : await defaultAddress(db, userId));
  return previewPlanned(services, userId, {
    existing: existing ? { row: existing, products: held } : null,
    category,
    subCategory,
    currency: existing?.currency ?? address?.currency ?? 'USD',
    address: address?.address ?? null,
    products,
    nextStart,
  });
}
