/**
 * @module api/regions: the states and provinces the shop ships to (spec 001 §9 Countries: a US "State", a Canadian
 * "Province"), with their names, for the address forms, the server's address check and the tax table. Zod-free.
 */

/** The countries an address may be in. */
export type AddressCountry = 'US' | 'CA';

/** The 50 states and the District of Columbia, by USPS code. */
// prettier-ignore
export const US_STATES: Readonly<Record<string, string>> = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut',
  DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois',
  IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland',
  MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri', MT: 'Montana', NE: 'Nebraska',
  NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico', NY: 'New York', NC: 'North Carolina',
  ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania', RI: 'Rhode Island',
  SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah', VT: 'Vermont', VA: 'Virginia',
  WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
};

/** The 10 provinces and 3 territories, by Canada Post code. */
// prettier-ignore
export const CA_PROVINCES: Readonly<Record<string, string>> = {
  AB: 'Alberta', BC: 'British Columbia', MB: 'Manitoba', NB: 'New Brunswick', NL: 'Newfoundland and Labrador',
  NS: 'Nova Scotia', NT: 'Northwest Territories', NU: 'Nunavut', ON: 'Ontario', PE: 'Prince Edward Island',
  QC: 'Quebec', SK: 'Saskatchewan', YT: 'Yukon',
};

/** The regions of a country, code to name. */
export function regionsOf(country: AddressCountry): Readonly<Record<string, string>> {
  return country === 'US' ? US_STATES : CA_PROVINCES;
}

/** What a country calls its regions (spec 001 §9: US "State", CA "Province"). */
export function regionLabel(country: AddressCountry): 'State' | 'Province' {
  return country === 'US' ? 'State' : 'Province';
}

/** The region's code as the shop keeps it ("ny" -> "NY", "Ontario" -> "ON"), or null when the country has no such region. */
export function regionCode(country: AddressCountry, input: string): string | null {
  const text = input.trim();
  const regions = regionsOf(country);
  const upper = text.toUpperCase();
  if (Object.hasOwn(regions, upper)) return upper;
  const byName = Object.entries(regions).find(([, name]) => name.toLowerCase() === text.toLowerCase());
  return byName ? byName[0] : null;
}
