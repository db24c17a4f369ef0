import { describe, expect, it } from 'vitest';
import { CA_PROVINCES, regionCode, regionLabel, US_STATES } from '#api/shared';

describe('states and provinces (spec 001 §9 Countries and display)', () => {
  it('the 50 states and DC; the 10 provinces and 3 territories', () => {
    expect(Object.keys(US_STATES)).toHaveLength(51);
    expect(US_STATES.DC).toBe('District of Columbia');
    expect(Object.keys(CA_PROVINCES)).toHaveLength(13);
  });

  it('§9 line 505: a US address has a "State", a Canadian one a "Province"', () => {
    expect(regionLabel('US')).toBe('State');
    expect(regionLabel('CA')).toBe('Province');
  });

  it('a region is kept by its code, typed as a code or a name in any case; another country’s is none', () => {
    expect(regionCode('US', ' ny ')).toBe('NY');
    expect(regionCode('US', 'North Carolina')).toBe('NC');
    expect(regionCode('CA', 'quebec')).toBe('QC');
    expect(regionCode('US', 'ON')).toBeNull();
    expect(regionCode('CA', 'Texas')).toBeNull();
    expect(regionCode('US', 'constructor')).toBeNull();
    expect(regionCode('US', 'toString')).toBeNull();
  });
});
