import type { AnswerCatalog, KnownFacts } from '#engine/compiler';

/** The aggressor slugs the formulation's rule tables may test as `aggressor.<slug>`, each low, moderate or high. */
export const aggressorSlugs = [
  'humidity',
  'dry_air',
  'uv',
  'heat',
  'cold',
  'wind',
  'hard_water',
  'pollution',
  'sun_exposure',
  'pool_chlorine',
  'sea_salt',
  'indoor_heating',
  'air_conditioning',
  'smoke',
  'stress',
] as const;
export type AggressorSlug = (typeof aggressorSlugs)[number];

export const aggressorLevels = ['low', 'moderate', 'high'] as const;

/** What the formulation's rules can read: every answer field of the flows with its values, and the aggressors. */
export function knownFacts(catalog: AnswerCatalog): KnownFacts {
  const known = new Map<string, { values: readonly (string | number | boolean | null)[] | null; list?: boolean }>();
  for (const [name, field] of catalog.fields) known.set(name, { values: field.values ?? null, list: field.shape === 'list' });
  for (const slug of aggressorSlugs) known.set(`aggressor.${slug}`, { values: aggressorLevels });
  return known;
}
