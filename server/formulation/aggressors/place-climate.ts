import type { MetroArea, RegionClimate } from './aggressor-data';
import { clearSkyNoonUvIndex, dayOfYear, noonSunElevation } from './solar-uv';

/** Where the shopper lives, as the aggressors need it (a Place from server/profile/locate-zipcode.ts fits). */
export interface AggressorPlace {
  city: string;
  /** The state, province or territory code (TX, QC). */
  region: string;
  latitude: number;
  longitude: number;
}

const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;
const seasons = ['winter', 'winter', 'spring', 'spring', 'spring', 'summer', 'summer', 'summer', 'fall', 'fall', 'fall', 'winter'] as const;

/** The place's weather for the date's month (its region's normals), and the sun of that day. */
export interface MonthClimate {
  monthName: (typeof months)[number];
  season: (typeof seasons)[number];
  /** Null when the region has no climate data (a US territory, say): only the sun and the answers then count. */
  normals: { humidity: number; tmax: number; tmin: number; tmean: number; dewPoint: number; wind: number; hardness: number; regionName: string } | null;
  uvIndex: number;
  sunElevation: number;
}

/** The dew point in °C from the temperature and relative humidity (Magnus formula, Alduchov & Eskridge 1996). */
export function dewPointOf(temperature: number, humidity: number): number {
  const a = 17.625;
  const b = 243.04;
  const gamma = Math.log(humidity / 100) + (a * temperature) / (b + temperature);
  return (b * gamma) / (a - gamma);
}

/** The month's normals for the place's region and the day's clear-sky noon sun; months and seasons by UTC date, northern hemisphere. */
export function monthClimate(place: AggressorPlace, date: Date, climate: Readonly<Record<string, RegionClimate>>): MonthClimate {
  const month = date.getUTCMonth();
  const day = dayOfYear(date);
  const region = climate[place.region];
  let normals: MonthClimate['normals'] = null;
  if (region) {
    const tmax = region.tmax[month]!;
    const tmin = region.tmin[month]!;
    const tmean = (tmax + tmin) / 2;
    const humidity = region.humidity[month]!;
    normals = {
      humidity,
      tmax,
      tmin,
      tmean,
      dewPoint: dewPointOf(tmean, humidity),
      wind: region.wind[month]!,
      hardness: region.hardness,
      regionName: region.name,
    };
  }
  return {
    monthName: months[month]!,
    season: seasons[month]!,
    normals,
    uvIndex: clearSkyNoonUvIndex(place.latitude, day),
    sunElevation: noonSunElevation(place.latitude, day),
  };
}

/** Great-circle distance in km (haversine, mean Earth radius 6371 km). */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h = Math.sin(rad(lat2 - lat1) / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lon2 - lon1) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** How a metro's air reaches the place: its PM2.5 (plus the megacity bonus) in full within its radius, fading to 0 at twice it. */
export interface MetroExposure {
  metro: MetroArea;
  distanceKm: number;
  exposure: number;
}

/** The metro whose air weighs most on the place, or null when none is near. */
export function worstMetroAir(
  place: AggressorPlace,
  metros: readonly MetroArea[],
  rule: { minRadiusKm: number; kmPerSqrtMillion: number; megacityPopulation: number; megacityBonus: number },
): MetroExposure | null {
  let worst: MetroExposure | null = null;
  for (const metro of metros) {
    const radius = Math.max(rule.minRadiusKm, rule.kmPerSqrtMillion * Math.sqrt(metro.population / 1_000_000));
    const distance = distanceKm(place.latitude, place.longitude, metro.lat, metro.lon);
    const share = distance <= radius ? 1 : distance >= 2 * radius ? 0 : 2 - distance / radius;
    const exposure = share * (metro.pm25 + (metro.population >= rule.megacityPopulation ? rule.megacityBonus : 0));
    if (exposure > 0 && (!worst || exposure > worst.exposure)) worst = { metro, distanceKm: distance, exposure };
  }
  return worst;
}
