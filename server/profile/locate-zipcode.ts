/** Where a zip or postal code is (spec 000 §3.2 profile_zipcode/profile_country). */
export interface Place {
  zipcode: string;
  country: 'US' | 'CA';
  city: string;
  region: string;
  latitude: number;
  longitude: number;
}

const US_ZIP = /^(\d{5})(?:-?\d{4})?$/;
const CA_POSTAL = /^([A-Z]\d[A-Z])(?:[ -]?(\d[A-Z]\d))?$/;

/** The country a profile_country answer names, or null when it names neither the US nor Canada. */
export function countryOf(value: unknown): 'US' | 'CA' | null {
  if (typeof value !== 'string') return null;
  const v = value.trim().toUpperCase();
  if (['US', 'USA', 'UNITED STATES', 'UNITED STATES OF AMERICA'].includes(v)) return 'US';
  if (['CA', 'CAN', 'CANADA'].includes(v)) return 'CA';
  return null;
}

/** Looks a US ZIP code or Canadian postal code up in the `zipcodes` registry; null when it is not a known one. */
export async function locateZipcode(code: string, country: 'US' | 'CA' | null): Promise<Place | null> {
  const compact = code.trim().toUpperCase();
  const us = US_ZIP.exec(compact);
  const ca = CA_POSTAL.exec(compact);
  const { default: zipcodes } = await import('zipcodes'); // ~5 MB of data: loaded on first use only
  if (us && country !== 'CA') {
    const hit = zipcodes.lookup(us[1]!);
    if (!hit || hit.country !== 'US') return null;
    return { zipcode: compact, country: 'US', city: hit.city, region: hit.state, latitude: hit.latitude, longitude: hit.longitude };
  }
  if (ca && country !== 'US') {
    const fsa = ca[1]!;
    const hit = zipcodes.lookup(fsa);
    if (!hit || hit.country !== 'Canada') return null;
    return {
      zipcode: ca[2] ? `${fsa} ${ca[2]}` : fsa,
      country: 'CA',
      // The registry names Canadian areas like "Downtown Toronto (cn Tower / King And Spadina / ...)".
      city: hit.city.replace(/\s*\(.*$/, '').trim(),
      region: provinceOf(fsa),
      latitude: hit.latitude,
      longitude: hit.longitude,
    };
  }
  return null;
}

/** The province or territory code from the first letter of a Canadian postal code. */
function provinceOf(fsa: string): string {
  if (fsa.startsWith('X')) return ['X0A', 'X0B', 'X0C'].includes(fsa) ? 'NU' : 'NT';
  const byLetter: Record<string, string> = {
    A: 'NL', B: 'NS', C: 'PE', E: 'NB', G: 'QC', H: 'QC', J: 'QC', K: 'ON', L: 'ON', M: 'ON', N: 'ON', P: 'ON', R: 'MB', S: 'SK', T: 'AB', V: 'BC', Y: 'YT',
  };
  return byLetter[fsa[0] ?? ''] ?? '';
}
