/**
 * @module engine/runtime/postal-code: the one rule for US ZIP codes and Canadian postal codes, used by the zip-code
 * step (renderer), the answers check and the aggressors lookup (server), and addresses (account, checkout).
 */

/** The countries whose postal codes the shop knows (spec 000 §3.2 profile_country; spec 001 §9 Countries). */
export type PostalCountry = 'US' | 'CA';

/** A postal code as the shop keeps it, and its country. */
export interface PostalCode {
  /** "10001", "10001-1234" or "K1A 0B1". */
  zipcode: string;
  country: PostalCountry;
}

// A ZIP or ZIP+4, the +4 joined by a hyphen, a space or nothing.
const US_ZIP = /^(\d{5})(?:[-\s]?(\d{4}))?$/;
// Canada Post: no D, F, I, O, Q or U anywhere; no W or Z in first position. The halves joined by a space, a hyphen or nothing.
const CA_POSTAL = /^([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z])[-\s]?(\d[ABCEGHJ-NPRSTV-Z]\d)$/;

/**
 * Reads a US ZIP code (12345, 12345-6789) or a Canadian postal code (A1A 1A1; space optional, any case) as typed.
 * With a country, only that country's format is accepted; without, the format says which. Null for anything else.
 * @example parsePostalCode('k1a0b1') // { zipcode: 'K1A 0B1', country: 'CA' }
 * @example parsePostalCode('10001', 'CA') // null
 */
export function parsePostalCode(input: string, country?: PostalCountry | null): PostalCode | null {
  const text = input.trim().toUpperCase();
  if (country !== 'CA') {
    const us = US_ZIP.exec(text);
    if (us) return { zipcode: us[2] ? `${us[1]}-${us[2]}` : us[1]!, country: 'US' };
  }
  if (country !== 'US') {
    const ca = CA_POSTAL.exec(text);
    if (ca) return { zipcode: `${ca[1]} ${ca[2]}`, country: 'CA' };
  }
  return null;
}

/** Whether `value` is a postal code written as the shop keeps it (what parsePostalCode returns), of `country` when given. */
export function isKeptPostalCode(value: unknown, country?: PostalCountry | null): boolean {
  return typeof value === 'string' && parsePostalCode(value, country)?.zipcode === value;
}

/** The country a country answer or field names ("US", "usa", "Canada", ...), or null when it is neither the US nor Canada. */
export function postalCountryOf(value: unknown): PostalCountry | null {
  if (typeof value !== 'string') return null;
  const v = value.trim().toUpperCase();
  if (['US', 'USA', 'UNITED STATES', 'UNITED STATES OF AMERICA'].includes(v)) return 'US';
  if (['CA', 'CAN', 'CANADA'].includes(v)) return 'CA';
  return null;
}
