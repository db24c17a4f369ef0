/**
 * @module server/subscriptions/log-reasons: the reasons for cancelling or snoozing (log-reasons.yaml, an editor's
 * file; spec 001 §3 "Subscription log reasons"), checked once (every problem at file:line:column), and
 * GET /v1/subscription_log_reasons, which serves them to anyone (the cancel flow asks before anything is changed).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { SubscriptionLogReason } from '#api';
import { readDataSource } from '#engine/compiler';
import { loadDataFile, type CompiledTable } from '../formulation/load-data-table';
import { defineOperation } from '../http/operation';

const reasonSchema = z
  .object({
    slug: z.string().regex(/^[a-z0-9]+(_[a-z0-9]+)*$/, 'Expected a slug in lower_snake_case.'),
    label: z.string().trim().min(1, 'Expected a label.').max(120),
    kind: z.enum(['cancel', 'snooze'], { message: 'Expected cancel or snooze.' }),
    comment: z.enum(['none', 'optional', 'required'], { message: 'Expected none, optional or required.' }),
  })
  .strict();
const fileSchema = z.array(reasonSchema).min(1, 'Expected at least one reason.');

/** Checks the reasons file's text: each reason's fields, slugs unique, at least one cancel reason. */
export function compileLogReasons(text: string, file: string): CompiledTable<SubscriptionLogReason[]> {
  const source = readDataSource(text, file, fileSchema);
  const reasons = source.data ?? [];
  const seen = new Set<string>();
  const problems = [...source.problems];
  reasons.forEach((reason, index) => {
    if (seen.has(reason.slug)) problems.push({ location: source.at([index, 'slug']), message: `The slug "${reason.slug}" is used twice.` });
    seen.add(reason.slug);
  });
  if (source.data && !reasons.some((r) => r.kind === 'cancel')) problems.push({ location: source.at([]), message: 'Expected at least one cancel reason.' });
  return source.data && problems.length === 0 ? { table: source.data, problems } : { problems };
}

export const LOG_REASONS_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'log-reasons.yaml');

let loaded: SubscriptionLogReason[] | undefined;

/** The reasons, read and checked once, when first asked for (a broken file is an error naming file:line:column). */
export function logReasons(): SubscriptionLogReason[] {
  loaded ??= loadDataFile('subscription log reasons file', LOG_REASONS_FILE, compileLogReasons);
  return loaded;
}

/** The cancel reason with that slug, or undefined. */
export const cancelReason = (slug: string): SubscriptionLogReason | undefined => logReasons().find((r) => r.kind === 'cancel' && r.slug === slug);

/** GET /v1/subscription_log_reasons: the cancel and snooze reasons, in the file's order. */
export const getSubscriptionLogReasons = defineOperation(
  'getSubscriptionLogReasons',
  { summary: 'The reasons for cancelling or snoozing a subscription', tag: 'subscriptions', responses: { 200: 'Every reason, cancel and snooze' } },
  async ({ c }) => c.json(logReasons(), 200),
);
