/** Formulation benchmarks (issue 4 point 12): deriving everything for one profile, and the derived-data endpoints under load. */
import { answerCatalog, loadFlowDirectory } from '#engine/compiler';
import { createFormulation } from '../server/formulation/formulation';
import type { AggressorLevel } from '../server/formulation/scoring/compute-scores';
import { summarize, timeEach } from './stats';

/** Profiles of different shapes, with the aggressors a place could give them. */
const personas: { answers: Record<string, unknown>; aggressors: AggressorLevel[] }[] = [
  {
    answers: { diag_hair_type: 'dry', diag_hair_texture: 'type_3b', diag_hair_porosity: 'high', diag_color_treatments: true, diag_color_treatments_type: ['bleach'], goal_moisture: 3, goal_curl: 3, diag_sensitivity_level: 2 },
    aggressors: [{ slug: 'humidity', level: 'high' }, { slug: 'uv', level: 'high' }, { slug: 'hard_water', level: 'moderate' }],
  },
  {
    answers: { diag_concerns: ['oiliness', 'breakouts', 'enlarged_pores'], diag_skintype_morning: 'oily', diag_skintype_afternoon: 'oily', diag_zits_frequency: 'constantly', profile_age_range: 20 },
    aggressors: [{ slug: 'heat', level: 'high' }, { slug: 'pollution', level: 'moderate' }],
  },
  {
    answers: { diag_concerns: ['dryness', 'sensitivity', 'fine_lines'], diag_skintype_morning: 'tights', profile_hormones_skin: ['pregnancy'], profile_age_range: 40, diag_routine_products: ['serum', 'spf'] },
    aggressors: [{ slug: 'cold', level: 'high' }, { slug: 'dry_air', level: 'high' }, { slug: 'indoor_heating', level: 'high' }],
  },
];

export interface FormulationFigures {
  derive: { median_ms: number; p99_ms: number; n: number };
}

/** Times formulation.derive (scores for both categories, textures, fragrances) over the personas. */
export function formulationBench(): FormulationFigures {
  const formulation = createFormulation(answerCatalog(loadFlowDirectory('flows').flows));
  for (let i = 0; i < 2_000; i++) formulation.derive(personas[i % personas.length]!.answers, personas[i % personas.length]!.aggressors); // warm up
  const s = summarize(timeEach(20_000, (i) => void formulation.derive(personas[i % personas.length]!.answers, personas[i % personas.length]!.aggressors)));
  return { derive: { median_ms: s.median / 1000, p99_ms: s.p99 / 1000, n: s.n } };
}

/** The derived-data calls a results page makes, timed under `shoppers` concurrent shoppers (guests with saved answers). */
export async function resultsLoadBench(baseUrl: string, shoppers = 50, rounds = 5): Promise<{ median_ms: number; p99_ms: number; requests: number; errors: number }> {
  const tokens = await Promise.all(
    Array.from({ length: shoppers }, async (_, i) => {
      const guest = (await (await fetch(`${baseUrl}/v1/auth/signup/guest/`, { method: 'POST' })).json()) as { access: string };
      const body = { ...personas[i % personas.length]!.answers, source: 'website' };
      await fetch(`${baseUrl}/v1/account/hair_profile/`, { method: 'PATCH', headers: { Authorization: `Bearer ${guest.access}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      return guest.access;
    }),
  );
  const paths = ['/v1/account/hair_profile/scoring', '/v1/account/hair_profile/scoring?category=skincare', '/v1/account/hair_profile/fragrances?category=haircare', '/v1/account/hair_profile/skeleton_recommendations?category=skincare'];
  const times: number[] = [];
  let errors = 0;
  for (let round = 0; round < rounds; round++) {
    await Promise.all(
      tokens.map(async (token) => {
        for (const path of paths) {
          const t0 = performance.now();
          const response = await fetch(baseUrl + path, { headers: { Authorization: `Bearer ${token}` } });
          await response.arrayBuffer();
          times.push(performance.now() - t0);
          if (!response.ok) errors++;
        }
      }),
    );
  }
  const s = summarize(times);
  return { median_ms: s.median, p99_ms: s.p99, requests: s.n, errors };
}
