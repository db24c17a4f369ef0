/**
 * The sun at solar noon and the clear-sky UV index it gives, computed rather than tabulated, for any
 * latitude and day of the year (issue 4 point 2).
 *
 * - Solar declination (Cooper 1969): δ = 23.44° · sin(360° · (284 + N) / 365), N the day of the year.
 * - Noon solar zenith angle: θ = |φ − δ| for latitude φ; the sun's noon elevation is 90° − θ.
 * - Clear-sky UV index (Allaart et al. 2004, Meteorol. Appl. 11:59-65, for a typical 300 DU ozone
 *   column at sea level): UVI = 12.5 · cos(θ)^2.42; no UV when the sun stays below the horizon.
 *
 * It is the clear-sky peak of the day: clouds lower it, altitude and snow raise it.
 */

const OBLIQUITY = 23.44;
const rad = (degrees: number) => (degrees * Math.PI) / 180;

/** The day of the year (1-366) of a date, in UTC so the same date gives the same answer anywhere. */
export function dayOfYear(date: Date): number {
  const start = Date.UTC(date.getUTCFullYear(), 0, 1);
  return Math.floor((date.getTime() - start) / 86_400_000) + 1;
}

/** The sun's declination in degrees on a day of the year (Cooper's formula). */
export function solarDeclination(day: number): number {
  return OBLIQUITY * Math.sin(rad((360 * (284 + day)) / 365));
}

/** The sun's elevation above the horizon at solar noon, in degrees (negative in the polar night). */
export function noonSunElevation(latitude: number, day: number): number {
  return 90 - Math.abs(latitude - solarDeclination(day));
}

/** The clear-sky UV index at solar noon (Allaart et al. 2004), 0 when the sun does not rise. */
export function clearSkyNoonUvIndex(latitude: number, day: number): number {
  const elevation = noonSunElevation(latitude, day);
  if (elevation <= 0) return 0;
  const cosZenith = Math.cos(rad(90 - elevation));
  return 12.5 * cosZenith ** 2.42;
}
