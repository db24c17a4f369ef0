import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { aggressors as aggressorsResponse } from '#api';
import { formatDataProblem } from '#engine/compiler';
import { aggressorData, compileAggressorData, regionCodes } from '../../server/formulation/aggressors/aggressor-data';
import { computeAggressors, type AggressorPlace } from '../../server/formulation/aggressors/compute-aggressors';
import { dewPointOf } from '../../server/formulation/aggressors/place-climate';
import { clearSkyNoonUvIndex, dayOfYear, noonSunElevation, solarDeclination } from '../../server/formulation/aggressors/solar-uv';
import { aggressorSlugs } from '../../server/formulation/known-facts';
import { loadProfileFlows } from '../../server/profile/load-profile-flows';
import type { ProfileFlows } from '../../server/profile/profile-flows';
import { describeEachDatabase } from '../server/support/databases';
import { createTestApp, signUpCustomer, testClock, type TestApp } from '../server/support/test-app';

// Coordinates as the `zipcodes` registry gives them (server/profile/locate-zipcode.ts).
const houston: AggressorPlace = { city: 'Houston', region: 'TX', latitude: 29.7594, longitude: -95.3594 };
const anchorage: AggressorPlace = { city: 'Anchorage', region: 'AK', latitude: 61.2116, longitude: -149.8761 };
const yellowknife: AggressorPlace = { city: 'Yellowknife', region: 'NT', latitude: 62.4725, longitude: -114.3417 };
const phoenix: AggressorPlace = { city: 'Phoenix', region: 'AZ', latitude: 33.4557, longitude: -112.0686 };
const montreal: AggressorPlace = { city: 'Montreal', region: 'QC', latitude: 45.5148, longitude: -73.5739 };
const july = new Date('2025-07-15T17:00:00Z');
const january = new Date('2025-01-15T17:00:00Z');

const levels = (place: AggressorPlace, date: Date, answers: Record<string, unknown> = {}) =>
  Object.fromEntries(computeAggressors(place, answers, date).map((a) => [a.slug, a.level]));
const find = (place: AggressorPlace, date: Date, slug: string, answers: Record<string, unknown> = {}) =>
  computeAggressors(place, answers, date).find((a) => a.slug === slug);

describe('the clear-sky UV index from the noon sun (solar-uv.ts)', () => {
  it('declination: about 0° at the equinoxes, ±23.4° at the solstices', () => {
    expect(Math.abs(solarDeclination(dayOfYear(new Date('2025-03-21Z'))))).toBeLessThan(1);
    expect(solarDeclination(dayOfYear(new Date('2025-06-21Z')))).toBeCloseTo(23.44, 0);
    expect(solarDeclination(dayOfYear(new Date('2025-12-21Z')))).toBeCloseTo(-23.44, 0);
  });

  it('the equator at noon near an equinox: sun overhead, UV index about 12.5 (extreme)', () => {
    const day = dayOfYear(new Date('2025-03-21Z'));
    expect(noonSunElevation(0, day)).toBeGreaterThan(89);
    expect(clearSkyNoonUvIndex(0, day)).toBeGreaterThan(12);
  });

  it('60°N in December: the sun barely rises, UV index under 1; 80°N in December: no sun at all', () => {
    const day = dayOfYear(new Date('2025-12-21Z'));
    expect(noonSunElevation(60, day)).toBeCloseTo(6.6, 0);
    expect(clearSkyNoonUvIndex(60, day)).toBeLessThan(1);
    expect(clearSkyNoonUvIndex(80, day)).toBe(0);
  });

  it('falls with latitude and from summer to winter', () => {
    const june = dayOfYear(new Date('2025-06-21Z'));
    const dec = dayOfYear(new Date('2025-12-21Z'));
    expect(clearSkyNoonUvIndex(30, june)).toBeGreaterThan(clearSkyNoonUvIndex(45, june));
    expect(clearSkyNoonUvIndex(45, june)).toBeGreaterThan(clearSkyNoonUvIndex(45, dec));
  });
});

describe('the data files', () => {
  it('cover every US state, DC, province and territory with 12 monthly values each', () => {
    const { climate, metros } = aggressorData();
    for (const code of regionCodes) expect(climate[code], code).toBeDefined();
    expect(Object.keys(climate)).toHaveLength(64);
    expect(metros.length).toBeGreaterThan(40);
  });

  it('the dew point (Magnus): 30°C at 75% is about 25°C; at 100% it is the temperature', () => {
    expect(dewPointOf(30, 75)).toBeCloseTo(25.1, 0);
    expect(dewPointOf(10, 100)).toBeCloseTo(10, 5);
  });

  it('a broken rules file is refused with file:line:column', () => {
    const dir = 'server/formulation/aggressors';
    const read = (name: string) => readFileSync(`${dir}/${name}`, 'utf8');
    const rules = read('rules.yaml')
      .replace('high: { tmax: 35 }', 'high: { tmax: hot }')
      .replace('{month} days average {tmax}', '{month} days average {tmaxx}');
    const { data, problems } = compileAggressorData({ climate: read('climate.yaml'), metros: read('metro-areas.yaml'), rules });
    expect(data).toBeUndefined();
    expect(problems.map(formatDataProblem).join('\n')).toMatch(/^rules\.yaml:\d+:\d+ {2}.*number/m);
  });

  it('every answer rule names a field and value the flows ask (flows/)', () => {
    const flows: ProfileFlows = loadProfileFlows('flows');
    const known = flows.formulation!.known;
    const { rules } = aggressorData();
    const answerRules = [
      ...rules.sun_exposure.answers,
      ...rules.pool_chlorine.answers,
      ...rules.sea_salt.answers,
      ...rules.smoke.answers,
      ...rules.stress.answers,
      { field: rules.indoor_heating.answer.field, includes: rules.indoor_heating.answer.includes },
      { field: rules.air_conditioning.answer.field, includes: rules.air_conditioning.answer.includes },
    ];
    for (const rule of answerRules) {
      const field = known.get(rule.field);
      expect(field, rule.field).toBeDefined();
      expect(field!.values, rule.field).toContain('is' in rule ? rule.is : rule.includes);
    }
  });
});

describe('computeAggressors (issue 4 point 2)', () => {
  it('Houston in July: high humidity and high UV, named with the city, month and season', () => {
    const found = levels(houston, july);
    expect(found).toMatchObject({ humidity: 'high', uv: 'high', heat: 'high' });
    const humidity = find(houston, july, 'humidity')!;
    expect(humidity.detail).toMatch(/^Humid summer in Houston: 75% average humidity in July/);
    expect(humidity.factors).toMatchObject({ month: 'July', humidity: 75 });
    expect(humidity.detail).toContain('frizz');
    expect(computeAggressors(houston, {}, july, 'skincare').find((a) => a.slug === 'humidity')!.detail).toContain('oilier');
  });

  it('Anchorage and Yellowknife in January: cold, low UV, indoor heating; no humidity or heat', () => {
    for (const place of [anchorage, yellowknife]) {
      const found = levels(place, january);
      expect(found, place.city).toMatchObject({ cold: 'high', uv: 'low', indoor_heating: 'high' });
      expect(found.humidity).toBeUndefined();
      expect(found.heat).toBeUndefined();
    }
    expect(levels(yellowknife, january).dry_air).toBe('high');
    expect(find(anchorage, january, 'uv')!.detail).toMatch(/^Low UV in Anchorage this winter/);
  });

  it('Phoenix: dry air and heat in summer, very hard water all year', () => {
    expect(levels(phoenix, july)).toMatchObject({ dry_air: 'high', heat: 'high', hard_water: 'high', uv: 'high' });
    expect(levels(phoenix, january)).toMatchObject({ hard_water: 'high' });
    expect(find(phoenix, july, 'hard_water')!.detail).toContain('Arizona');
  });

  it('Montreal in winter: cold, indoor heating, cold dry air, city air; no heat or humidity', () => {
    const found = levels(montreal, january);
    expect(found).toMatchObject({ cold: 'high', indoor_heating: 'high', dry_air: 'moderate', pollution: 'moderate', uv: 'low' });
    expect(found.heat).toBeUndefined();
    expect(found.humidity).toBeUndefined();
    expect(find(montreal, january, 'pollution')!.detail).toContain('Montréal');
  });

  it('a swimmer gets pool chlorine; sea and beach gets sea salt; the answers add smoke and stress', () => {
    expect(levels(phoenix, july)).not.toHaveProperty('pool_chlorine');
    expect(levels(phoenix, july, { profile_sports: ['swimming_pool', 'sea_beach'] })).toMatchObject({ pool_chlorine: 'high', sea_salt: 'moderate' });
    expect(levels(phoenix, july, { profile_smoke_level: 'often', profile_stress_level: 'moderately' })).toMatchObject({ smoke: 'high', stress: 'moderate' });
    expect(levels(phoenix, july, { profile_stress_level: 'moderately', profile_stress_cause: ['major_stressfull_event'] }).stress).toBe('high');
    expect(levels(phoenix, july, { profile_stress_level: 'never' }).stress).toBeUndefined();
  });

  it('time in the sun follows the season: high in a Houston July, none in a Yellowknife January', () => {
    expect(levels(houston, july, { profile_outdoor: 'gt_4h' }).sun_exposure).toBe('high');
    expect(levels(yellowknife, january, { profile_outdoor: 'gt_4h' }).sun_exposure).toBeUndefined();
  });

  it('answering "air conditioning" or "heating" raises those a level', () => {
    expect(levels(houston, july).air_conditioning).toBe('moderate');
    expect(levels(houston, july, { profile_indoor: ['air_conditioning'] }).air_conditioning).toBe('high');
    expect(levels(houston, january).indoor_heating).toBeUndefined();
    expect(levels(houston, january, { profile_indoor: ['heating'] }).indoor_heating).toBe('moderate');
  });

  it('lists only what applies (UV at any level), high first, each detail fully filled', () => {
    const rank = { high: 2, moderate: 1, low: 0 };
    const places = [houston, anchorage, yellowknife, phoenix, montreal, { city: 'San Juan', region: 'PR', latitude: 18.4, longitude: -66.1 }];
    for (const place of places) {
      for (let month = 0; month < 12; month += 1) {
        const found = computeAggressors(
          place,
          { profile_sports: ['swimming_pool'], profile_outdoor: 'gt_4h', profile_smoke_level: 'little', profile_stress_level: 'lot' },
          new Date(Date.UTC(2025, month, 15)),
        );
        for (const a of found) {
          expect(aggressorSlugs).toContain(a.slug);
          expect(a.detail, `${place.city} ${a.slug}`).not.toMatch(/[{}]|undefined|NaN/);
          if (a.level === 'low') expect(a.slug).toBe('uv');
        }
        expect(found.map((a) => rank[a.level])).toEqual(found.map((a) => rank[a.level]).sort((x, y) => y - x));
        expect(found.filter((a) => a.slug === 'uv')).toHaveLength(1);
      }
    }
  });

  it('is deterministic: the same place, answers and date give the same list', () => {
    const answers = { profile_sports: ['outdoors'], profile_stress_level: 'lot' };
    expect(computeAggressors(houston, answers, july)).toEqual(computeAggressors(houston, { ...answers }, new Date(july.getTime())));
  });
});

describeEachDatabase('GET /v1/account/hair_profile/aggressors on the real flows', (database) => {
  let t: TestApp;
  beforeAll(() => {
    t = createTestApp(database().db, { flows: loadProfileFlows('flows'), clock: testClock(new Date('2025-07-15T17:00:00Z')) });
  });

  it('a saved Houston zip code in July gives its aggressors in the response schema, without the internal factors', async () => {
    const { access } = await signUpCustomer(t);
    const saved = await t.call('PATCH', '/v1/account/hair_profile/', {
      token: access,
      body: { profile_zipcode: '77002', profile_country: 'US', profile_sports: ['swimming_pool'] },
    });
    expect(saved.status).toBe(200);
    const response = await t.call('GET', '/v1/account/hair_profile/aggressors', { token: access });
    expect(response.status).toBe(200);
    const body = aggressorsResponse.strict().parse(response.body);
    expect(body).toMatchObject({ city: 'Houston', region: 'TX' });
    expect(body.aggressors.length).toBeGreaterThan(0);
    expect(body.aggressors.map((a) => a.slug)).toEqual(expect.arrayContaining(['humidity', 'uv', 'pool_chlorine']));
    for (const a of response.body.aggressors) expect(Object.keys(a).sort()).toEqual(['detail', 'label', 'level', 'slug']);
  });
});
