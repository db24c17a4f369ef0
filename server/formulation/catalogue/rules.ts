/**
 * The 26 fragrance allergens EU Regulation 1223/2009 Annex III (entries 67-92) makes labels name above
 * 0.001% in leave-on and 0.01% in rinse-off products. Regulation (EU) 2023/1545 extends the list (to apply
 * from 2026); this catalogue flags the 26 of the original list.
 */
export const euFragranceAllergens = [
  'Amyl Cinnamal',
  'Benzyl Alcohol',
  'Cinnamyl Alcohol',
  'Citral',
  'Eugenol',
  'Hydroxycitronellal',
  'Isoeugenol',
  'Amylcinnamyl Alcohol',
  'Benzyl Salicylate',
  'Cinnamal',
  'Coumarin',
  'Geraniol',
  'Hydroxyisohexyl 3-Cyclohexene Carboxaldehyde',
  'Anise Alcohol',
  'Benzyl Cinnamate',
  'Farnesol',
  'Butylphenyl Methylpropional',
  'Linalool',
  'Benzyl Benzoate',
  'Citronellol',
  'Hexyl Cinnamal',
  'Limonene',
  'Methyl 2-Octynoate',
  'Alpha-Isomethyl Ionone',
  'Evernia Prunastri Extract',
  'Evernia Furfuracea Extract',
] as const;

/** Whether an INCI name names a silicone (…methicone, …siloxane, …siloxy…, dimethiconol, polysilicone-…). */
export function namesASilicone(inci: string): boolean {
  return /methicone|siloxane|siloxy|dimethiconol|silicone|silsesquioxane/i.test(inci);
}
