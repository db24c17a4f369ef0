import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatDataProblem } from '#engine/compiler';
import { compileTaxTable, loadTaxTable, REGIONS, TAX_RATES_FILE, taxOn, taxRate } from '../../server/pricing/sales-tax';

const text = readFileSync(TAX_RATES_FILE, 'utf8');
const compile = (source: string) => compileTaxTable(source, 'tax-rates.yaml');
const messages = (source: string) => compile(source).problems.map(formatDataProblem);

describe('sales tax table (issue 13: a rate table by US state and Canadian province, kept as data with its source)', () => {
  it('the shipped table names its source and has every state, DC and every province exactly once', () => {
    const table = loadTaxTable();
    expect(table.source).toMatch(/Tax Foundation/);
    expect([...table.rates.US.keys()].sort()).toEqual([...REGIONS.US].sort());
    expect([...table.rates.CA.keys()].sort()).toEqual([...REGIONS.CA].sort());
    expect(REGIONS.US).toHaveLength(51);
    expect(taxRate(table, 'US', 'CA')).toBe(7250);
    expect(taxRate(table, 'US', ' ny ')).toBe(4000);
    expect(taxRate(table, 'CA', 'QC')).toBe(14975);
    expect(taxRate(table, 'US', 'OR')).toBe(0);
    expect(taxRate(table, 'US', 'PR')).toBeNull();
    expect(taxRate(table, 'GB', 'LDN')).toBeNull();
  });

  it('taxes are integer cents, rounded half up once', () => {
    expect(taxOn(1999, 7250)).toBe(145); // 144.93
    expect(taxOn(1000, 6250)).toBe(63); // 62.5 rounds up
    expect(taxOn(1000, 14975)).toBe(150); // 149.75
    expect(taxOn(0, 7250)).toBe(0);
    expect(taxOn(12345, 0)).toBe(0);
    expect(() => taxOn(10.5, 7250)).toThrow(RangeError);
    expect(() => taxOn(-1, 7250)).toThrow(RangeError);
  });

  it('a misspelt state is reported at its line and column, with a did-you-mean', () => {
    const broken = text.replace('  TX: "6.25"', '  TZ: "6.25"');
    const line = broken.split('\n').findIndex((l) => l.startsWith('  TZ:')) + 1;
    expect(messages(broken)).toEqual([
      `tax-rates.yaml:${line}:3  "TZ" is not a state of US. Did you mean "TX"?`,
      expect.stringMatching(/^tax-rates\.yaml:\d+:1 {2}US has no rate for TX\.$/),
    ]);
  });

  it('a rate that is not a quoted percentage is refused where it stands', () => {
    const broken = text.replace('  CA: "7.25"', '  CA: "7,25"');
    const line = broken.split('\n').findIndex((l) => l.startsWith('  CA: "7,25"')) + 1;
    expect(messages(broken)).toEqual([`tax-rates.yaml:${line}:7  Write a rate as a percentage in quotes with up to three decimals, such as "7.25".`]);
    expect(messages(text.replace('  CA: "7.25"', '  CA: 7.25'))).toHaveLength(1);
  });

  it('a missing province is named', () => {
    expect(messages(text.replace(/\n {2}YT: "5".*/, ''))).toEqual([expect.stringMatching(/^tax-rates\.yaml:\d+:1 {2}CA has no rate for YT\.$/)]);
  });
});
