/**
 * @module server/subscriptions/update: PATCH /v2/subscriptions/{id} (spec 001 §7 "update ... with a body"; README.md
 * "Managing it"): a product's quantity and frequency, the shipping address, the payment method. Everything is checked
 * before anything is written (one 400 naming every bad field, nothing saved), in one transaction with the customer and
 * the subscription locked; only the fields sent change, so two tabs changing different things both keep theirs, and a
 * tab that sends back `version` is refused (409) when another changed the subscription since.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Subscription, SubscriptionPatch } from '#api';
import { offersFrequency } from '#api/shared';
import { lockUser } from '../account/lock-user';
import type { CatalogueEntry } from '../catalog/catalogue-reader';
import type { Database } from '../db/database';
import { addresses, paymentMethods, subscriptionProducts, subscriptions } from '../db/schema';
import type { ShippingAddress } from '../db/schema/orders';
import { ApiError, validationError, type FieldErrors } from '../http/api-error';
import type { Services } from '../services';
import { resumeWithMethod } from './resume';
import { productsOf, scheduleRenewal } from './schedule';
import { isCurrent, ownSubscription, subscriptionView } from './subscription-view';

/** A change of a product's quantity or frequency, checked. */
export interface ProductChange {
  id: number;
  quantity?: number | undefined;
  frequency?: number | undefined;
}

/**
 * Checks the products' changes of a PATCH or a preview: each names a product of the subscription once, with a
 * frequency the product offers (offersFrequency: supplements only every 4 weeks). Answers the field errors and the changes.
 */
export function checkProductChanges(
  products: readonly { id: number; type: string; product: string }[],
  entries: ReadonlyMap<string, CatalogueEntry>,
  wanted: SubscriptionPatch['regular_products'],
): { fields: FieldErrors; changes: ProductChange[] } {
  const fields: FieldErrors = {};
  const changes: ProductChange[] = [];
  const seen = new Set<number>();
  (wanted ?? []).forEach((change, index) => {
    const product = products.find((p) => p.type === change.type || p.product === change.type);
    if (!product) {
      fields[`regular_products.${index}.type`] = [`This subscription has no "${change.type}".`];
      return;
    }
    if (seen.has(product.id)) {
      fields[`regular_products.${index}.type`] = ['This product is listed twice.'];
      return;
    }
    seen.add(product.id);
    const entry = entries.get(product.type);
    if (change.frequency !== undefined && !(entry && offersFrequency({ supplements: entry.subCategory === 'supplements' }, change.frequency)))
      fields[`regular_products.${index}.frequency`] = [
        entry?.subCategory === 'supplements' ? 'Supplements come every 25 days (4 weeks).' : 'Choose every 4, 8 or 12 weeks.',
      ];
    changes.push({ id: product.id, quantity: change.quantity, frequency: change.frequency });
  });
  return { fields, changes };
}

export async function updateSubscription(services: Services, userId: number, pubkey: string, patch: SubscriptionPatch): Promise<Subscription> {
  const now = services.clock.now();
  const entries = await services.catalogue.entries();
  return services.db.transaction(async (tx: Database) => {
    await lockUser(tx, userId);
    const row = await ownSubscription(tx, userId, pubkey, true);
    if (!isCurrent(row)) throw new ApiError(422, 'subscription_not_current', 'This subscription is canceled: resubscribe to change it.');
    if (patch.version !== undefined && patch.version !== row.version)
      throw new ApiError(409, 'subscription_changed', 'This subscription was changed meanwhile (in another tab?). Reload it and try again.');

    const products = await productsOf(tx, row.id);
    const { fields, changes } = checkProductChanges(products, entries, patch.regular_products);

    let address: ShippingAddress | null = null;
    if (patch.shipping_address !== undefined) {
      const [own] = await tx
        .select()
        .from(addresses)
        .where(and(eq(addresses.pubkey, patch.shipping_address), eq(addresses.userId, userId)));
      if (!own) fields.shipping_address = ['Choose one of your addresses.'];
      else
        address = {
          address1: own.address1,
          address2: own.address2 ?? null,
          city: own.city,
          state: own.state,
          zipcode: own.zipcode,
          country: own.country as ShippingAddress['country'],
        };
    }
    let methodId: number | null = null;
    if (patch.payment_source !== undefined) {
      const [method] = await tx
        .select({ id: paymentMethods.id })
        .from(paymentMethods)
        .where(
          and(
            eq(paymentMethods.pubkey, patch.payment_source),
            eq(paymentMethods.userId, userId),
            eq(paymentMethods.provider, services.payments.name),
            isNull(paymentMethods.deletedAt),
          ),
        );
      if (!method) fields.payment_source = ['Choose one of your saved payment methods.'];
      else methodId = method.id;
    }
    if (Object.keys(fields).length > 0) throw validationError(fields, 'Your changes could not be saved.');

    for (const change of changes) {
      if (change.quantity === undefined && change.frequency === undefined) continue;
      await tx
        .update(subscriptionProducts)
        .set({
          ...(change.quantity !== undefined ? { quantity: change.quantity } : {}),
          ...(change.frequency !== undefined ? { frequency: change.frequency } : {}),
          updatedAt: now,
        })
        .where(eq(subscriptionProducts.id, change.id));
    }
    await tx
      .update(subscriptions)
      .set({
        ...(address ? { shippingAddress: address } : {}),
        ...(methodId !== null ? { paymentMethodId: methodId } : {}),
        version: row.version + 1,
        updatedAt: now,
      })
      .where(eq(subscriptions.id, row.id));
    // A subscription held by its payment resumes with the method chosen (its failed box goes out at the next run).
    if (methodId !== null && row.status === 'onhold' && row.statusReason === 'payment_error') await resumeWithMethod(tx, userId, methodId, now);
    else if (row.status === 'active') await scheduleRenewal(tx, row.id);
    const [after] = await tx.select().from(subscriptions).where(eq(subscriptions.id, row.id));
    return subscriptionView(tx, after!, entries);
  });
}
