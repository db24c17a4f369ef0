/** A request's status (spec 000 §4.7): idle, loading, saving, success, error. */
export type LoadStatus = 'idle' | 'loading' | 'saving' | 'success' | 'error';

/**
 * Several requests' statuses as one (spec 000 §4.7, the combined ingredients/prescription status): error
 * if any is an error, loading if any is loading (or saving), success if all succeeded, else idle.
 * @example combineStatuses(['success', 'loading']) // 'loading'
 */
export function combineStatuses(statuses: readonly LoadStatus[]): 'idle' | 'loading' | 'success' | 'error' {
  if (statuses.includes('error')) return 'error';
  if (statuses.includes('loading') || statuses.includes('saving')) return 'loading';
  if (statuses.length > 0 && statuses.every((s) => s === 'success')) return 'success';
  return 'idle';
}
