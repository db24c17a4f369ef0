import { describe, expect, it } from 'vitest';
import { CANADIAN_AREA_CODES, formatCanadianPostalInput, formatPhoneInput, isCompletePhone, phoneCountry, phoneDigits, storedPhone } from '#api/shared';
import { parsePostalCode } from '#engine';

describe('phone numbers in addresses (spec 001 §5 line 298)', () => {
  it('formats progressively while typing, up to (XXX) XXX-XXXX and never past 10 digits', () => {
    const typed = '4165551234999';
    const shown = [...typed].map((_, i) => formatPhoneInput(typed.slice(0, i + 1)));
    expect(shown.slice(0, 10)).toEqual([
      '(4',
      '(41',
      '(416',
      '(416) 5',
      '(416) 55',
      '(416) 555',
      '(416) 555-1',
      '(416) 555-12',
      '(416) 555-123',
      '(416) 555-1234',
    ]);
    expect(shown.at(-1)).toBe('(416) 555-1234');
    expect(formatPhoneInput('')).toBe('');
    expect(formatPhoneInput('abc')).toBe('');
    // Pasted forms: punctuation, a leading +1.
    expect(formatPhoneInput('+1 (212) 555-0100')).toBe('(212) 555-0100');
    expect(formatPhoneInput('212.555.0100')).toBe('(212) 555-0100');
    // Re-formatting what it shows gives the same text (the field formats its own value on every keystroke).
    expect(formatPhoneInput(formatPhoneInput('2125550100'))).toBe('(212) 555-0100');
  });

  it('must be exactly 10 digits', () => {
    expect(isCompletePhone('(212) 555-0100')).toBe(true);
    expect(isCompletePhone('+1 212 555 0100')).toBe(true);
    expect(isCompletePhone('212 555 010')).toBe(false);
    expect(isCompletePhone('212 555 01000')).toBe(false);
    expect(storedPhone('(212) 555-0100')).toBe('+12125550100');
    expect(storedPhone('555-0100')).toBeNull();
    expect(phoneDigits('1 212 555 0100')).toBe('2125550100');
  });

  it('the area code tells Canada from the US: a listed Canadian area code means Canada, any other the US', () => {
    expect(phoneCountry('(416) 555-1234')).toBe('CA'); // Toronto
    expect(phoneCountry('514')).toBe('CA'); // Montréal
    expect(phoneCountry('(867) 555-0000')).toBe('CA'); // the territories
    expect(phoneCountry('(212) 555-0100')).toBe('US'); // New York
    expect(phoneCountry('(907) 555-0100')).toBe('US'); // Alaska
    expect(phoneCountry('41')).toBeNull();
    // Every listed code is a three-digit area code (no 0 or 1 first digit).
    for (const code of CANADIAN_AREA_CODES) expect(code).toMatch(/^[2-9]\d\d$/);
  });
});

describe('Canadian postal codes in addresses (spec 001 §5 line 299)', () => {
  it('upper-cased, a space after the 3rd character, at most 7 characters', () => {
    expect(formatCanadianPostalInput('k')).toBe('K');
    expect(formatCanadianPostalInput('k1a')).toBe('K1A');
    expect(formatCanadianPostalInput('k1a0')).toBe('K1A 0');
    expect(formatCanadianPostalInput('k1a0b1')).toBe('K1A 0B1');
    expect(formatCanadianPostalInput('K1A 0B1 extra')).toBe('K1A 0B1');
    expect(formatCanadianPostalInput(' k1a  0b1 ')).toBe('K1A 0B1');
    expect(formatCanadianPostalInput('k1a0b1').length).toBeLessThanOrEqual(7);
    // What it shows is what the shop's postal-code rule keeps.
    expect(parsePostalCode(formatCanadianPostalInput('k1a0b1'), 'CA')?.zipcode).toBe('K1A 0B1');
  });
});
