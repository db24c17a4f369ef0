/**
 * @module server/payments/payment-methods: a customer's saved payment methods (spec 001 §3 Payment method, §7 Payment
 * methods): listed by payment mode, saved from a new card's token (or the wallet's nonce) or with an order's payment
 * (`keepSavedMethod`, from place-order.ts), one chosen as default,
 * deleted. Each call reads and writes only the caller's own methods; another's id is 404. A method is kept by the
 * provider's reference, never a card number.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { PaymentMethod } from '#api';
import { paymentLabel } from '#api/commerce';
import type { UserRow } from '../http/authenticate';
import { ApiError, notFound } from '../http/api-error';
import { defineOperation } from '../http/operation';
import { clientIp } from '../http/client-ip';
import { hitRateLimit } from '../http/rate-limit';
import type { Database } from '../db/database';
import { paymentMethods, subscriptions } from '../db/schema';
import { withNoRenewalPending } from '../subscriptions/renewal-guard';
import { resumeWithMethod } from '../subscriptions/resume';
import type { Services } from '../services';
import { lockUser } from '../account/lock-user';
import { PaymentRequestRefused, type SavedMethod } from './payment-provider';
import { requestLogger } from '../log/request-log';

type Row = typeof paymentMethods.$inferSelect;
type Mode = 'all' | 'charge' | 'payment_intent' | 'wallet';

/** A method as the API shows it (spec 001 §3: id, is_default, status, service), with what a shopper recognises it by. */
function methodView(row: Row): PaymentMethod {
  return {
    id: row.pubkey,
    is_default: row.isDefault,
    status: 'active',
    service: row.service,
    brand: row.brand,
    last4: row.last4,
    exp_month: row.expMonth,
    exp_year: row.expYear,
    label: paymentLabel({ brand: row.service === 'wallet' ? 'wallet' : row.brand, last4: row.last4 }),
  };
}

/** A card's expiry as one comparable number (year * 12 + month); 0 when it has none (a wallet). */
const expiryOf = (card: { expMonth: number | null; expYear: number | null }) => (card.expYear ?? 0) * 12 + (card.expMonth ?? 0);

/** The methods a payment mode covers (spec 001 §3): the wallet's, the cards (charge and payment-intent modes), or all. */
const inMode = (mode: Mode) => (row: Row) => mode === 'all' || (mode === 'wallet' ? row.service === 'wallet' : row.service === 'card');

async function ownMethods(services: Services, userId: number): Promise<Row[]> {
  return services.db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), isNull(paymentMethods.deletedAt), eq(paymentMethods.provider, services.payments.name)))
    .orderBy(desc(paymentMethods.isDefault), asc(paymentMethods.id));
}

/**
 * Keeps the card or wallet of a token as one of the customer's methods (the first becomes the default); the same card
 * twice is kept once. Returns it, or null when the provider would not keep it (the order that asked is paid anyway).
 */
export async function keepPaymentMethod(services: Services, user: Pick<UserRow, 'id' | 'email'>, token: string): Promise<Row | null> {
  let saved;
  try {
    saved = await services.payments.saveMethod(token, { userId: user.id, email: user.email });
  } catch (error) {
    if (error instanceof PaymentRequestRefused) return null;
    throw error;
  }
  return services.db.transaction(async (tx) => {
    const row = await keepSavedMethod(tx, services, user.id, saved);
    // A new card resumes the subscriptions its payment held, and replaces a removed one (server/subscriptions/resume.ts).
    await resumeWithMethod(tx, user.id, row.id, services.clock.now());
    return row;
  });
}

/**
 * Keeps a method the provider saved (from a token, or with an order's payment: Charge.saved) as one of the customer's:
 * the first becomes the default; one already kept under the same reference is not kept twice (a replayed request, a
 * second tab, the reconciliation after a crash), and one the customer deleted comes back. A card they already keep
 * under another reference (the same fingerprint: saved again from a new token, or reissued) is kept once too: the
 * customer's method stays as it is (its id, whether it is the default), and takes the new reference and expiry when the
 * new card expires later. Run it in a transaction (`tx`): the customer's row is locked while their methods are read
 * and written. Returns the customer's row for it.
 */
export async function keepSavedMethod(tx: Database, services: Pick<Services, 'payments' | 'clock'>, userId: number, saved: SavedMethod): Promise<Row> {
  await lockUser(tx, userId);
  const [existing] = await tx
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.providerRef, saved.ref)));
  if (existing) {
    if (!existing.deletedAt) return existing;
    const [back] = await tx.update(paymentMethods).set({ deletedAt: null }).where(eq(paymentMethods.id, existing.id)).returning();
    return back!;
  }
  const [sameCard] = saved.fingerprint
    ? await tx
        .select()
        .from(paymentMethods)
        .where(
          and(
            eq(paymentMethods.userId, userId),
            isNull(paymentMethods.deletedAt),
            eq(paymentMethods.provider, services.payments.name),
            eq(paymentMethods.fingerprint, saved.fingerprint),
          ),
        )
        .orderBy(asc(paymentMethods.id))
        .limit(1)
    : [];
  if (sameCard) {
    if (expiryOf(saved) <= expiryOf(sameCard)) return sameCard;
    // The older reference stays with the provider, unused (Stripe keeps it on the Customer); nothing charges it again.
    const [renewed] = await tx
      .update(paymentMethods)
      .set({ providerRef: saved.ref, expMonth: saved.expMonth, expYear: saved.expYear })
      .where(eq(paymentMethods.id, sameCard.id))
      .returning();
    return renewed!;
  }
  const [other] = await tx
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), isNull(paymentMethods.deletedAt), eq(paymentMethods.provider, services.payments.name)))
    .limit(1);
  const [row] = await tx
    .insert(paymentMethods)
    .values({
      pubkey: `pm_${randomBytes(12).toString('base64url')}`,
      userId,
      provider: services.payments.name,
      service: saved.service,
      providerRef: saved.ref,
      brand: saved.brand,
      last4: saved.last4,
      expMonth: saved.expMonth,
      expYear: saved.expYear,
      fingerprint: saved.fingerprint,
      isDefault: !other,
      createdAt: services.clock.now(),
    })
    .returning();
  return row!;
}

/** GET /v1/account/payments/?payment_mode=: the customer's saved methods in that mode, the default first. */
export const listPaymentMethods = defineOperation(
  'listPaymentMethods',
  { summary: 'The customer’s saved payment methods', tag: 'payments', responses: { 200: 'Their methods, the default first' } },
  async ({ c, query, auth, services }) => {
    const rows = (await ownMethods(services, auth.user.id)).filter(inMode(query.payment_mode ?? 'all'));
    return c.json(rows.map(methodView), 200);
  },
);

/** POST /v1/account/payments/ `{token}`: keeps a new card (its token from the tokeniser) or the wallet (its nonce). */
export const createPaymentMethod = defineOperation(
  'createPaymentMethod',
  {
    summary: 'Save a payment method',
    tag: 'payments',
    responses: {
      201: 'The saved method',
      400: 'validation_error',
      402: 'payment_refused: the token is not one the provider can keep',
      429: 'rate_limited: too many cards saved from this account or address (each save asks the bank)',
    },
  },
  async ({ c, body, auth, services }) => {
    // Each save asks the bank about the card: unlimited, it would test stolen card numbers.
    const limits = services.config.rateLimits;
    await hitRateLimit(services, `save-card:user:${auth.user.id}`, limits?.savedCardsPerUser);
    await hitRateLimit(services, `save-card:ip:${clientIp(c, services.config.trustProxy)}`, limits?.savedCardsPerIp);
    const row = await keepPaymentMethod(services, auth.user, body.token);
    if (!row) throw new ApiError(402, 'payment_refused', 'These card details could not be saved. Please enter them again.');
    return c.json(methodView(row), 201);
  },
);

/** POST /v1/account/payments/select_as_default/ `{payment_id, payment_mode}`: that method becomes the default. */
export const selectDefaultPaymentMethod = defineOperation(
  'selectDefaultPaymentMethod',
  { summary: 'Choose the default payment method', tag: 'payments', responses: { 200: 'The customer’s methods', 404: 'No such method of theirs' } },
  async ({ c, body, auth, services }) => {
    await services.db.transaction(async (tx) => {
      await lockUser(tx, auth.user.id);
      const [chosen] = await tx
        .select()
        .from(paymentMethods)
        .where(and(eq(paymentMethods.userId, auth.user.id), eq(paymentMethods.pubkey, body.payment_id), isNull(paymentMethods.deletedAt)));
      if (!chosen || !inMode(body.payment_mode)(chosen)) throw notFound('not_found', 'There is no such payment method.');
      await tx.update(paymentMethods).set({ isDefault: false }).where(eq(paymentMethods.userId, auth.user.id));
      await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, chosen.id));
      await resumeWithMethod(tx, auth.user.id, chosen.id, services.clock.now());
    });
    return c.json((await ownMethods(services, auth.user.id)).map(methodView), 200);
  },
);

/**
 * DELETE /v1/account/payments/{id}/?payment_mode=: 204; the orders it paid keep their record. The newest other method
 * becomes the default. The client names the wallet mode for a wallet (spec 001 §7); a mode the method is not in is 404.
 */
export const deletePaymentMethod = defineOperation(
  'deletePaymentMethod',
  { summary: 'Delete a saved payment method', tag: 'payments', responses: { 204: 'Deleted', 404: 'No such method of theirs' } },
  async ({ c, params, query, auth, services }) => {
    // The subscriptions it pays are locked, and a renewal of theirs being charged right now is waited for (409 after a
    // few seconds): a renewal never charges a card removed a second before (server/subscriptions/renewal-guard.ts).
    const gone = await withNoRenewalPending(
      services.db,
      auth.user.id,
      (tx) => subscriptionsPaidWith(tx, auth.user.id, params.id ?? ''),
      async (tx) => {
        const [gone] = await tx
          .update(paymentMethods)
          .set({ deletedAt: services.clock.now(), isDefault: false })
          .where(and(eq(paymentMethods.userId, auth.user.id), eq(paymentMethods.pubkey, params.id ?? ''), isNull(paymentMethods.deletedAt)))
          .returning();
        // Thrown in the transaction: a method of another mode is not deleted.
        if (!gone || !inMode(query.payment_mode ?? 'all')(gone)) throw notFound('not_found', 'There is no such payment method.');
        if (!gone.isDefault) return gone;
        const [next] = await tx
          .select({ id: paymentMethods.id })
          .from(paymentMethods)
          .where(and(eq(paymentMethods.userId, auth.user.id), isNull(paymentMethods.deletedAt)))
          .orderBy(desc(paymentMethods.id))
          .limit(1);
        if (next) await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, next.id));
        return gone;
      },
    );
    // Deleted here whatever the provider says: the provider lets go of its copy too (Stripe detaches the card), and a
    // failure there is only logged (the error's kind and message, redacted; no reference).
    if (gone.provider === services.payments.name && services.payments.forgetMethod) {
      try {
        await services.payments.forgetMethod(gone.providerRef);
      } catch (error) {
        requestLogger(c, services.config.logger).warn({ err: error }, 'The payment provider did not forget a deleted payment method');
      }
    }
    return c.body(null, 204);
  },
);

/**
 * POST /v1/account/payments/token/ `{payment_mode}`: a client token for the provider's own form (spec 001 §7), and who
 * takes a new card in the browser (`provider`): with Stripe its publishable key, for Stripe's card element (never the
 * secret key); the test provider's tokeniser needs no key. The token itself is a single-use random one, so clients
 * written for Braintree-style wallets work. Asked by the payment step, which only a signed-in shopper or guest reaches.
 */
export const getPaymentClientToken = defineOperation(
  'getPaymentClientToken',
  { summary: 'A client token for the payment provider, and who takes cards', tag: 'payments', responses: { 200: 'The client token' } },
  async ({ c, body, services }) => {
    const { name, publishableKey } = services.payments;
    const token = `client_${name}_${randomBytes(18).toString('base64url')}`;
    return c.json(
      { token, payment_mode: body.payment_mode, provider: name, ...(name === 'stripe' && publishableKey ? { publishable_key: publishableKey } : {}) },
      200,
    );
  },
);

/** The ids of the customer's current subscriptions paid with their method `pubkey`, locked. */
async function subscriptionsPaidWith(tx: Database, userId: number, pubkey: string): Promise<number[]> {
  const rows = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .innerJoin(paymentMethods, eq(paymentMethods.id, subscriptions.paymentMethodId))
    .where(and(eq(subscriptions.userId, userId), eq(paymentMethods.pubkey, pubkey), inArray(subscriptions.status, ['active', 'onhold'])))
    .for('update', { of: subscriptions });
  return rows.map((r) => r.id);
}

export const paymentMethodOperations = [listPaymentMethods, createPaymentMethod, selectDefaultPaymentMethod, deletePaymentMethod, getPaymentClientToken];
