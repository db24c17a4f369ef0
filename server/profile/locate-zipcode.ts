import { parsePostalCode, postalCountryOf } from '#engine';

/** Where a zip or postal code is (spec 000 §3.2 profile_zipcode/profile_country). */
export interface Place {
  zipcode: string;
  country: 'US' | 'CA';
  city: string;
  region: string;
  latitude: number;
  longitude: number;
}

/** The country a profile_country answer names, or null when it names neither the US nor Canada. */
export const countryOf = postalCountryOf;

/**
 * The `zipcodes` registry (~5 MB of data), loaded on first use and then kept: an `import()` on every lookup is not
 * free (each goes through the module loader's hooks), and every cart request looks a code up.
 */
let loaded: ReturnType<typeof loadRegistry> | null = null;
const loadRegistry = async () => (await import('zipcodes')).default;
const registry = () => (loaded ??= loadRegistry());

/** Looks a US ZIP code or Canadian postal code up in the `zipcodes` registry; null when it is not a known one. */
export async function locateZipcode(code: string, country: 'US' | 'CA' | null): Promise<Place | null> {
  const parsed = parsePostalCode(code, country);
  if (!parsed) return null;
  const zipcodes = await registry();
  if (parsed.country === 'US') {
    const hit = zipcodes.lookup(parsed.zipcode.slice(0, 5));
    if (!hit || hit.country !== 'US') return null;
    return { zipcode: parsed.zipcode, country: 'US', city: hit.city, region: hit.state, latitude: hit.latitude, longitude: hit.longitude };
  }
  // The registry knows Canadian codes by their first half (the forward sortation area).
  const fsa = parsed.zipcode.slice(0, 3);
  const hit = zipcodes.lookup(fsa);
  if (!hit || hit.country !== 'Canada') return null;
  return {
    zipcode: parsed.zipcode,
    country: 'CA',
    // The registry names Canadian areas like "Downtown Toronto (cn Tower / King And Spadina / ...)".
    city: hit.city.replace(/\s*\(.*$/, '').trim(),
    region: provinceOf(fsa),
    latitude: hit.latitude,
    longitude: hit.longitude,
  };
}

/** The province or territory code from the first letter of a Canadian postal code (its forward sortation area). */
export function provinceOf(fsa: string): string {
  if (fsa.startsWith('X')) return ['X0A', 'X0B', 'X0C'].includes(fsa) ? 'NU' : 'NT';
  const byLetter: Record<string, string> = {
    A: 'NL',
    B: 'NS',
    C: 'PE',
    E: 'NB',
    G: 'QC',
    H: 'QC',
    J: 'QC',
    K: 'ON',
    L: 'ON',
    M: 'ON',
    N: 'ON',
    P: 'ON',
    R: 'MB',
    S: 'SK',
    T: 'AB',
    V: 'BC',
    Y: 'YT',
  };
  return byLetter[fsa[0] ?? ''] ?? '';
}
