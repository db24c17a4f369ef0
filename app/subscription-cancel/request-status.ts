/** A request's status (spec 001 §4: "Subscriptions, cancel, log reasons and retention each use idle, loading, success, error"). */
export type RequestStatus = 'idle' | 'loading' | 'success' | 'error';

/** The cancellation's requests: the log reasons, the retention offers (fetched or applied), the cancel. */
export type CancelRequest = 'logReasons' | 'retention' | 'cancel';

/**
 * The status of each of the cancellation's requests, idle until it is made: `track` marks it loading, then success
 * or error as its promise settles (and hands the promise on); `listen` is told of each change.
 */
export function requestStatuses() {
  const statuses: Record<CancelRequest, RequestStatus> = { logReasons: 'idle', retention: 'idle', cancel: 'idle' };
  const listeners = new Set<() => void>();
  const set = (name: CancelRequest, status: RequestStatus) => {
    statuses[name] = status;
    listeners.forEach((listener) => listener());
  };
  return {
    get: (): Readonly<Record<CancelRequest, RequestStatus>> => ({ ...statuses }),
    async track<T>(name: CancelRequest, request: () => Promise<T>): Promise<T> {
      set(name, 'loading');
      try {
        const value = await request();
        set(name, 'success');
        return value;
      } catch (error) {
        set(name, 'error');
        throw error;
      }
    },
    listen(listener: () => void): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
export type RequestStatuses = ReturnType<typeof requestStatuses>;
