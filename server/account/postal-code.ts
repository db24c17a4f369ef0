const US_ZIP = /^(\d{5})(?:-?(\d{4}))?$/;
const CA_POSTAL = /^([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z])[ -]?(\d[ABCEGHJ-NPRSTV-Z]\d)$/;

/** The postal code in its usual written form ("10001", "10001-1234", "M5V 3L9"), or null when it is not one of that country's. */
export function normalizePostalCode(code: string, country: 'US' | 'CA'): string | null {
  const compact = code.trim().toUpperCase();
  if (country === 'US') {
    const us = US_ZIP.exec(compact);
    return us ? (us[2] ? `${us[1]}-${us[2]}` : us[1]!) : null;
  }
  const ca = CA_POSTAL.exec(compact);
  return ca ? `${ca[1]} ${ca[2]}` : null;
}

/** The field error for a postal code that does not match its country. */
export function postalCodeMessage(country: 'US' | 'CA'): string {
  return country === 'US' ? 'Enter a valid ZIP code, like 10001.' : 'Enter a valid postal code, like M5V 3L9.';
}
