import { readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';

/** The machine's CPU as /proc/cpuinfo names it (`model name`) and its core count: figures are only comparable on the same kind. */
export function hostCpu(): { model: string; cores: number; label: string } {
  let model = cpus()[0]?.model.trim() ?? 'unknown CPU';
  try {
    model = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ?? model;
  } catch {
    // not Linux: the name Node reports
  }
  const cores = cpus().length;
  return { model, cores, label: `${model}, ${cores} cores` };
}

/** The machine in one line: CPU, cores, memory and Node. */
export function hostLine(): string {
  return `${hostCpu().label}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}
