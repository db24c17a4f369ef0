/** The answer fields that are fragrance preferences (spec 000 §3.3-3.4, §4.3). */
export const FRAGRANCE_FIELDS = ['pref_fragrance', 'pref_fragrance_free', 'pref_fragrance_skin', 'pref_fragrance_free_skin', 'pref_hair_oil_fragrance'];

/** True when the answers include a fragrance preference: saving one clears is_fragrance_soldout. */
export function savesFragrance(answers: Record<string, unknown>): boolean {
  return FRAGRANCE_FIELDS.some((field) => field in answers);
}
