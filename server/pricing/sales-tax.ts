import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { didYouMean, readDataSource, type DataProblem } from '#engine/compiler';
import { CA_PROVINCES, US_STATES } from '#api/shared';
import { loadDataFile, type CompiledTable } from '../formulation/load-data-table';

/** The regions the shop ships to, by country: the tax table has a rate for each. */
export const REGIONS = { US: Object.keys(US_STATES), CA: Object.keys(CA_PROVINCES) } as const;
export type TaxCountry = keyof typeof REGIONS;

/** A rate in thousandths of a percent: 7.25 % is 7250, Québec's 14.975 % is 14975. Integers keep the arithmetic exact. */
export type MilliPercent = number;

/** The sales tax rate of every state and province, in thousandths of a percent. */
export interface TaxTable {
  source: string;
  rates: Record<TaxCountry, ReadonlyMap<string, MilliPercent>>;
}

const percent = z.string().regex(/^\d{1,2}(\.\d{1,3})?$/, 'Write a rate as a percentage in quotes with up to three decimals, such as "7.25".');
const fileSchema = z.object({ source: z.string().min(1), US: z.record(z.string(), percent), CA: z.record(z.string(), percent) }).strict();

/** "7.25" -> 7250, without floating point. */
function milliPercent(text: string): MilliPercent {
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 1000 + Number(fraction.padEnd(3, '0'));
}

/**
 * Checks the tax table's text: every rate a percentage, every state and province of REGIONS present exactly once,
 * nothing else (with a "did you mean" for a misspelt code). Every problem at file:line:column.
 */
export function compileTaxTable(text: string, file: string): CompiledTable<TaxTable> {
  const source = readDataSource(text, file, fileSchema);
  if (!source.data) return { problems: source.problems };
  const problems: DataProblem[] = [];
  const rates = {} as Record<TaxCountry, Map<string, MilliPercent>>;
  for (const country of Object.keys(REGIONS) as TaxCountry[]) {
    const known: readonly string[] = REGIONS[country];
    const given = source.data[country];
    rates[country] = new Map();
    const missing = known.filter((code) => !(code in given));
    for (const [code, rate] of Object.entries(given)) {
      if (!known.includes(code)) {
        // A misspelt code is most likely one of those missing.
        const guess = didYouMean(code, missing) ?? didYouMean(code, known);
        problems.push({
          location: source.at([country, code], true),
          message: `"${code}" is not a ${country === 'US' ? 'state' : 'province'} of ${country}.${guess ? ` Did you mean "${guess}"?` : ''}`,
        });
        continue;
      }
      rates[country].set(code, milliPercent(rate));
    }
    if (missing.length > 0) problems.push({ location: source.at([country], true), message: `${country} has no rate for ${missing.join(', ')}.` });
  }
  return problems.length > 0 ? { problems } : { table: { source: source.data.source, rates }, problems };
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** The shop's tax table file. */
export const TAX_RATES_FILE = path.join(here, 'tax-rates.yaml');

/** Loads the shop's tax table, stopping with every problem when the file is broken. */
export function loadTaxTable(file = TAX_RATES_FILE): TaxTable {
  let table = loaded.get(file);
  if (!table) {
    table = loadDataFile('tax table', file, compileTaxTable);
    loaded.set(file, table);
  }
  return table;
}
/** Read once per file: every cart estimate asks for it. */
const loaded = new Map<string, TaxTable>();

/** The rate of a state or province, or null when the shop has none (an unknown region: no estimate). */
export function taxRate(table: TaxTable, country: string, region: string): MilliPercent | null {
  if (country !== 'US' && country !== 'CA') return null;
  return table.rates[country].get(region.trim().toUpperCase()) ?? null;
}

/**
 * The tax on an amount in cents, rounded half up to the cent: 1,999 cents at 7.25 % is 145 cents (144.93). Exact:
 * cents and rates are integers, and the division happens once.
 */
export function taxOn(cents: number, rate: MilliPercent): number {
  if (!Number.isInteger(cents) || cents < 0) throw new RangeError(`An amount is a whole, non-negative number of cents, not ${cents}.`);
  return Math.floor((cents * rate + 50_000) / 100_000);
}
