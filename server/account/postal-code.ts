import { parsePostalCode, type PostalCountry } from '#engine';

/** The postal code in its usual written form ("10001", "10001-1234", "M5V 3L9"), or null when it is not one of that country's. */
export function normalizePostalCode(code: string, country: PostalCountry): string | null {
  return parsePostalCode(code, country)?.zipcode ?? null;
}

/** The field error for a postal code that does not match its country. */
export function postalCodeMessage(country: PostalCountry): string {
  return country === 'US' ? 'Enter a valid ZIP code, like 10001.' : 'Enter a valid postal code, like M5V 3L9.';
}
