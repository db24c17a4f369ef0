import type { ConsultationStatus } from '#api';

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
