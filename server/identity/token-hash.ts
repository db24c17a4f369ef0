import { createHash, randomBytes } from 'node:crypto';

/** A new unguessable token (256 bits, URL-safe). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The only form in which magic-link and refresh tokens are stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A short public identifier (pubkey) for a row. */
export function newPubkey(): string {
  return randomBytes(12).toString('base64url');
}
