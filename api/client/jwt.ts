/** Reads `exp` (seconds since the epoch) from a JWT's payload; null when the token is not a readable JWT. */
export function readExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const claims: unknown = JSON.parse(atob(base64));
    if (typeof claims !== 'object' || claims === null) return null;
    const exp = (claims as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
  } catch {
    return null;
  }
}

/** True when the token expires within `leewaySeconds` of `nowMs`; tokens without a readable `exp` never count as expiring. */
export function expiresWithin(token: string, leewaySeconds: number, nowMs: number): boolean {
  const exp = readExpiry(token);
  return exp !== null && exp * 1000 - nowMs <= leewaySeconds * 1000;
}
