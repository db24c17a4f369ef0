/** What one load run measured, summarised from every response's latency and when it was sent. */

/** One answered request: when it was sent (ms since the run started) and how long it took (ms). */
export interface Sample {
  sentAtMs: number;
  latencyMs: number;
  ok: boolean;
}

export interface LoadSummary {
  requests: number;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Answers outside 2xx. */
  non2xx: number;
  /** Socket errors and timeouts (no answer at all). */
  socketErrors: number;
  /** Requests answered after more than `slowMs`. */
  slow: number;
  /** The slowest request sent in the first `burstMs` of the run (where a stall at start shows). */
  burstMaxMs: number;
  /** CPU time the server process spent per answered request (ms), null when unknown; steadier than req/s on a busy machine. */
  serverCpuMsPerRequest: number | null;
}

export const SLOW_MS = 2_000;
export const BURST_MS = 5_000;

/** Percentiles over every answered request (2xx or not), the slow ones, and the start burst's worst. */
export function summarizeLoad(samples: readonly Sample[], durationMs: number, socketErrors: number, serverCpuMs: number | null = null): LoadSummary {
  const latencies = samples.map((s) => s.latencyMs).sort((a, b) => a - b);
  const at = (q: number) => (latencies.length === 0 ? 0 : latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!);
  let burstMaxMs = 0;
  for (const s of samples) if (s.sentAtMs < BURST_MS && s.latencyMs > burstMaxMs) burstMaxMs = s.latencyMs;
  return {
    requests: samples.length,
    reqPerSec: durationMs > 0 ? samples.length / (durationMs / 1000) : 0,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    maxMs: latencies.at(-1) ?? 0,
    non2xx: samples.filter((s) => !s.ok).length,
    socketErrors,
    slow: samples.filter((s) => s.latencyMs > SLOW_MS).length,
    burstMaxMs,
    serverCpuMsPerRequest: serverCpuMs === null || samples.length === 0 ? null : serverCpuMs / samples.length,
  };
}

/** A markdown table of one run per database. */
export function loadTable(rows: readonly { label: string; summary: LoadSummary }[]): string {
  const ms = (n: number) => `${Math.round(n)} ms`;
  const lines = [
    '| database | requests | req/s | p50 | p99 | max | max, first 5 s | non-2xx | socket errors | over 2 s | server CPU per request |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const { label, summary: s } of rows) {
    lines.push(
      `| ${label} | ${s.requests} | ${Math.round(s.reqPerSec)} | ${ms(s.p50Ms)} | ${ms(s.p99Ms)} | ${ms(s.maxMs)} | ${ms(s.burstMaxMs)} | ${s.non2xx} | ${s.socketErrors} | ${s.slow} | ${s.serverCpuMsPerRequest === null ? '—' : `${s.serverCpuMsPerRequest.toFixed(2)} ms`} |`,
    );
  }
  return lines.join('\n');
}
