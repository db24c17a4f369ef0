/** Median and 99th percentile of samples (any unit). */
export function summarize(samples: number[]): { median: number; p99: number; n: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: at(0.5), p99: at(0.99), n: sorted.length };
}

/** Runs `fn` repeatedly and returns each run's duration in microseconds. */
export function timeEach(iterations: number, fn: (i: number) => void): number[] {
  const out: number[] = new Array(iterations);
  for (let i = 0; i < iterations; i++) {
    const t0 = process.hrtime.bigint();
    fn(i);
    out[i] = Number(process.hrtime.bigint() - t0) / 1000;
  }
  return out;
}
