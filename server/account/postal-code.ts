import { CA_PROVINCES, US_STATES, regionCode, regionLabel } from '#api/shared';
import { parsePostalCode, type PostalCountry } from '#engine';
import { validationError } from '../http/api-error';
import { locateZipcode, provinceOf } from '../profile/locate-zipcode';

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
 * one of the country's (spec 001 §9 Countries), kept by its code, and the postal code must lie in that state or
 * province (taxes follow the state: a Brooklyn ZIP with the state OR would pay Oregon's). Throws 400 naming each field
 * that is wrong.
 */
export async function checkedPlace(place: { zipcode: string; state: string; country: PostalCountry }): Promise<{ zipcode: string; state: string }> {
  const zipcode = normalizePostalCode(place.zipcode, place.country);
  const state = regionCode(place.country, place.state);
  const fields: Record<string, string[]> = {};
  if (!zipcode) fields.zipcode = [postalCodeMessage(place.country)];
  if (!state) fields.state = [`Choose a ${regionLabel(place.country).toLowerCase()} of ${place.country === 'US' ? 'the United States' : 'Canada'}.`];
  if (!zipcode || !state) throw validationError(fields);
  const mismatch = await regionMismatch(zipcode, state, place.country);
  if (mismatch) throw validationError({ zipcode: [mismatch] });
  return { zipcode, state };
}

/**
 * Why a kept postal code does not lie in the state or province, or null when it does. A Canadian code names its
 * province by its first letter (X: the Northwest Territories or Nunavut); a US ZIP code is looked up in the registry
 * the consultation uses (the `zipcodes` package). A ZIP code the registry does not know (a new one) is taken as
 * written: the carrier checks the address, and refusing it would turn away a real shopper.
 */
export async function regionMismatch(zipcode: string, state: string, country: PostalCountry): Promise<string | null> {
  let region: string | null;
  if (country === 'CA') {
    region = provinceOf(zipcode.slice(0, 3).toUpperCase());
    if (region === 'NT' && state === 'NU') return null;
  } else region = (await locateZipcode(zipcode, 'US'))?.region ?? null;
  if (!region || region === state) return null;
  const name = regionName(country, region);
  return `This ${country === 'US' ? 'ZIP' : 'postal'} code is in ${name}, not ${regionName(country, state)}. Check the ${country === 'US' ? 'ZIP code and state' : 'postal code and province'}.`;
}

const regionName = (country: PostalCountry, code: string) => (country === 'US' ? US_STATES : CA_PROVINCES)[code] ?? code;
