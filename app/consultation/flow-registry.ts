import type { CompiledFlow } from '#engine';

/** The consultations the web app runs, each loaded (precompiled) only when opened. */
export const consultationFlows: Record<string, () => Promise<CompiledFlow>> = {
  haircare: () => import('flows/consultation/haircare.yaml').then((m) => m.default),
};

/** The categories offered on /consultation/category, in order. */
export const consultationCategories = [
  { id: 'haircare', label: 'Custom Haircare', description: 'Shampoo, conditioner, masks, styling and supplements, formulated for your hair.' },
] as const;
