/**
 * @module api/phone: phone numbers and Canadian postal codes as a shopper types them in an address (spec 001 §5):
 * "(XXX) XXX-XXXX" built up while typing, exactly 10 digits, the country (+1 for both) told by the area code, and
 * the Canadian postal code upper-cased with a space after the third character. Zod-free: forms import it through
 * '#api/shared', and the server checks the same rules.
 */

/**
 * Canadian area codes, geographic and non-geographic (Canadian Numbering Administrator, "Area codes in Canada",
 * 2025). Any other area code is taken to be in the United States (spec 001 §5: "a listed set of area codes means
 * Canada, otherwise US").
 */
// prettier-ignore
export const CANADIAN_AREA_CODES: ReadonlySet<string> = new Set([
  // Alberta
  '368', '403', '587', '780', '825',
  // British Columbia
  '236', '250', '257', '604', '672', '778',
  // Manitoba
  '204', '431', '584',
  // New Brunswick
  '428', '506',
  // Newfoundland and Labrador
  '709', '879',
  // Nova Scotia and Prince Edward Island
  '782', '902',
  // Ontario
  '226', '249', '289', '343', '365', '382', '387', '416', '437', '519', '548', '613', '647', '683', '705', '742', '753', '807', '905', '942',
  // Quebec
  '263', '354', '367', '418', '438', '450', '468', '514', '579', '581', '819', '873',
  // Saskatchewan
  '306', '474', '639',
  // Yukon, Northwest Territories and Nunavut
  '867',
  // Non-geographic
  '600', '622', '633', '644', '655', '677', '688',
]);

/** The 10 digits of a North American number as typed: anything but digits dropped, a leading country code 1 too. */
export function phoneDigits(input: string): string {
  const digits = input.replace(/\D/g, '');
  return (digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits).slice(0, 10);
}

/**
 * The number as the field shows it while the shopper types (spec 001 §5: formatted progressively):
 * "(555", "(555) 12", "(555) 123-4567". Never more than 10 digits.
 */
export function formatPhoneInput(input: string): string {
  const digits = phoneDigits(input);
  if (digits.length === 0) return '';
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** A complete number: exactly 10 digits (spec 001 §5). */
export function isCompletePhone(input: string): boolean {
  return input.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '').length === 10;
}

/** The country of a number, from its area code (spec 001 §5); null until the area code is typed. */
export function phoneCountry(input: string): 'US' | 'CA' | null {
  const digits = phoneDigits(input);
  if (digits.length < 3) return null;
  return CANADIAN_AREA_CODES.has(digits.slice(0, 3)) ? 'CA' : 'US';
}

/** The number as the shop stores it: "+1" and its 10 digits; null when it is not complete. */
export function storedPhone(input: string): string | null {
  return isCompletePhone(input) ? `+1${phoneDigits(input)}` : null;
}

/** The Canadian postal code as typed into an address (spec 001 §5): upper-cased, a space after the 3rd character, at most 7 characters. */
export function formatCanadianPostalInput(input: string): string {
  const compact = input.replace(/\s+/g, '').toUpperCase().slice(0, 6);
  return compact.length > 3 ? `${compact.slice(0, 3)} ${compact.slice(3)}` : compact;
}
