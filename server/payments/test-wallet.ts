/**
 * @module server/payments/test-wallet: the embedded test provider's wallet (a PayPal-style provider, spec 001 §4, §7;
 * issue 14). The shopper approves a payment with their wallet's e-mail and the wallet hands back a nonce, which pays
 * like a card token: signed with the server's secret, unexpired, once. A wallet e-mail that starts with "declined"
 * is refused by the wallet, so the §8 wallet failure can be tried.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { CARD_TOKEN_TTL_SECONDS } from './test-card-token';

const PREFIX = 'nonce_test_';

interface NonceBody {
  id: string;
  email: string;
  exp: number;
}

const mac = (body: string, secret: string) => createHmac('sha256', `test-wallet-nonce:${secret}`).update(body).digest('base64url');

/** Whether the wallet refuses this account's payments (the test wallet's "declined" accounts). */
export const walletRefuses = (email: string) => email.toLowerCase().startsWith('declined');

/** A nonce for a payment the wallet's account `email` approved. */
export function issueWalletNonce(email: string, secret: string, nowSeconds: number): string {
  const body: NonceBody = { id: randomBytes(12).toString('base64url'), email, exp: nowSeconds + CARD_TOKEN_TTL_SECONDS };
  const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${PREFIX}${payload}.${mac(payload, secret)}`;
}

/** The approval a well-formed, correctly signed, unexpired nonce carries (its id pays once); null otherwise. */
export function readWalletNonce(nonce: string, secret: string, nowSeconds: number): { id: string; email: string } | null {
  if (!nonce.startsWith(PREFIX)) return null;
  const [payload, signature, ...rest] = nonce.slice(PREFIX.length).split('.');
  if (!payload || !signature || rest.length > 0) return null;
  const expected = Buffer.from(mac(payload, secret));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as NonceBody;
    if (typeof body.exp !== 'number' || body.exp <= nowSeconds || typeof body.id !== 'string' || typeof body.email !== 'string') return null;
    return { id: body.id, email: body.email };
  } catch {
    return null;
  }
}
