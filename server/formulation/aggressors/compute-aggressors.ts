import { aggressorSlugs, type AggressorSlug } from '../known-facts';
import { aggressorData, type AggressorData, type AnswerRule } from './aggressor-data';
import { monthClimate, worstMetroAir, type AggressorPlace } from './place-climate';
import type { Category } from '#api';

export type { AggressorPlace } from './place-climate';
export type AggressorLevelName = 'low' | 'moderate' | 'high';

/** One aggressor for the shopper: the API's {slug, label, level, detail}, and the numbers that moved it (for scoring; not sent). */
export interface Aggressor {
  slug: AggressorSlug;
  label: string;
  level: AggressorLevelName;
  detail: string;
  factors: Record<string, number | string>;
}

type Answers = Readonly<Record<string, unknown>>;
const rank = { low: 0, moderate: 1, high: 2 } as const;
const levels = ['low', 'moderate', 'high'] as const;
const round1 = (x: number) => Math.round(x * 10) / 10;
const temperature = (c: number) => `${Math.round(c)}°C (${Math.round((c * 9) / 5 + 32)}°F)`;

/** Whether one answer rule holds: `is` for a single answer, `includes` for a list. */
function holds(rule: Pick<AnswerRule, 'field'> & { is?: string; includes?: string }, answers: Answers): boolean {
  const value = answers[rule.field];
  if (rule.is !== undefined) return value === rule.is || (typeof value === 'number' && String(value) === rule.is);
  return Array.isArray(value) && value.includes(rule.includes);
}

/** The highest level of the answer rules that hold (`several` of them at moderate or above make it high), or null. */
function answerLevel(rules: readonly AnswerRule[], answers: Answers, several = Infinity): AggressorLevelName | null {
  const matched = rules.filter((rule) => holds(rule, answers));
  if (matched.length === 0) return null;
  if (matched.filter((r) => r.level !== 'low').length >= several) return 'high';
  return matched.reduce<AggressorLevelName>((best, r) => (rank[r.level] > rank[best] ? r.level : best), 'low');
}

const raise = (level: AggressorLevelName | null): AggressorLevelName => (level === null ? 'moderate' : levels[Math.min(2, rank[level] + 1)]!);
const lower = (level: AggressorLevelName): AggressorLevelName | null => (level === 'low' ? null : levels[rank[level] - 1]!);

/**
 * What affects the shopper's hair and skin at their place on a date (issue 4 point 2; spec 000 §2.4
 * geo-aggressors): the month's climate of their state or province (humidity, dry air, heat, cold, wind),
 * its water hardness, the day's UV, the nearest big metro's air, and their lifestyle answers. Thresholds
 * are in rules.yaml. Listed: moderate and high, and UV at any level; high first. Pure: the same place,
 * answers and date always give the same list.
 * @example computeAggressors({ city: 'Houston', region: 'TX', latitude: 29.76, longitude: -95.36 }, {}, new Date('2025-07-15'))[0]
 * // { slug: 'humidity', level: 'high', detail: 'Humid summer in Houston: 75% average humidity in July, ...' }
 */
export function computeAggressors(
  place: AggressorPlace,
  answers: Answers,
  date: Date,
  category?: Category,
  data: AggressorData = aggressorData(),
): Aggressor[] {
  const { rules } = data;
  const now = monthClimate(place, date, data.climate);
  const n = now.normals;
  const uvIndex = round1(now.uvIndex);
  const found = new Map<
    AggressorSlug,
    { level: AggressorLevelName; factors: Record<string, number | string>; vars?: Record<string, string>; detailKey?: string }
  >();
  const set = (
    slug: AggressorSlug,
    level: AggressorLevelName | null,
    factors: Record<string, number | string>,
    vars?: Record<string, string>,
    detailKey?: string,
  ) => {
    if (level) found.set(slug, { level, factors: { month: now.monthName, ...factors }, vars, detailKey });
  };
  const atLeast = (value: number, t: { high: number; moderate: number }): AggressorLevelName | null =>
    value >= t.high ? 'high' : value >= t.moderate ? 'moderate' : null;

  if (n) {
    const { humidity: h, dewPoint: dp } = n;
    const climateFactors = { humidity: h, dewPoint: round1(dp) };
    const humid = (t: { humidity: number; dewPoint: number }) => h >= t.humidity && dp >= t.dewPoint;
    set('humidity', humid(rules.humidity.high) ? 'high' : humid(rules.humidity.moderate) ? 'moderate' : null, climateFactors);
    const dry = (t: { humidityAtMost: number; dewPointAtMost: number }) => h <= t.humidityAtMost || dp <= t.dewPointAtMost;
    const dryLevel = dry(rules.dry_air.high) ? 'high' : dry(rules.dry_air.moderate) ? 'moderate' : null;
    const byHumidity = dryLevel !== null && h <= rules.dry_air[dryLevel].humidityAtMost;
    set('dry_air', dryLevel, climateFactors, undefined, byHumidity ? 'byHumidity' : 'byDewPoint');
    set('heat', atLeast(n.tmax, { high: rules.heat.high.tmax, moderate: rules.heat.moderate.tmax }), { tmax: n.tmax });
    const cold = (t: { tmaxAtMost: number; tminAtMost: number }) => n.tmax <= t.tmaxAtMost || n.tmin <= t.tminAtMost;
    set('cold', cold(rules.cold.high) ? 'high' : cold(rules.cold.moderate) ? 'moderate' : null, { tmax: n.tmax, tmin: n.tmin });
    set('wind', atLeast(n.wind, { high: rules.wind.high.wind, moderate: rules.wind.moderate.wind }), { wind: n.wind });
    set('hard_water', atLeast(n.hardness, { high: rules.hard_water.high.hardness, moderate: rules.hard_water.moderate.hardness }), { hardness: n.hardness });

    const heating = rules.indoor_heating;
    let heatingLevel: AggressorLevelName | null = n.tmean <= heating.high.tmeanAtMost ? 'high' : n.tmean <= heating.moderate.tmeanAtMost ? 'moderate' : null;
    if (holds(heating.answer, answers) && (heatingLevel || n.tmean <= heating.answeredMeanAtMost)) heatingLevel = raise(heatingLevel);
    set('indoor_heating', heatingLevel, { tmean: round1(n.tmean), answered: String(holds(heating.answer, answers)) });
    const cooling = rules.air_conditioning;
    let coolingLevel = atLeast(n.tmax, { high: cooling.high.tmax, moderate: cooling.moderate.tmax });
    if (holds(cooling.answer, answers) && (coolingLevel || n.tmax >= cooling.answeredTmax)) coolingLevel = raise(coolingLevel);
    set('air_conditioning', coolingLevel, { tmax: n.tmax, answered: String(holds(cooling.answer, answers)) });
  }

  set('uv', atLeast(uvIndex, { high: rules.uv.high.uvIndex, moderate: rules.uv.moderate.uvIndex }) ?? 'low', {
    uvIndex,
    sunElevation: round1(now.sunElevation),
    latitude: place.latitude,
  });

  const air = worstMetroAir(place, data.metros, rules.pollution);
  if (air) {
    set(
      'pollution',
      atLeast(air.exposure, { high: rules.pollution.high.pm25, moderate: rules.pollution.moderate.pm25 }),
      { metro: air.metro.name, distanceKm: Math.round(air.distanceKm), pm25: air.metro.pm25, exposure: round1(air.exposure) },
      { metro: air.metro.name, pm25: `${air.metro.pm25} µg/m³` },
    );
  }

  const sun = answerLevel(rules.sun_exposure.answers, answers);
  const sunRule = rules.sun_exposure;
  set('sun_exposure', !sun || uvIndex < sunRule.noneWhenUvBelow ? null : uvIndex < sunRule.lowerWhenUvBelow ? lower(sun) : sun, { uvIndex });
  set('pool_chlorine', answerLevel(rules.pool_chlorine.answers, answers), {});
  set('sea_salt', answerLevel(rules.sea_salt.answers, answers), {});
  set('smoke', answerLevel(rules.smoke.answers, answers), {});
  set('stress', answerLevel(rules.stress.answers, answers, rules.stress.highWhenSeveral), {});

  const vars: Record<string, string> = {
    city: place.city,
    region: n?.regionName ?? place.region,
    month: now.monthName,
    season: now.season,
    uvIndex: uvIndex < 1 ? 'below 1' : String(Math.round(uvIndex)),
    sunElevation: `${Math.max(0, Math.round(now.sunElevation))}°`,
    ...(n && {
      humidity: String(n.humidity),
      dewPoint: temperature(n.dewPoint),
      tmax: temperature(n.tmax),
      tmin: temperature(n.tmin),
      tmean: temperature(n.tmean),
      wind: `${n.wind.toFixed(1)} m/s (${Math.round(n.wind * 2.237)} mph)`,
      hardness: `${n.hardness} mg/L`,
    }),
  };
  return aggressorSlugs
    .flatMap((slug, order) => {
      const hit = found.get(slug);
      if (!hit) return [];
      const rule = rules[slug];
      const template = typeof rule.detail === 'string' ? rule.detail : (rule.detail as Record<string, string>)[hit.detailKey ?? hit.level]!;
      const fill: Record<string, string> = { ...vars, ...hit.vars, effect: rule.effect[category ?? 'both'] };
      const detail = template.replace(/\{(\w+)\}/g, (_, name: string) => fill[name] ?? name);
      return [{ order, aggressor: { slug, label: rule.label, level: hit.level, detail, factors: hit.factors } }];
    })
    .sort((a, b) => rank[b.aggressor.level] - rank[a.aggressor.level] || a.order - b.order)
    .map(({ aggressor }) => aggressor);
}
