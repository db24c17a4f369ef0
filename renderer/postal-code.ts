/** A zip code the shop can use: the text to store and the country it belongs to. */
export interface PostalCode {
  zipcode: string;
  country: 'US' | 'CA';
}

const usZip = /^(\d{5})(?:[-\s]?(\d{4}))?$/;
// Canada Post: no D, F, I, O, Q or U anywhere; no W or Z in first position.
const canadianPostalCode = /^([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z])\s?(\d[ABCEGHJ-NPRSTV-Z]\d)$/i;

/**
 * Reads a US ZIP (12345 or 12345-6789) or a Canadian postal code (A1A 1A1, space optional, any case);
 * the country follows from the format. Returns null for anything else.
 * @example parsePostalCode('k1a0b1') // { zipcode: 'K1A 0B1', country: 'CA' }
 */
export function parsePostalCode(input: string): PostalCode | null {
  const text = input.trim();
  const us = usZip.exec(text);
  if (us) return { zipcode: us[2] ? `${us[1]}-${us[2]}` : us[1]!, country: 'US' };
  const ca = canadianPostalCode.exec(text);
  if (ca) return { zipcode: `${ca[1]} ${ca[2]}`.toUpperCase(), country: 'CA' };
  return null;
}
