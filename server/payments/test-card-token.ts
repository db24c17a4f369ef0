import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AcceptedCard, CardBehaviour, CardBrand } from './test-cards';

/** How long a card token may wait before it is used (the payment step submits it at once). */
export const CARD_TOKEN_TTL_SECONDS = 60 * 60;

const PREFIX = 'tok_test_';

interface TokenBody {
  /** A random id: it makes every token different, and a charge records it so a token pays once. */
  id: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  name: string;
  behaviour: CardBehaviour;
  exp: number;
}

function mac(body: string, secret: string): string {
  return createHmac('sha256', `test-card-token:${secret}`).update(body).digest('base64url');
}

/**
 * A card token of the embedded test provider: the accepted card (brand, last four, expiry, name and what it does,
 * never its number) signed with the server's secret, so the server trusts it back without keeping it.
 * Shaped like a Stripe token (`tok_...`) so the payment step treats both alike.
 */
export function issueTestCardToken(card: AcceptedCard, secret: string, nowSeconds: number): { token: string; id: string } {
  const id = randomBytes(12).toString('base64url');
  const body: TokenBody = {
    id,
    brand: card.brand,
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
    name: card.name,
    behaviour: card.behaviour,
    exp: nowSeconds + CARD_TOKEN_TTL_SECONDS,
  };
  const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
  return { token: `${PREFIX}${payload}.${mac(payload, secret)}`, id };
}

/** The card of a well-formed, correctly signed, unexpired token, with the token's id; null otherwise. */
export function readTestCardToken(token: string, secret: string, nowSeconds: number): (AcceptedCard & { tokenId: string }) | null {
  if (!token.startsWith(PREFIX)) return null;
  const [payload, signature, ...rest] = token.slice(PREFIX.length).split('.');
  if (!payload || !signature || rest.length > 0) return null;
  const expected = Buffer.from(mac(payload, secret));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let body: TokenBody;
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TokenBody;
  } catch {
    return null;
  }
  if (typeof body.exp !== 'number' || body.exp <= nowSeconds) return null;
  return { tokenId: body.id, brand: body.brand, last4: body.last4, expMonth: body.expMonth, expYear: body.expYear, name: body.name, behaviour: body.behaviour };
}

const METHOD_PREFIX = 'pmref_test_';

/** What a saved method reference carries: the card (or wallet) and what it does when charged; it does not expire. */
export interface TestMethod {
  service: 'card' | 'wallet';
  brand: string;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
  behaviour: CardBehaviour;
}

/** A saved method's reference (`pmref_test_...`): the method signed with the server's secret, as Stripe's `pm_...` names a card it keeps. */
export function issueTestMethodRef(method: TestMethod, secret: string): string {
  const payload = Buffer.from(JSON.stringify(method)).toString('base64url');
  return `${METHOD_PREFIX}${payload}.${mac(`method:${payload}`, secret)}`;
}

/** The method a well-formed, correctly signed reference names; null otherwise. */
export function readTestMethodRef(ref: string, secret: string): TestMethod | null {
  if (!ref.startsWith(METHOD_PREFIX)) return null;
  const [payload, signature, ...rest] = ref.slice(METHOD_PREFIX.length).split('.');
  if (!payload || !signature || rest.length > 0) return null;
  const expected = Buffer.from(mac(`method:${payload}`, secret));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TestMethod;
  } catch {
    return null;
  }
}
