/** Formulation benchmarks (issue 4 point 12): deriving everything for one profile, and the derived-data endpoints under load. */
import { answerCatalog, loadFlowDirectory } from '#engine/compiler';
import { createFormulation } from '../server/formulation/formulation';
import type { AggressorLevel } from '../server/formulation/scoring/compute-scores';
import { computeAggressors } from '../server/formulation/aggressors/compute-aggressors';
import { countryOf, locateZipcode } from '../server/profile/locate-zipcode';
import { personas } from '../tests/fixtures/personas';
import { summarize, timeEach } from './stats';

/** The pinned personas (tests/fixtures/personas.ts), each with the aggressors of their place on their date. */
async function benchPersonas(): Promise<{ answers: Record<string, unknown>; aggressors: AggressorLevel[]; date: Date }[]> {
  return Promise.all(
    personas.map(async (p) => {
      const date = new Date(`${p.date}T12:00:00Z`);
      const place = await locateZipcode(String(p.answers.profile_zipcode), countryOf(p.answers.profile_country));
      return { answers: p.answers, date, aggressors: place ? computeAggressors(place, p.answers, date).map(({ slug, level }) => ({ slug, level })) : [] };
    }),
  );
}

export interface FormulationFigures {
  derive: { median_ms: number; p99_ms: number; n: number };
  /** derive plus every formula (14 products) with its INCI list. */
  formulate: { median_ms: number; p99_ms: number; n: number };
}

/** Times formulation.derive (scores, textures, fragrances, routine) and formulate (that plus every formula) over the personas. */
export async function formulationBench(): Promise<FormulationFigures> {
  const formulation = createFormulation(answerCatalog(loadFlowDirectory('flows').flows));
  const people = await benchPersonas();
  const at = (i: number) => people[i % people.length]!;
  for (let i = 0; i < 2_000; i++) formulation.formulate(at(i).answers, at(i).aggressors, at(i).date); // warm up
  const derive = summarize(timeEach(20_000, (i) => void formulation.derive(at(i).answers, at(i).aggressors)));
  const formulate = summarize(timeEach(10_000, (i) => void formulation.formulate(at(i).answers, at(i).aggressors, at(i).date)));
  return {
    derive: { median_ms: derive.median / 1000, p99_ms: derive.p99 / 1000, n: derive.n },
    formulate: { median_ms: formulate.median / 1000, p99_ms: formulate.p99 / 1000, n: formulate.n },
  };
}

/** The derived-data calls a results page makes, timed under `shoppers` concurrent shoppers (guests with saved answers). */
export async function resultsLoadBench(
  baseUrl: string,
  shoppers = 50,
  rounds = 5,
): Promise<{ median_ms: number; p99_ms: number; requests: number; errors: number }> {
  const tokens = await Promise.all(
    Array.from({ length: shoppers }, async (_, i) => {
      const guest = (await (await fetch(`${baseUrl}/v1/auth/signup/guest/`, { method: 'POST' })).json()) as { access: string };
      const body = { ...personas[i % personas.length]!.answers, source: 'website' };
      await fetch(`${baseUrl}/v1/account/hair_profile/`, {
        method: 'PATCH',
        headers: { Authorization: `Bearer ${guest.access}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      return guest.access;
    }),
  );
  // What the results page loads: place, scores, routine and formulas, for both categories.
  const paths = [
    '/v1/account/hair_profile/aggressors',
    '/v1/account/hair_profile/scoring',
    '/v1/account/hair_profile/scoring?category=skincare',
    '/v1/account/product_recommendations?category=haircare',
    '/v1/account/hair_profile/prescription/',
    '/v1/account/hair_profile/fragrances?category=haircare',
    '/v1/account/hair_profile/skeleton_recommendations?category=skincare',
  ];
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

/**
 * A customer who finished a consultation (haircare: the first persona, Maya; skincare: the first skincare-only persona),
 * as the browser keeps them: the localStorage entries of a signed-in session.
 */
export async function signedInShopper(baseUrl: string, category: 'haircare' | 'skincare' = 'haircare'): Promise<Record<string, string>> {
  const persona = category === 'haircare' ? personas[0]! : personas.find((p) => p.categories.join() === 'skincare')!;
  const email = `bench-${category}-${Date.now()}@example.com`;
  const signup = await fetch(`${baseUrl}/v1/auth/signup/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      email,
      username: email,
      first_name: persona.name,
      last_name: 'Bench',
      has_accepted_terms: true,
      account_creation_origin: `consultation_sign_up_${category}`,
    }),
  });
  if (!signup.ok) throw new Error(`Sign-up failed: ${signup.status} ${await signup.text()}`);
  const tokens = (await signup.json()) as { access: string; refresh: string };
  const body = { ...persona.answers, source: 'website', consultation_status: { category, status: 'completed' } };
  const saved = await fetch(`${baseUrl}/v1/account/hair_profile/`, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${tokens.access}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!saved.ok) throw new Error(`Saving the answers failed: ${saved.status} ${await saved.text()}`);
  return { 'shop.tokens.user': JSON.stringify({ access: tokens.access, refresh: tokens.refresh }) };
}
