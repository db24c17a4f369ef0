import { sql, type SQL } from 'drizzle-orm';
import type { ConsultationStatus } from '#api';

/** The statuses in the order a consultation moves through them (spec 000 §4.1). */
const ORDER: readonly ConsultationStatus[] = ['not_started', 'draft', 'completed'];
const RANK: Record<ConsultationStatus, number> = { not_started: 0, draft: 1, completed: 2 };

/** Reads a stored status; anything unknown counts as not started. */
export function asStatus(value: unknown): ConsultationStatus {
  return value === 'draft' || value === 'completed' ? value : 'not_started';
}

/** The further of two statuses: a consultation only moves forward (spec 000 §4.1), never from completed back to draft. */
export function furtherStatus(current: unknown, proposed: unknown): ConsultationStatus {
  const a = asStatus(current);
  const b = asStatus(proposed);
  return RANK[b] > RANK[a] ? b : a;
}

/** Merges two status maps category by category, keeping the further status of each. */
export function mergeStatuses(a: Record<string, string>, b: Record<string, string>): Record<string, string> {
  // Maps, not `object[key] =`: a stored key may be named like an Object.prototype member.
  const merged = new Map(Object.entries(a));
  for (const [category, status] of Object.entries(b)) merged.set(category, furtherStatus(merged.get(category), status));
  return Object.fromEntries(merged);
}

/** SQL for a status's rank: the same order as `furtherStatus`, unknown values counting as not started. */
function rankSql(status: SQL): SQL {
  const cases = ORDER.map((s) => sql.raw(`when '${s}' then ${RANK[s]}`));
  return sql`(case ${status} ${sql.join(cases, sql` `)} else 0 end)`;
}

/**
 * SQL for `mergeStatuses(stored, proposed)` inside an upsert: each proposed category keeps the further status, the
 * others stay as stored. It lets a save merge statuses in the statement that writes them, with no read before.
 */
export function mergeStatusesSql(stored: SQL, proposed: SQL): SQL {
  const names = sql.raw(`array[${ORDER.map((s) => `'${s}'`).join(', ')}]`);
  const further = sql`(${names})[greatest(${rankSql(sql`${stored} ->> p.key`)}, ${rankSql(sql`p.value`)}) + 1]`;
  return sql`${stored} || coalesce((select jsonb_object_agg(p.key, ${further}) from jsonb_each_text(${proposed}) p), '{}'::jsonb)`;
}

/** SQL that is true when a status map holds a completed consultation. */
export function holdsCompletedSql(statuses: SQL): SQL {
  return sql`exists (select 1 from jsonb_each_text(${statuses}) s where s.value = 'completed')`;
}
