/**
 * @module server/gifts/gift-code: a gift card's code. 80 random bits written as 16 characters of Crockford's base32
 * in four groups (`7KQ2-M9XD-4TRB-H1CE`): no I, L, O or U, so it reads aloud and types back without mistakes, and
 * what a shopper types is read leniently (case, spaces and dashes ignored; O read as 0, I and L as 1). Only its
 * sha256 is stored (`gifts.code_hash`): the code itself exists in the gift e-mail alone.
 */
import { createHash, randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Characters of a code: 16 of 5 bits each = 80 bits. */
export const GIFT_CODE_LENGTH = 16;

/** A new code, as the e-mail shows it: XXXX-XXXX-XXXX-XXXX. */
export function newGiftCode(): string {
  const bytes = randomBytes(10);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let chars = '';
  for (let i = GIFT_CODE_LENGTH - 1; i >= 0; i--) chars += ALPHABET[Number((bits >> BigInt(i * 5)) & 31n)];
  return chars.match(/.{4}/g)!.join('-');
}

/** A typed code as stored: upper case, without separators, O as 0, I and L as 1; null when it cannot be a code. */
export function normalizeGiftCode(typed: string): string | null {
  const chars = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (chars.length !== GIFT_CODE_LENGTH || [...chars].some((c) => !ALPHABET.includes(c))) return null;
  return chars;
}

/** The stored form of a code: sha256 (hex) of its normalized characters. */
export function giftCodeHash(code: string): string {
  return createHash('sha256')
    .update(normalizeGiftCode(code) ?? code)
    .digest('hex');
}
