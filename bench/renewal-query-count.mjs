/**
 * Preloaded into the server's processes by `bench/renewal-bench.ts --count-queries` (node --import): counts every
 * statement each process sends to PostgreSQL (one round trip each with node-postgres) by its text, with the
 * process's CPU time, and writes them every half second (and at once on SIGUSR2) to `$RENEWAL_QUERY_COUNT_DIR/<pid>.json`, so the bench can
 * take the difference over the renewals alone: statements and CPU milliseconds per renewal, figures that do not
 * depend on the machine's load.
 */
/* global process, setInterval */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const dir = process.env.RENEWAL_QUERY_COUNT_DIR;
if (dir) {
  const byText = new Map();
  let total = 0;
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function query(config, ...rest) {
    const text = typeof config === 'string' ? config : (config?.text ?? '');
    const key = text.replace(/\s+/g, ' ').slice(0, 160);
    byText.set(key, (byText.get(key) ?? 0) + 1);
    total += 1;
    return original.call(this, config, ...rest);
  };
  const write = () => {
    const cpu = process.cpuUsage();
    const snapshot = { pid: process.pid, at: Date.now(), total, cpuMs: (cpu.user + cpu.system) / 1000, byText: Object.fromEntries(byText) };
    try {
      writeFileSync(path.join(dir, `${process.pid}.json`), JSON.stringify(snapshot));
    } catch {
      // the bench has gone
    }
  };
  setInterval(write, 500).unref();
  // The bench asks for a snapshot at the moment it reads one.
  process.on('SIGUSR2', write);
}
