/**
 * `npm run bench:startup -- [path] [--runs=3] [--cpu-slowdown=4] [--tree=5] [--signed-in=haircare]`: what runs on the
 * main thread while a page starts (`--signed-in`: as a shopper who finished that consultation, as bench/run.ts does;
 * a /checkout/ step page: as a shopper whose cart is in checkout, bench/checkout-pages.ts). Loads the page in Chromium with the CPU slowed down as Lighthouse's mobile preset does (4x), records a
 * trace and a CPU profile together, and prints each long task (over 50 ms) with the source files (read through the
 * build's source maps) and functions its time went to; then, over all runs, the median total blocking time of those
 * tasks and the median time each source file took inside them. `--tree=<ms>` also prints each script task's call tree,
 * down to calls of that many milliseconds.
 */
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { startServer } from '../scripts/start-server';
import { chromiumArgs, chromiumPath } from '../scripts/chromium';
import { ensureBuilt } from './build-app';
import { signedInShopper } from './formulation-bench';
import { shopperAtCheckout } from './checkout-pages';
import { hostCpu } from './host';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}
interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { url?: string; functionName?: string; documentLoaderURL?: string } };
}

/** One long task: when it started (ms after navigation), how long it took, and where its time went (ms). */
export interface LongTask {
  startMs: number;
  durationMs: number;
  events: string[];
  files: [string, number][];
  functions: [string, number][];
}

const LONG_TASK_MS = 50;
const shownEvents = new Set([
  'v8.evaluateModule',
  'EvaluateScript',
  'FunctionCall',
  'TimerFire',
  'ParseHTML',
  'Layout',
  'UpdateLayoutTree',
  'Paint',
  'MajorGC',
  'MinorGC',
  'v8.compileModule',
  'EventDispatch',
]);

/** Maps a position in a built file to its source through the build's source maps (dist/assets/*.js.map). */
function sourceMapper(origin: string) {
  const maps = new Map<string, TraceMap | null>();
  const mapOf = (url: string) => {
    if (!maps.has(url)) {
      let map: TraceMap | null;
      try {
        map = new TraceMap(readFileSync(`dist${new URL(url).pathname}.map`, 'utf8'));
      } catch {
        map = null; // no map (an inline script, the document): the built position is shown
      }
      maps.set(url, map);
    }
    return maps.get(url);
  };
  return (frame: CallFrame): { file: string; label: string } => {
    if (!frame.url) return { file: `(${frame.functionName || 'program'})`, label: `(${frame.functionName || 'program'})` };
    const map = mapOf(frame.url);
    const position = map ? originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber }) : null;
    const file = position?.source ? position.source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '') : frame.url.replace(origin, '');
    const line = position?.source ? position.line : frame.lineNumber + 1;
    return { file, label: `${frame.functionName || '(anonymous)'} ${file}:${line}` };
  };
}

/** Loads `url` once with the CPU slowed down `slowdown` times and returns its long tasks and paints. */
export async function profileStartup(
  url: string,
  slowdown: number,
  treeMs?: number,
  storage?: Record<string, string>,
): Promise<{ tasks: LongTask[]; paints: Record<string, number> }> {
  const origin = new URL(url).origin;
  const where = sourceMapper(origin);
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  try {
    // Lighthouse's mobile preset: a Moto G Power's screen.
    const page = await browser.newPage({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
    // A signed-in shopper's tokens, in place before the page's scripts run.
    if (storage) await page.addInitScript((entries) => Object.entries(entries).forEach(([k, v]) => localStorage.setItem(k, v)), storage);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
    const traced = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', {
      categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,loading,blink.user_timing',
      transferMode: 'ReportEvents',
    });
    await cdp.send('Profiler.start');
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    // What starts after the network is quiet (effects, idle work) is part of start-up too; a page under test is not polled (that would add tasks).
    await page.waitForTimeout(1000 * Math.max(1, slowdown / 2));
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
    await cdp.send('Tracing.end');
    await traced;

    // The page's main thread: the renderer thread that evaluated its scripts.
    const threads = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
    const work = (t: TraceEvent) =>
      events.filter((e) => e.pid === t.pid && e.tid === t.tid && (e.name === 'v8.evaluateModule' || e.name === 'FunctionCall')).length;
    const thread = threads.sort((a, b) => work(b) - work(a))[0];
    if (!thread) throw new Error(`no renderer thread in the trace of ${url}`);
    const main = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid);
    const navigation =
      events.find((e) => e.name === 'navigationStart' && e.pid === thread.pid && e.args?.data?.documentLoaderURL?.startsWith('http'))?.ts ?? main[0]!.ts;
    const paints: Record<string, number> = {};
    for (const e of events) {
      const name = e.name === 'firstContentfulPaint' ? 'FCP' : e.name === 'largestContentfulPaint::Candidate' ? 'LCP' : undefined;
      if (name && e.pid === thread.pid) paints[name] = Math.round((e.ts - navigation) / 1000);
    }

    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
    let at = profile.startTime;
    const samples = profile.samples.map((id, i) => ({ id, t: (at += profile.timeDeltas[i]!) }));

    const tasks: LongTask[] = [];
    for (const task of main.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.ts >= navigation && (e.dur ?? 0) > LONG_TASK_MS * 1000)) {
      const end = task.ts + task.dur!;
      const inTask = samples.filter((s) => s.t >= task.ts && s.t <= end);
      const share = inTask.length ? task.dur! / 1000 / inTask.length : 0;
      const files = new Map<string, number>();
      const functions = new Map<string, number>();
      const total = new Map<number, number>();
      for (const sample of inTask) {
        const self = where(nodes.get(sample.id)!.callFrame).label;
        functions.set(self, (functions.get(self) ?? 0) + share);
        const seen = new Set<string>();
        for (let id: number | undefined = sample.id; id !== undefined; id = parent.get(id)) {
          total.set(id, (total.get(id) ?? 0) + share);
          const frame = nodes.get(id)!.callFrame;
          if (!frame.url) continue;
          const { file } = where(frame);
          if (!seen.has(file)) files.set(file, (files.get(file) ?? 0) + share);
          seen.add(file);
        }
      }
      const inside = main
        .filter((e) => (process.env.ALL_EVENTS ? e.name !== 'RunTask' : shownEvents.has(e.name)) && e.ts >= task.ts && e.ts < end && (e.dur ?? 0) > 3000)
        .map((e) => `${e.name}${e.args?.data?.url ? ` ${e.args.data.url.replace(origin, '')}` : ''} ${Math.round(e.dur! / 1000)}`);
      const byTime = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).map(([k, v]): [string, number] => [k, Math.round(v * 10) / 10]);
      tasks.push({
        startMs: Math.round((task.ts - navigation) / 1000),
        durationMs: Math.round(task.dur! / 1000),
        events: inside,
        files: byTime(files),
        functions: byTime(functions),
      });
      if (treeMs !== undefined && inside.some((e) => /^(FunctionCall|v8\.evaluateModule|TimerFire)/.test(e))) {
        console.log(`  call tree of the task at ${tasks.at(-1)!.startMs} ms:`);
        const walk = (id: number, depth: number) => {
          const node = nodes.get(id)!;
          if (depth >= 0) console.log(`  ${'  '.repeat(Math.min(depth, 30))}${(total.get(id) ?? 0).toFixed(1)} ${where(node.callFrame).label}`);
          const children = (node.children ?? []).filter((c) => (total.get(c) ?? 0) >= treeMs).sort((a, b) => total.get(b)! - total.get(a)!);
          for (const child of children) walk(child, depth + 1);
        };
        walk(profile.nodes[0]!.id, -1);
      }
    }
    return { tasks, paints };
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const blocking = (tasks: LongTask[]) => tasks.reduce((sum, t) => sum + Math.max(0, t.durationMs - LONG_TASK_MS), 0);
/** Files of the app (not the browser's own work, not a library) lead the summary. */
const ownCode = (file: string) => /^(app|engine|renderer|api|shop|flows)\//.test(file);

async function main() {
  const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const path = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? '/consultation/haircare/my-hair/length';
  const runs = Number(option('runs') ?? 3);
  const slowdown = Number(option('cpu-slowdown') ?? 4);
  const tree = option('tree');
  const signedIn = option('signed-in') as 'haircare' | 'skincare' | undefined;
  ensureBuilt(process.argv.includes('--build'));
  const server = await startServer();
  const all: Awaited<ReturnType<typeof profileStartup>>[] = [];
  try {
    // A checkout step is opened as bench/run.ts opens it: a signed-in shopper whose cart is in checkout.
    const storage = path.startsWith('/checkout/') ? await shopperAtCheckout(server.url) : signedIn ? await signedInShopper(server.url, signedIn) : undefined;
    for (let run = 1; run <= runs; run++) {
      const result = await profileStartup(server.url + path, slowdown, tree === undefined ? undefined : Number(tree), storage);
      all.push(result);
      console.log(
        `\nrun ${run}: ${path}, CPU ${slowdown}x slower, ${Object.entries(result.paints)
          .map(([k, v]) => `${k} ${v} ms`)
          .join(', ')}; blocking ${blocking(result.tasks)} ms`,
      );
      for (const task of result.tasks) {
        console.log(`- task at ${task.startMs} ms, ${task.durationMs} ms: ${task.events.slice(0, 8).join(', ')}`);
        const files = task.files.filter(([f]) => f.includes('/') || f.startsWith('('));
        if (files.length)
          console.log(
            `    files: ${files
              .slice(0, 12)
              .map(([f, ms]) => `${f} ${ms}`)
              .join(' | ')}`,
          );
        console.log(
          `    self:  ${task.functions
            .slice(0, 6)
            .map(([f, ms]) => `${f} ${ms}`)
            .join(' | ')}`,
        );
      }
    }
  } finally {
    await server.stop();
  }
  const files = new Map<string, number[]>();
  all.forEach((run, i) => {
    for (const task of run.tasks)
      for (const [file, ms] of task.files)
        (files.get(file) ??
          files
            .set(
              file,
              all.map(() => 0),
            )
            .get(file)!)[i]! += ms;
  });
  console.log(`\n${path}: median of ${runs} runs, CPU ${slowdown}x slower on ${hostCpu().label}`);
  console.log(
    `long tasks ${median(all.map((r) => r.tasks.length))}, their time over 50 ms ${median(all.map((r) => blocking(r.tasks)))} ms, FCP ${median(all.map((r) => r.paints.FCP ?? 0))} ms, last LCP candidate ${median(all.map((r) => r.paints.LCP ?? 0))} ms`,
  );
  const ranked = [...files].map(([file, ms]) => [file, median(ms)] as const).sort((a, b) => b[1] - a[1]);
  console.log('time inside long tasks, by source file (a caller counts its callees):');
  for (const [file, ms] of [...ranked.filter(([f]) => ownCode(f)), ...ranked.filter(([f]) => !ownCode(f))].filter(([, ms]) => ms >= 2))
    console.log(`  ${ms.toFixed(0).padStart(5)} ms  ${file}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
