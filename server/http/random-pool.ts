import { randomBytes } from 'node:crypto';

const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let used = 0;

/**
 * `bytes` random bytes from the operating system's generator, as text: drawn from a pool filled 4 KB at a time and
 * never handed out twice. Every response takes a CSP nonce and a first visit a visitor id; a `randomBytes` call each
 * cost more than the rest of a small answer's headers.
 * @example pooledRandom(16, 'base64url') // 'q0Xn7d1d2pX1wq4cW1QY0w'
 */
export function pooledRandom(bytes: number, encoding: 'base64' | 'base64url'): string {
  if (used + bytes > pool.length) {
    pool = randomBytes(Math.max(POOL_BYTES, bytes));
    used = 0;
  }
  const text = pool.toString(encoding, used, used + bytes);
  used += bytes;
  return text;
}
