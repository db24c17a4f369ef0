import type { Services } from '../services';
import type { AggressorLevel } from '../formulation/scoring/compute-scores';

/**
 * The aggressors of the shopper's place today, as the formulation's rules read them. Until the climate
 * dataset lands (server/formulation/aggressors), no place aggressor is known: scores and textures then
 * follow the answers alone.
 */
export async function placeAggressors(_services: Services, _answers: Record<string, unknown>): Promise<AggressorLevel[]> {
  return [];
}
