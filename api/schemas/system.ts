import { z } from 'zod';

/** GET /healthz: the process is up and the database answers. */
export const health = z.object({ status: z.literal('ok'), database: z.literal('ok') });
export type Health = z.infer<typeof health>;

/** GET /dev/outbox.json?to=&limit=: filter by recipient, newest first. */
export const outboxQuery = z
  .object({
    to: z.string().trim().toLowerCase().optional(),
    limit: z.coerce.number().int().min(1).max(500).optional(),
  })
  .strict();

/** One message of the dev outbox, with the links found in its text. */
export const outboxMessage = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  links: z.array(z.string()),
  created_at: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;
/** GET /dev/outbox.json */
export const outboxMessages = z.array(outboxMessage);

/**
 * POST /v1/client_errors/: what the web app reports of an unexpected error (spec 000 §8; app/report-error.ts). Short
 * strings only, nothing about the shopper: the app blanks tokens and e-mails, and the server does again.
 */
export const clientErrorReport = z
  .object({
    where: z.string().trim().min(1).max(100),
    name: z.string().max(60),
    message: z.string().max(500),
    code: z.string().max(60).optional(),
    status: z.number().int().min(0).max(999).optional(),
    path: z
      .string()
      .max(200)
      .regex(/^\/[^?#]*$/, 'a path without a query or fragment')
      .or(z.literal('')),
  })
  .strict();
export type ClientErrorReport = z.infer<typeof clientErrorReport>;

/** GET /flags (API.md): each feature flag's value, on/off or an A/B test's "0"/"1" (spec 001 §9 Feature flags). */
/** GET /flags: the shop's flags (on/off, or an A/B test's "0"/"1") and the consultation flows' (a variant's option, a word or a number). */
export const flags = z.record(z.string(), z.union([z.boolean(), z.enum(['0', '1']), z.string(), z.number()]));
export type FeatureFlags = z.infer<typeof flags>;
