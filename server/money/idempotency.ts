/**
 * @module server/money/idempotency: one request that makes money move is answered once, however often it arrives
 * (API.md "Placing an order"; DESIGN.md "One money path"). Every call that creates an order or a charge uses it:
 * - the client's `Idempotency-Key` header (1 to 255 characters), kept per customer with what was made under it;
 * - a fingerprint of the request: the same key with another request is 422 `idempotency_key_reused`;
 * - a replay window for requests sent without a key: the same request within KEYLESS_REPLAY_MS (a double click whose
 *   second request arrives after the first has finished) gets the first one's answer.
 */
import { createHash } from 'node:crypto';
import { ApiError } from '../http/api-error';

/** How long a request without an Idempotency-Key is taken for a repeat of the same request. */
export const KEYLESS_REPLAY_MS = 10 * 60_000;

/** The client's key as kept (`client:<key>`), undefined when none was sent; a malformed one is 400. */
export function clientKeyOf(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (header.length === 0 || header.length > 255) throw new ApiError(400, 'validation_error', 'The Idempotency-Key header must be 1 to 255 characters.');
  return `client:${header}`;
}

/** A request's fingerprint: what it asks, hashed (never the card token itself in any log: the hash is one-way). */
export const fingerprint = (request: unknown): string => createHash('sha256').update(JSON.stringify(request)).digest('base64url');

/** What was made under a key: the same request is answered as the first was; another is refused. */
export function checkedReplay<T extends { requestHash: string }>(made: T, requestHash: string): T {
  if (made.requestHash !== requestHash)
    throw new ApiError(422, 'idempotency_key_reused', 'This Idempotency-Key was already used for a different order request.');
  return made;
}
