/** The part of autocannon 8's API that bench/load.ts uses (the package ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface RequestParams {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer | undefined;
  }

  interface Request extends RequestParams {
    setupRequest?: (request: RequestParams & Record<string, unknown>, context: Record<string, unknown>) => (RequestParams & Record<string, unknown>) | null;
  }

  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    /** Stop after this many requests instead of after `duration`. */
    amount?: number;
    /** Seconds before a request counts as timed out (default 10). */
    timeout?: number;
    requests?: Request[];
    /** Sent with every request. */
    headers?: Record<string, string>;
    /** Called with each connection's client before it starts: it may give the connection its own requests. */
    setupClient?: (client: Client) => void;
  }

  interface Client {
    setRequests(requests: Request[]): void;
  }

  interface Result {
    requests: { total: number; average: number };
    latency: { p50: number; p99: number; max: number };
    errors: number;
    timeouts: number;
    non2xx: number;
  }

  interface Instance extends EventEmitter, PromiseLike<Result> {
    stop(): void;
  }

  function autocannon(options: Options): Instance;
  export default autocannon;
}
