import { createHmac, timingSafeEqual } from 'node:crypto';

/** The claims of an access token. The web client decodes `exp` to refresh early. */
export interface AccessClaims {
  /** The user's pubkey. */
  sub: string;
  guest: boolean;
  /** The sign-in session (refresh token family) it belongs to. */
  sid: string;
  iat: number;
  exp: number;
}

const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

/** Signs claims as an HS256 JWT. */
export function signJwt(claims: AccessClaims, secret: string): string {
  const body = `${HEADER}.${base64url(JSON.stringify(claims))}`;
  return `${body}.${mac(body, secret)}`;
}

/** Returns the claims of a well-formed, correctly signed, unexpired token, else null. */
export function verifyJwt(token: string, secret: string, nowSeconds: number): AccessClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  if (header !== HEADER) return null; // only our own header: no alg=none, no alg switching
  const expected = Buffer.from(mac(`${header}.${payload}`, secret));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!isAccessClaims(claims) || claims.exp <= nowSeconds) return null;
  return claims;
}

function isAccessClaims(value: unknown): value is AccessClaims {
  if (value === null || typeof value !== 'object') return false;
  const c = value as Record<string, unknown>;
  return typeof c.sub === 'string' && typeof c.guest === 'boolean' && typeof c.sid === 'string' && Number.isFinite(c.exp) && Number.isFinite(c.iat);
}

function mac(data: string, secret: string): string {
  return createHmac('sha256', secret).update(data).digest('base64url');
}

function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}
