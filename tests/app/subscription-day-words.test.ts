import { describe, expect, it } from 'vitest';
import { dayWords } from '../../shop/subscriptions/subscription-words';

describe('a day in the shopper’s words (spec 001 §2 "Account and subscriptions": next delivery, next charge)', () => {
  it('writes every day of 2020-2031 as toLocaleDateString en-US does (month in full, UTC), whether or not it uses Intl', () => {
    const intl = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
    const differ: string[] = [];
    for (let time = Date.UTC(2020, 0, 1); time < Date.UTC(2032, 0, 1); time += 86_400_000) {
      const day = new Date(time).toISOString().slice(0, 10);
      if (dayWords(day) !== intl(day)) differ.push(day);
    }
    expect(differ).toEqual([]);
    expect(dayWords('2026-12-10')).toBe('December 10, 2026');
  });

  it('reads the day of a timestamp (canceled_at) and says so of a day it cannot read', () => {
    expect(dayWords('2026-11-01T23:30:00.000Z')).toBe('November 1, 2026');
    expect(dayWords('soon')).toBe('Invalid Date');
  });
});
