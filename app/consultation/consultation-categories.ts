/**
 * The categories offered on /consultation/category, in order (spec 000 §2.1). Apart from flow-registry.ts,
 * which every step page loads, so that these words load with the category page only.
 */
export const consultationCategories = [
  { id: 'haircare', label: 'Custom Haircare', description: 'Shampoo, conditioner, masks, styling and supplements, formulated for your hair.' },
  {
    id: 'skincare',
    label: 'Custom Skincare',
    description: 'Cleanser, serum and moisturizer, with the texture and fragrance you choose, formulated for your skin.',
  },
] as const;
