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
} from './payment-provider';
import { issueTestMethodRef, readTestCardToken, readTestMethodRef } from './test-card-token';
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
 * What a charge's source is to the test provider: a card token, the wallet's nonce (a wallet payment the account
 * approved always succeeds) or a saved method's reference (it pays as often as it is charged: each charge its own
 * source id). Null when it is none of them, or not signed by this shop.
 */
function sourceCard(
  request: ChargeRequest,
  secret: string,
  nowSeconds: number,
): { tokenId: string; brand: string; last4: string; behaviour: CardBehaviour } | null {
  if (request.source.kind === 'saved_method') {
    const method = readTestMethodRef(request.source.ref, secret);
    return method
      ? { tokenId: `method:${randomBytes(12).toString('base64url')}`, brand: method.brand, last4: method.last4, behaviour: method.behaviour }
      : null;
  }
  const wallet = readWalletNonce(request.source.token, secret, nowSeconds);
  if (wallet) return { tokenId: wallet.id, brand: 'wallet', last4: '', behaviour: { outcome: 'succeeds' } };
  return readTestCardToken(request.source.token, secret, nowSeconds);
}

/** The charge a row records. */
function chargeOf(row: Row, actionUrl: (id: string) => string): Charge {
  const base = {
    id: row.id,
    amount: row.amount,
    currency: row.currency as Currency,
    card: { brand: row.cardBrand as CardBrand | 'wallet', last4: row.cardLast4 ?? '' },
  };
  if (row.status === 'succeeded') return { ...base, status: 'succeeded' };
  if (row.status === 'requires_action') return { ...base, status: 'requires_action', actionUrl: actionUrl(row.id) };
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
 *   until `authenticate`.
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
        .update(JSON.stringify([request.amount, request.currency, request.source.kind, sourceText(request)]))
        .digest('base64url');
      const replay = async () => {
        const existing = await byKey(request.idempotencyKey);
        if (!existing) return null;
        if (existing.requestHash !== requestHash)
          throw new PaymentRequestRefused('idempotency_key_reused', 'This idempotency key was used for another payment.');
        return chargeOf(existing, actionUrl);
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
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (row) return chargeOf(row, actionUrl);
      // Another request took the key (or the token) first: the key's charge is the answer; a token used under
      // another key pays no more.
      const winner = await replay();
      if (winner) return winner;
      throw new PaymentRequestRefused('payment_token_used', 'These card details were already used. Please enter them again.');
    },

    async findCharge(idempotencyKey: string) {
      const row = await byKey(idempotencyKey);
      return row ? chargeOf(row, actionUrl) : null;
    },

    async getCharge(id: string) {
      const row = await byId(id);
      return row ? chargeOf(row, actionUrl) : null;
    },

    // The owner is not needed: the signed reference is the whole saved method.
    async saveMethod(token: string, _owner: PaymentMethodOwner) {
      const nowSeconds = Math.floor(clock.now().getTime() / 1000);
      const wallet = readWalletNonce(token, secret, nowSeconds);
      const card = wallet ? null : readTestCardToken(token, secret, nowSeconds);
      if (!wallet && !card) throw new PaymentRequestRefused('invalid_payment_token', 'Your card details have expired. Please enter them again.');
      const method = wallet
        ? { service: 'wallet' as const, brand: 'wallet', last4: '', expMonth: null, expYear: null, behaviour: { outcome: 'succeeds' as const } }
        : { service: 'card' as const, brand: card!.brand, last4: card!.last4, expMonth: card!.expMonth, expYear: card!.expYear, behaviour: card!.behaviour };
      const { behaviour: _b, ...shown } = method;
      return { ref: issueTestMethodRef(method, secret), ...shown };
    },

    async authenticate(id: string, approved: boolean) {
      const [row] = await db
        .update(testProviderCharges)
        .set({ status: approved ? 'succeeded' : 'declined', declineCode: approved ? null : 'authentication_failed', updatedAt: clock.now() })
        .where(and(eq(testProviderCharges.id, id), eq(testProviderCharges.status, 'requires_action')))
        .returning();
      if (row) return chargeOf(row, actionUrl);
      const current = await byId(id);
      return current ? chargeOf(current, actionUrl) : null;
    },
  };
}
