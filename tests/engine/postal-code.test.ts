import { describe, expect, it } from 'vitest';
import { answerCatalog, loadFlowDirectory } from '#engine/compiler';
import { checkAnswers } from '../../engine/server/answer-catalog';
import { isKeptPostalCode, parsePostalCode, postalCountryOf } from '../../engine/runtime/postal-code';
import { normalizeZipcode } from '#engine';

/**
 * One rule for postal codes (issue 11 "domain rules shared"): the zip-code step, the answers check, the aggressors
 * lookup and addresses all read codes through engine/runtime/postal-code.ts.
 */
describe('spec 001 §5 / spec 000 §3.2: postal codes, one rule', () => {
  it.each([
    ['10001', undefined, '10001'],
    ['10001 1234', undefined, '10001-1234'],
    ['100011234', 'US', '10001-1234'],
    ['k1a0b1', undefined, 'K1A 0B1'],
    ['  m5v-3l9 ', 'CA', 'M5V 3L9'],
  ] as const)('reads %j (country %s) as %j', (input, country, kept) => {
    expect(parsePostalCode(input, country)?.zipcode).toBe(kept);
  });

  it('a Canadian code is upper-cased with a space after the 3rd character, at most 7 characters (spec 001 §5)', () => {
    const kept = parsePostalCode('h2x1y4')!.zipcode;
    expect(kept).toBe('H2X 1Y4');
    expect(kept.length).toBeLessThanOrEqual(7);
  });

  it.each([
    ['10001', 'CA'],
    ['K1A 0B1', 'US'],
    ['D1A 1A1', undefined], // Canada Post uses no D, F, I, O, Q or U
    ['W1A 1A1', undefined], // nor W or Z first
    ['V6B', 'CA'], // half a code
    ['1234', undefined],
    ['12345-67', undefined],
  ] as const)('refuses %j (country %s)', (input, country) => {
    expect(parsePostalCode(input, country)).toBeNull();
  });

  it('a kept code is exactly what parsing returns; anything else (lower case, no space, the wrong country) is not', () => {
    expect(isKeptPostalCode('K1A 0B1', 'CA')).toBe(true);
    expect(isKeptPostalCode('10001-1234', null)).toBe(true);
    expect(isKeptPostalCode('k1a 0b1', 'CA')).toBe(false);
    expect(isKeptPostalCode('K1A0B1', null)).toBe(false);
    expect(isKeptPostalCode('10001', 'CA')).toBe(false);
    expect(isKeptPostalCode(10001, 'US')).toBe(false);
  });

  it('reads country answers in their usual spellings', () => {
    expect(postalCountryOf(' usa ')).toBe('US');
    expect(postalCountryOf('Canada')).toBe('CA');
    expect(postalCountryOf('GB')).toBeNull();
    expect(postalCountryOf('toString')).toBeNull();
  });

  it('what the zip-code step saves the answers check accepts; what the step would not send it refuses (spec 000 §3.2)', () => {
    const catalog = answerCatalog(loadFlowDirectory('flows').flows);
    const saved = (typed: string, country: string) => ({ profile_zipcode: normalizeZipcode(typed), profile_country: country });
    expect(checkAnswers(catalog, saved(' k1a0b1 ', 'CA')).ok).toBe(true);
    expect(checkAnswers(catalog, saved('941051234', 'US')).ok).toBe(true);
    expect(checkAnswers(catalog, { profile_zipcode: 'K1A0B1', profile_country: 'CA' }).ok).toBe(false);
    expect(checkAnswers(catalog, { profile_zipcode: 'D1A 1A1', profile_country: 'CA' }).ok).toBe(false);
    expect(checkAnswers(catalog, { profile_zipcode: '10001', profile_country: 'CA' }).ok).toBe(false);
  });
});
