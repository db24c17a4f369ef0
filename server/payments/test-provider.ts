import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { testProviderCharges } from '../db/schema';
import {
  DECLINE_MESSAGES,
  PaymentRequestRefused,
  type Charge,
  type ChargeRequest,
  type Currency,
  type PaymentMethodOwner,
  type PaymentProvider,
  type SavedMethod,
} from './payment-provider';
import { issueTestMethodRef, readTestCardToken, readTestMethodRef, type TestMethod } from './test-card-token';
import { readWalletNonce } from './test-wallet';
import { type CardBehaviour, type CardBrand, type DeclineCode } from './test-cards';

type Row = typeof testProviderCharges.$inferSelect;

export interface TestProvider extends PaymentProvider {
  readonly name: 'test';
  /**
   * The shopper's answer to the bank's authentication of a charge that required it: approved, it succeeds; refused,
   * it is declined. A charge no longer waiting is returned as it is. Null when there is no such charge.
   */
  authenticate(id: string, approved: boolean): Promise<Charge | null>;
}

const sourceText = (request: ChargeRequest) => (request.source.kind === 'card_token' ? request.source.token : request.source.ref);

/**
 * What a card token or the wallet's nonce keeps as a saved method (the wallet always pays), with the token's id (each
 * token pays once); null when it is neither, or not signed by this shop, or expired.
 */
function tokenMethod(token: string, secret: string, nowSeconds: number): { tokenId: string; method: TestMethod } | null {
  const wallet = readWalletNonce(token, secret, nowSeconds);
  if (wallet)
    return {
      tokenId: wallet.id,
      method: { service: 'wallet', brand: 'wallet', last4: '', expMonth: null, expYear: null, behaviour: { outcome: 'succeeds' } },
    };
  const card = readTestCardToken(token, secret, nowSeconds);
  if (!card) return null;
  return {
    tokenId: card.tokenId,
    method: { service: 'card', brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear, behaviour: card.behaviour },
  };
}

/** A saved method as the shop keeps it: its signed reference and what a shopper is shown (not what it does). */
function savedOf(ref: string, method: TestMethod): SavedMethod {
  const { behaviour: _behaviour, ...shown } = method;
  // The reference names the card itself (brand, last four, expiry), so the same card saved again has the same one.
  return { ref, ...shown, fingerprint: null };
}

/**
 * What a charge's source is to the test provider: a card token, the wallet's nonce (a wallet payment the account
 * approved always succeeds) or a saved method's reference (it pays as often as it is charged: each charge its own
 * source id). `method` is what a token keeps when it is saved (none for a saved method: it is kept already). Null when
 * it is none of them, or not signed by this shop.
 */
function sourceCard(
  request: ChargeRequest,
  secret: string,
  nowSeconds: number,
): { tokenId: string; brand: string; last4: string; behaviour: CardBehaviour; method: TestMethod | null } | null {
  if (request.source.kind === 'saved_method') {
    const method = readTestMethodRef(request.source.ref, secret);
    return method
      ? {
          tokenId: `method:${randomBytes(12).toString('base64url')}`,
          brand: method.brand,
          last4: method.last4,
          behaviour: method.behaviour,
          method: null,
        }
      : null;
  }
  const read = tokenMethod(request.source.token, secret, nowSeconds);
  return read ? { tokenId: read.tokenId, brand: read.method.brand, last4: read.method.last4, behaviour: read.method.behaviour, method: read.method } : null;
}

/** The charge a row records; a succeeded one that was asked to save its card carries the saved method. */
function chargeOf(row: Row, actionUrl: (id: string) => string, secret: string): Charge {
  const base = {
    id: row.id,
    amount: row.amount,
    currency: row.currency as Currency,
    card: { brand: row.cardBrand as CardBrand | 'wallet', last4: row.cardLast4 ?? '' },
  };
  if (row.status === 'succeeded') {
    const kept = row.saveRef ? readTestMethodRef(row.saveRef, secret) : null;
    return { ...base, status: 'succeeded', ...(kept ? { saved: savedOf(row.saveRef!, kept) } : {}) };
  }
  if (row.status === 'requires_action') return { ...base, status: 'requires_action', actionUrl: actionUrl(row.id) };
  if (row.status === 'canceled') return { ...base, status: 'canceled' };
  const code = (row.declineCode ?? 'card_declined') as DeclineCode | 'authentication_failed';
  return { ...base, status: 'declined', code, message: DECLINE_MESSAGES[code] };
}

/**
 * The embedded test provider (DESIGN.md "Payments"; the default): it charges the test cards of ./test-cards.ts
 * through tokens from ./test-card-token.ts and keeps its ledger in `test_provider_charges`, as Stripe keeps its own:
 * - one charge per idempotency key: the same key and request return the first charge, even when two arrive at
 *   once (the key is unique, and the loser reads the winner's row); the same key with another request is refused;
 * - a card token pays once;
 * - a card that requires authentication waits (status requires_action, with the URL where the shopper confirms)
 *   until `authenticate`;
 * - a charge asked to save its card (`saveFor`) keeps the saved method's signed reference (as `saveMethod` makes it)
 *   in its row (`save_ref`) and hands it back as `saved` once it has succeeded, now or after authentication.
 * `actionUrl(id)` builds the confirmation page's URL.
 */
export function createTestProvider(deps: { db: Database; secret: string; clock: Clock; actionUrl: (id: string) => string }): TestProvider {
  const { db, secret, clock, actionUrl } = deps;
  const byKey = async (key: string) => (await db.select().from(testProviderCharges).where(eq(testProviderCharges.idempotencyKey, key)).limit(1))[0];
  const byId = async (id: string) => (await db.select().from(testProviderCharges).where(eq(testProviderCharges.id, id)).limit(1))[0];

  return {
    name: 'test',

    async charge(request: ChargeRequest): Promise<Charge> {
      if (!Number.isInteger(request.amount) || request.amount <= 0)
        throw new RangeError(`A charge is a positive whole number of cents, not ${request.amount}.`);
      const requestHash = createHash('sha256')
        // Asking to save the card is part of the request (as the Customer and setup_future_usage are to Stripe); a
        // request that does not ask hashes as it always has.
        .update(
          JSON.stringify([
            request.amount,
            request.currency,
            request.source.kind,
            sourceText(request),
            ...(request.saveFor ? [{ saveFor: request.saveFor.userId }] : []),
          ]),
        )
        .digest('base64url');
      const replay = async () => {
        const existing = await byKey(request.idempotencyKey);
        if (!existing) return null;
        if (existing.requestHash !== requestHash)
          throw new PaymentRequestRefused('idempotency_key_reused', 'This idempotency key was used for another payment.');
        return chargeOf(existing, actionUrl, secret);
      };
      // The charge is written first and the key's earlier charge read only when the key is taken: a first charge
      // costs one statement. A retry whose token has since expired still gets its charge back.
      const nowSeconds = Math.floor(clock.now().getTime() / 1000);
      const card = sourceCard(request, secret, nowSeconds);
      if (!card) {
        const earlier = await replay();
        if (earlier) return earlier;
        throw new PaymentRequestRefused('invalid_payment_token', 'Your card details have expired. Please enter them again.');
      }
      const behaviour = card.behaviour;
      const now = clock.now();
      const [row] = await db
        .insert(testProviderCharges)
        .values({
          id: `ch_test_${randomBytes(12).toString('base64url')}`,
          idempotencyKey: request.idempotencyKey,
          requestHash,
          sourceRef: card.tokenId,
          amount: request.amount,
          currency: request.currency,
          status: behaviour.outcome === 'succeeds' ? 'succeeded' : behaviour.outcome === 'declined' ? 'declined' : 'requires_action',
          declineCode: behaviour.outcome === 'declined' ? behaviour.code : null,
          cardBrand: card.brand,
          cardLast4: card.last4,
          saveRef: request.saveFor && card.method ? issueTestMethodRef(card.method, secret) : null,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (row) return chargeOf(row, actionUrl, secret);
      // Another request took the key (or the token) first: the key's charge is the answer; a token used under
      // another key pays no more.
      const winner = await replay();
      if (winner) return winner;
      throw new PaymentRequestRefused('payment_token_used', 'These card details were already used. Please enter them again.');
    },

    async findCharge(idempotencyKey: string) {
      const row = await byKey(idempotencyKey);
      return row ? chargeOf(row, actionUrl, secret) : null;
    },

    async getCharge(id: string) {
      const row = await byId(id);
      return row ? chargeOf(row, actionUrl, secret) : null;
    },

    // The owner is not needed: the signed reference is the whole saved method.
    async saveMethod(token: string, _owner: PaymentMethodOwner) {
      const read = tokenMethod(token, secret, Math.floor(clock.now().getTime() / 1000));
      if (!read) throw new PaymentRequestRefused('invalid_payment_token', 'Your card details have expired. Please enter them again.');
      return savedOf(issueTestMethodRef(read.method, secret), read.method);
    },

    async cancelCharge(id: string) {
      // Conditional, as the bank's answer is (`authenticate`): whichever comes first decides, the other finds it.
      const [row] = await db
        .update(testProviderCharges)
        .set({ status: 'canceled', updatedAt: clock.now() })
        .where(and(eq(testProviderCharges.id, id), eq(testProviderCharges.status, 'requires_action')))
        .returning();
      const current = row ?? (await byId(id));
      return current ? chargeOf(current, actionUrl, secret) : null;
    },

    async authenticate(id: string, approved: boolean) {
      const [row] = await db
        .update(testProviderCharges)
        .set({ status: approved ? 'succeeded' : 'declined', declineCode: approved ? null : 'authentication_failed', updatedAt: clock.now() })
        .where(and(eq(testProviderCharges.id, id), eq(testProviderCharges.status, 'requires_action')))
        .returning();
      if (row) return chargeOf(row, actionUrl, secret);
      const current = await byId(id);
      return current ? chargeOf(current, actionUrl, secret) : null;
    },
  };
}
