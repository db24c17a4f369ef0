import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ZipCode } from 'zipcodes';
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
 * The `zipcodes` registry (~5 MB of data), loaded once and then kept (every cart request looks a code up); the
 * server's start loads it (server/start-server.ts), so no shopper's request waits for it.
 * Its data files are object literals a line each (`exports.codes = {…};`, then `exports.stateMap = …`): read as text
 * and given to JSON.parse, the codes load in about a quarter of the time evaluating the package takes (130 ms against
 * 400-700 ms on this host), and that time holds up every request the server is answering. A file of another shape (a
 * new version of the package) is loaded through the package instead, as it was before.
 */
let loaded: Promise<Lookup> | null = null;
/** A code's entry in the registry (a US ZIP code, or a Canadian forward sortation area: `H2X`), or undefined. */
type Lookup = (key: string) => ZipCode | undefined;
/** The registry's lookup, loaded on its first use. */
export const zipcodeRegistry = () => (loaded ??= loadRegistry());

/** How the registry was loaded the last time: its data files parsed, or the package imported (tests check the first). */
export let registryLoadedBy: 'data files' | 'package' | null = null;

async function loadRegistry(): Promise<Lookup> {
  const parsed = registryFromDataFiles();
  registryLoadedBy = parsed ? 'data files' : 'package';
  // The US codes are digits and the Canadian letters and digits: no code is in both.
  const tables = parsed ?? [(await import('zipcodes')).default.codes];
  return (key) => tables.find((table) => Object.hasOwn(table, key))?.[key];
}

/** The registry's US and Canadian codes parsed from the package's data files, or null when they are not of the shape known. */
function registryFromDataFiles(): Record<string, ZipCode>[] | null {
  const dir = path.dirname(createRequire(import.meta.url).resolve('zipcodes'));
  const tables: Record<string, ZipCode>[] = [];
  for (const file of ['codes.js', 'codesCanada.js']) {
    let text: string;
    try {
      text = readFileSync(path.join(dir, file), 'utf8');
    } catch {
      return null;
    }
    const prefix = 'exports.codes = ';
    const line = text.slice(0, text.indexOf('\n'));
    if (!line.startsWith(prefix) || !line.endsWith(';')) return null;
    try {
      tables.push(JSON.parse(line.slice(prefix.length, -1)) as Record<string, ZipCode>);
    } catch {
      return null;
    }
  }
  return tables;
}

/** Looks a US ZIP code or Canadian postal code up in the `zipcodes` registry; null when it is not a known one. */
export async function locateZipcode(code: string, country: 'US' | 'CA' | null): Promise<Place | null> {
  const parsed = parsePostalCode(code, country);
  if (!parsed) return null;
  const zipcodes = await zipcodeRegistry();
  if (parsed.country === 'US') {
    const hit = zipcodes(parsed.zipcode.slice(0, 5));
    if (!hit || hit.country !== 'US') return null;
    return { zipcode: parsed.zipcode, country: 'US', city: hit.city, region: hit.state, latitude: hit.latitude, longitude: hit.longitude };
  }
  // The registry knows Canadian codes by their first half (the forward sortation area).
  const fsa = parsed.zipcode.slice(0, 3);
  const hit = zipcodes(fsa);
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
