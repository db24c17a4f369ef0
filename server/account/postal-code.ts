import { regionCode, regionLabel } from '#api/shared';
import { parsePostalCode, type PostalCountry } from '#engine';
import { validationError } from '../http/api-error';

/** The postal code in its usual written form ("10001", "10001-1234", "M5V 3L9"), or null when it is not one of that country's. */
export function normalizePostalCode(code: string, country: PostalCountry): string | null {
  return parsePostalCode(code, country)?.zipcode ?? null;
}

/** The field error for a postal code that does not match its country. */
export function postalCodeMessage(country: PostalCountry): string {
  return country === 'US' ? 'Enter a valid ZIP code, like 10001.' : 'Enter a valid postal code, like M5V 3L9.';
}

/**
 * The place fields of an address, checked together: the postal code must be the country's, the state or province
 * one of the country's (spec 001 §9 Countries), kept by its code. Throws 400 naming each field that is wrong.
 */
export function checkedPlace(place: { zipcode: string; state: string; country: PostalCountry }): { zipcode: string; state: string } {
  const zipcode = normalizePostalCode(place.zipcode, place.country);
  const state = regionCode(place.country, place.state);
  const fields: Record<string, string[]> = {};
  if (!zipcode) fields.zipcode = [postalCodeMessage(place.country)];
  if (!state) fields.state = [`Choose a ${regionLabel(place.country).toLowerCase()} of ${place.country === 'US' ? 'the United States' : 'Canada'}.`];
  if (!zipcode || !state) throw validationError(fields);
  return { zipcode, state };
}
