import path from 'node:path';
import { z } from 'zod';
import { readDataSource, type DataProblem } from '#engine/compiler';
import { loadDataTable } from '../load-data-table.ts';

const twelve = z.array(z.number()).length(12, 'one value per month, January to December');
const regionSchema = z.strictObject({
  name: z.string().min(2),
  station: z.string().min(2),
  humidity: twelve.refine((v) => v.every((x) => x > 0 && x <= 100), 'relative humidity is a percentage'),
  tmax: twelve,
  tmin: twelve,
  wind: twelve.refine((v) => v.every((x) => x >= 0 && x < 20), 'mean wind speed in m/s'),
  hardness: z.number().min(0).max(1000),
});
const climateFileSchema = z.strictObject({ regions: z.record(z.string().regex(/^[A-Z]{2}$/, 'a two-letter state or province code'), regionSchema) });
export type RegionClimate = z.infer<typeof regionSchema>;

const metroSchema = z.strictObject({
  name: z.string().min(2),
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  population: z.number().int().positive(),
  pm25: z.number().positive().max(60),
});
const metrosFileSchema = z.strictObject({ metros: z.array(metroSchema).min(1) });
export type MetroArea = z.infer<typeof metroSchema>;

const level = z.enum(['low', 'moderate', 'high']);
const effect = z.strictObject({ haircare: z.string().min(3), skincare: z.string().min(3), both: z.string().min(3) });
const text = { label: z.string().min(2), detail: z.string().min(3), effect };
const answerRule = z.union([z.strictObject({ field: z.string(), is: z.string(), level }), z.strictObject({ field: z.string(), includes: z.string(), level })]);
const answerOf = z.strictObject({ field: z.string(), includes: z.string() });
export type AnswerRule = z.infer<typeof answerRule>;

const rulesFileSchema = z.strictObject({
  humidity: z.strictObject({
    ...text,
    high: z.strictObject({ humidity: z.number(), dewPoint: z.number() }),
    moderate: z.strictObject({ humidity: z.number(), dewPoint: z.number() }),
  }),
  dry_air: z.strictObject({
    ...text,
    detail: z.strictObject({ byHumidity: z.string(), byDewPoint: z.string() }),
    high: z.strictObject({ humidityAtMost: z.number(), dewPointAtMost: z.number() }),
    moderate: z.strictObject({ humidityAtMost: z.number(), dewPointAtMost: z.number() }),
  }),
  uv: z.strictObject({
    ...text,
    detail: z.strictObject({ high: z.string(), moderate: z.string(), low: z.string() }),
    high: z.strictObject({ uvIndex: z.number() }),
    moderate: z.strictObject({ uvIndex: z.number() }),
  }),
  heat: z.strictObject({ ...text, high: z.strictObject({ tmax: z.number() }), moderate: z.strictObject({ tmax: z.number() }) }),
  cold: z.strictObject({
    ...text,
    high: z.strictObject({ tmaxAtMost: z.number(), tminAtMost: z.number() }),
    moderate: z.strictObject({ tmaxAtMost: z.number(), tminAtMost: z.number() }),
  }),
  wind: z.strictObject({ ...text, high: z.strictObject({ wind: z.number() }), moderate: z.strictObject({ wind: z.number() }) }),
  hard_water: z.strictObject({ ...text, high: z.strictObject({ hardness: z.number() }), moderate: z.strictObject({ hardness: z.number() }) }),
  pollution: z.strictObject({
    ...text,
    minRadiusKm: z.number().positive(),
    kmPerSqrtMillion: z.number().positive(),
    megacityPopulation: z.number().int().positive(),
    megacityBonus: z.number().min(0),
    high: z.strictObject({ pm25: z.number() }),
    moderate: z.strictObject({ pm25: z.number() }),
  }),
  sun_exposure: z.strictObject({ ...text, answers: z.array(answerRule).min(1), lowerWhenUvBelow: z.number(), noneWhenUvBelow: z.number() }),
  pool_chlorine: z.strictObject({ ...text, answers: z.array(answerRule).min(1) }),
  sea_salt: z.strictObject({ ...text, answers: z.array(answerRule).min(1) }),
  indoor_heating: z.strictObject({
    ...text,
    high: z.strictObject({ tmeanAtMost: z.number() }),
    moderate: z.strictObject({ tmeanAtMost: z.number() }),
    answer: answerOf,
    answeredMeanAtMost: z.number(),
  }),
  air_conditioning: z.strictObject({
    ...text,
    high: z.strictObject({ tmax: z.number() }),
    moderate: z.strictObject({ tmax: z.number() }),
    answer: answerOf,
    answeredTmax: z.number(),
  }),
  smoke: z.strictObject({ ...text, answers: z.array(answerRule).min(1) }),
  stress: z.strictObject({ ...text, answers: z.array(answerRule).min(1), highWhenSeveral: z.number().int().min(2) }),
});
export type AggressorRules = z.infer<typeof rulesFileSchema>;

/** Every state (+DC), province and territory climate.yaml must cover. */
export const regionCodes = [
  ...[
    'AL',
    'AK',
    'AZ',
    'AR',
    'CA',
    'CO',
    'CT',
    'DE',
    'DC',
    'FL',
    'GA',
    'HI',
    'ID',
    'IL',
    'IN',
    'IA',
    'KS',
    'KY',
    'LA',
    'ME',
    'MD',
    'MA',
    'MI',
    'MN',
    'MS',
    'MO',
  ],
  ...['MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY'],
  ...['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'],
] as const;

/** The placeholders a `detail` may use (compute-aggressors.ts fills them). */
export const detailPlaceholders = [
  'city',
  'region',
  'month',
  'season',
  'effect',
  'humidity',
  'dewPoint',
  'tmax',
  'tmin',
  'tmean',
  'wind',
  'hardness',
  'uvIndex',
  'sunElevation',
  'metro',
  'pm25',
] as const;

/** The three data files, checked. */
export interface AggressorData {
  climate: Record<string, RegionClimate>;
  metros: MetroArea[];
  rules: AggressorRules;
}

const here = path.dirname(new URL(import.meta.url).pathname);

/** Reads climate.yaml, metro-areas.yaml and rules.yaml (or the given texts); problems come back with file:line:column. */
export function compileAggressorData(
  texts: { climate: string; metros: string; rules: string },
  files = { climate: 'climate.yaml', metros: 'metro-areas.yaml', rules: 'rules.yaml' },
): { data?: AggressorData; problems: DataProblem[] } {
  const climate = readDataSource(texts.climate, files.climate, climateFileSchema);
  const metros = readDataSource(texts.metros, files.metros, metrosFileSchema);
  const rules = readDataSource(texts.rules, files.rules, rulesFileSchema);
  const problems = [...climate.problems, ...metros.problems, ...rules.problems];
  if (!climate.data || !metros.data || !rules.data) return { problems };
  for (const code of regionCodes) {
    if (!climate.data.regions[code])
      problems.push({ location: climate.at(['regions'], true), message: `No climate for "${code}": every US state, DC, province and territory needs one.` });
  }
  for (const [code, region] of Object.entries(climate.data.regions)) {
    region.tmin.forEach((tmin, month) => {
      if (tmin > region.tmax[month]!)
        problems.push({
          location: climate.at(['regions', code, 'tmin', month]),
          message: `${code} month ${month + 1}: the minimum ${tmin} is above the maximum ${region.tmax[month]}.`,
        });
    });
  }
  const known = new Set<string>(detailPlaceholders);
  for (const [slug, rule] of Object.entries(rules.data)) {
    const details = typeof rule.detail === 'string' ? { detail: rule.detail } : rule.detail;
    for (const [key, template] of Object.entries(details)) {
      for (const [, name] of template.matchAll(/\{(\w+)\}/g)) {
        if (!known.has(name!))
          problems.push({
            location: rules.at(typeof rule.detail === 'string' ? [slug, 'detail'] : [slug, 'detail', key]),
            message: `Unknown placeholder {${name}}. Expected one of: ${[...known].join(', ')}.`,
          });
      }
    }
  }
  return problems.length > 0 ? { problems } : { data: { climate: climate.data.regions, metros: metros.data.metros, rules: rules.data }, problems };
}

let loaded: AggressorData | undefined;

/** Whether the data has been read in this process (the server's start reads it: tests check that). */
export const aggressorDataRead = (): boolean => loaded !== undefined;

/** The shipped data files next to this module, read and checked once; a broken file throws with every problem listed. */
export function aggressorData(): AggressorData {
  if (loaded) return loaded;
  const file = (name: string) => path.join(here, name);
  const data = loadDataTable('aggressor data', { climate: file('climate.yaml'), metros: file('metro-areas.yaml'), rules: file('rules.yaml') }, (sources) => {
    const compiled = compileAggressorData(
      { climate: sources.climate.text, metros: sources.metros.text, rules: sources.rules.text },
      { climate: sources.climate.file, metros: sources.metros.file, rules: sources.rules.file },
    );
    return { table: compiled.data, problems: compiled.problems };
  });
  loaded = data;
  return data;
}
