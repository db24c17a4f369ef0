import { describe, expect, it } from 'vitest';
import { loadTable, summarizeLoad, type Sample } from '../../bench/load-stats';

describe('npm run load: the summary of a run', () => {
  const samples: Sample[] = [
    ...Array.from({ length: 98 }, (_, i): Sample => ({ sentAtMs: 6_000 + i, latencyMs: 10 + i, ok: true })),
    { sentAtMs: 20, latencyMs: 12_000, ok: true }, // stalled in the burst at start
    { sentAtMs: 7_000, latencyMs: 2_500, ok: false },
  ];

  it('gives req/s, percentiles, the slow requests, the start burst’s worst and errors counted apart', () => {
    const summary = summarizeLoad(samples, 10_000, 3, 250);
    expect(summary).toMatchObject({ requests: 100, reqPerSec: 10, maxMs: 12_000, non2xx: 1, socketErrors: 3, slow: 2, burstMaxMs: 12_000 });
    expect(summary.p50Ms).toBe(60);
    expect(summary.p99Ms).toBe(12_000);
    expect(summary.serverCpuMsPerRequest).toBe(2.5);
  });

  it('prints one markdown row per database', () => {
    const table = loadTable([{ label: 'PostgreSQL', summary: summarizeLoad(samples, 10_000, 0) }]);
    expect(table.split('\n')).toHaveLength(3);
    expect(table).toContain('| PostgreSQL | 100 | 10 | 60 ms | 12000 ms | 12000 ms | 12000 ms | 1 | 0 | 2 | — |');
  });

  it('has nothing to divide when nothing was answered', () => {
    expect(summarizeLoad([], 0, 5, 100)).toMatchObject({ requests: 0, reqPerSec: 0, p99Ms: 0, maxMs: 0, socketErrors: 5, serverCpuMsPerRequest: null });
  });
});
