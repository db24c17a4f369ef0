import { z } from 'zod';
import { consultationCategories } from '../categories';

/** Every error the API answers with (API.md): a code, a safe detail, and field errors for validation. */
export const errorBody = z.object({
  code: z.string(),
  detail: z.string(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** Access and refresh tokens (JWT-like opaque strings). */
export const tokenPair = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPair>;

/** Consultation status per category (spec 000 §4.1). */
export const consultationStatus = z.enum(['not_started', 'draft', 'completed']);
export type ConsultationStatus = z.infer<typeof consultationStatus>;

/** A consultation category (api/categories.ts). */
export const category = z.enum(consultationCategories);
export type { Category } from '../categories';

export const empty = z.object({}).strict();
