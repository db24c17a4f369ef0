import type { Services } from '../services';
import { computeAggressors } from '../formulation/aggressors/compute-aggressors';
import type { AggressorLevel } from '../formulation/scoring/compute-scores';
import { countryOf, locateZipcode } from './locate-zipcode';

/**
 * The aggressors of the shopper's place today (server/formulation/aggressors), as the formulation's rules
 * read them; none before a known zip code, and then the rankings follow the answers alone.
 */
export async function placeAggressors(services: Services, answers: Record<string, unknown>): Promise<AggressorLevel[]> {
  const zipcode = answers.profile_zipcode;
  if (typeof zipcode !== 'string' || zipcode.trim() === '') return [];
  const place = await locateZipcode(zipcode, countryOf(answers.profile_country));
  if (!place) return [];
  return computeAggressors(place, answers, services.clock.now()).map(({ slug, level }) => ({ slug, level }));
}
