import { describe, expect, it } from 'vitest';
import { addBusinessDays, deliveryText, frequencyOptions, frequencyText, labelName, offersFrequency, quantityChoices, QUANTITY_RANGES } from '#api/shared';

describe('shop display and scheduling rules (spec 001 §9)', () => {
  it('§9 line 482: every 4, 8 or 12 weeks, the recommended one marked; 4 weeks is recommended by default', () => {
    expect(frequencyOptions({ supplements: false })).toEqual([
      { value: 4, label: 'Every 4 weeks (recommended)' },
      { value: 8, label: 'Every 8 weeks' },
      { value: 12, label: 'Every 12 weeks' },
    ]);
    expect(frequencyOptions({ supplements: false, recommended: 8 }).map((o) => o.label)).toEqual([
      'Every 4 weeks',
      'Every 8 weeks (recommended)',
      'Every 12 weeks',
    ]);
  });

  it('§9 line 482: supplements offer only the first option, labelled in days', () => {
    expect(frequencyOptions({ supplements: true })).toEqual([{ value: 4, label: 'Every 25 days (recommended)' }]);
    expect(offersFrequency({ supplements: true }, 8)).toBe(false);
    expect(offersFrequency({ supplements: false }, 8)).toBe(true);
    expect(offersFrequency({ supplements: false }, 6)).toBe(false);
  });

  it('§9: a frequency reads in weeks, a supplement’s in days (25/50/75), wherever it is shown', () => {
    expect([4, 8, 12].map((weeks) => frequencyText(weeks, { supplements: false }))).toEqual(['every 4 weeks', 'every 8 weeks', 'every 12 weeks']);
    expect([4, 8, 12].map((weeks) => frequencyText(weeks, { supplements: true }))).toEqual(['every 25 days', 'every 50 days', 'every 75 days']);
  });

  it('§9 line 507: delivery dates add business days, skipping Saturday and Sunday', () => {
    // 2026-11-25 is a Wednesday.
    expect(addBusinessDays('2026-11-25', 0)).toBe('2026-11-25');
    expect(addBusinessDays('2026-11-25', 2)).toBe('2026-11-27');
    expect(addBusinessDays('2026-11-25', 3)).toBe('2026-11-30');
    expect(addBusinessDays('2026-11-25', 10)).toBe('2026-12-09');
    // A Saturday start counts from the Monday.
    expect(addBusinessDays('2026-11-28', 0)).toBe('2026-11-30');
    expect(addBusinessDays('2026-11-28', 1)).toBe('2026-12-01');
    // Across a month and a year end.
    expect(addBusinessDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addBusinessDays('2027-01-01', 1)).toBe('2027-01-04');
    expect(() => addBusinessDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addBusinessDays('2026-11-25', -1)).toThrow(RangeError);
  });

  it('§2 line 84: "Arrives by M/D" for one day, "Arrives between M/D and M/D" for a window', () => {
    expect(deliveryText({ min: '2026-12-04', max: '2026-12-04' })).toBe('Arrives by 12/4');
    expect(deliveryText({ min: '2026-11-30', max: '2027-01-04' })).toBe('Arrives between 11/30 and 1/4');
  });

  it('§9 line 506: a first name is cut to 15 characters plus "..." in mini-product labels', () => {
    expect(labelName('Alexandra')).toBe('Alexandra');
    expect(labelName('Maximilianaaaaa')).toBe('Maximilianaaaaa');
    expect(labelName('Maximilianaaaaab')).toBe('Maximilianaaaaa...');
    // Counted in characters, not UTF-16 units.
    expect(labelName('🌸'.repeat(16))).toBe(`${'🌸'.repeat(15)}...`);
  });

  it('§9 line 486: quantity selectors 0-4, 1-4, 1-3, 1-4', () => {
    expect(quantityChoices(QUANTITY_RANGES.cartLine)).toEqual([0, 1, 2, 3, 4]);
    expect(quantityChoices(QUANTITY_RANGES.productPage)).toEqual([1, 2, 3, 4]);
    expect(quantityChoices(QUANTITY_RANGES.accessory)).toEqual([1, 2, 3]);
    expect(quantityChoices(QUANTITY_RANGES.subscription)).toEqual([1, 2, 3, 4]);
  });
});
