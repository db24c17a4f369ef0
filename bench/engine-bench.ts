/** Engine benchmarks: compiling every flow, and applying one answer then resolving the next step. */
import { readFileSync } from 'node:fs';
import { createActor, fromPromise, waitFor } from 'xstate';
import { compileFlowSource, flowFiles } from '#engine/compiler';
import { anonymousEnvironment, createFlowMachine, createFlowRuntime, nextStepIndex, type CompiledFlow, type SaveRequest, type SaveResult } from '#engine';
import { summarize, timeEach } from './stats';

export interface EngineFigures {
  compile: { flow: string; median_ms: number; p99_ms: number }[];
  answer: { median_us: number; p99_us: number; n: number };
  roundTrip: { median_us: number; p99_us: number; n: number };
}

export async function engineBench(): Promise<EngineFigures> {
  const compile = flowFiles('flows').map((file) => {
    const text = readFileSync(file, 'utf8');
    for (let i = 0; i < 5; i++) compileFlowSource(text, file); // warm up
    const s = summarize(timeEach(40, () => compileFlowSource(text, file)));
    return { flow: file, median_ms: s.median / 1000, p99_ms: s.p99 / 1000 };
  });

  const flow = compileFlowSource(readFileSync('flows/consultation/haircare.yaml', 'utf8'), 'haircare.yaml').flow as CompiledFlow;
  const runtime = createFlowRuntime(flow, anonymousEnvironment({ session: 'authenticated', user: { hasNames: true } }));
  const base = { diag_hair_texture: 'type_3a', diag_hair_length: 'long', diag_hairloss_level: 'excessive', diag_color_treatments: true };

  // Apply an answer (through the machine) and work out the next step, synchronously.
  const actor = createActor(createFlowMachine(runtime), { input: { runtime, answers: base, route: `${flow.routes.base}/my-treatments/other-treatments` } }).start();
  const stepIndex = runtime.steps.findIndex((s) => s.name === 'other-treatments');
  const choices = [['relaxer'], ['perm', 'keratin'], ['none'], ['keratin']];
  const answer = timeEach(50_000, (i) => {
    actor.send({ type: 'ANSWER', selection: choices[i % choices.length]! });
    const { context } = actor.getSnapshot();
    nextStepIndex(runtime, stepIndex, { answers: context.answers, env: context.env, variants: runtime.variants });
  }).slice(5_000);
  actor.stop();

  // The whole round trip through the machine: answer, NEXT, save (resolving at once), arrive on the next step.
  const machine = createFlowMachine(runtime).provide({ actors: { saveAnswers: fromPromise<SaveResult | void, SaveRequest>(async () => ({})) } });
  const roundTrip: number[] = [];
  for (let i = 0; i < 3000; i++) {
    const a = createActor(machine, { input: { runtime, answers: base, route: `${flow.routes.base}/my-treatments/other-treatments` } }).start();
    const t0 = process.hrtime.bigint();
    a.send({ type: 'ANSWER', selection: choices[i % choices.length]! });
    a.send({ type: 'NEXT' });
    await waitFor(a, (s) => !s.matches({ 'step:other-treatments': 'saving' } as never));
    roundTrip.push(Number(process.hrtime.bigint() - t0) / 1000);
    a.stop();
  }
  const a = summarize(answer);
  const r = summarize(roundTrip.slice(300));
  return { compile, answer: { median_us: a.median, p99_us: a.p99, n: a.n }, roundTrip: { median_us: r.median, p99_us: r.p99, n: r.n } };
}
