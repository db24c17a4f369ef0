/** Engine benchmarks: compiling every flow, and applying one answer then resolving the next step. */
import { readFileSync } from 'node:fs';
import { createActor, fromPromise, waitFor } from 'xstate';
import { compileFlowSource, flowFiles, readFromRoot } from '#engine/compiler';
import {
  anonymousEnvironment,
  createFlowMachine,
  createFlowRuntime,
  flowBusy,
  nextStepIndex,
  type AnswerValue,
  type Answers,
  type CompiledFlow,
  type Selection,
  type SaveRequest,
  type SaveResult,
} from '#engine';
import { summarize, timeEach } from './stats';

export interface EngineFigures {
  compile: { flow: string; median_ms: number; p99_ms: number }[];
  answers: { flow: string; answer: Timing; roundTrip: Timing }[];
}

interface Timing {
  median_us: number;
  p99_us: number;
  n: number;
}

/**
 * One step of each kind of flow whose answer decides which steps follow, with answers to cycle through: a multi-select
 * of each consultation (spec 000 §4.5), and the haircare feedback's conditioner rating, whose 0 skips and clears its
 * follow-ups (spec 002 §4.4) over an order with an anti-brass conditioner older than 21 days (§5.1).
 */
const cases: { file: string; base: Answers; step: string; choices: Selection[]; order?: Record<string, AnswerValue>; context?: Record<string, AnswerValue> }[] =
  [
    {
      file: 'flows/consultation/haircare.yaml',
      base: { diag_hair_texture: 'type_3a', diag_hair_length: 'long', diag_hairloss_level: 'excessive', diag_color_treatments: true },
      step: 'other-treatments',
      choices: [['relaxer'], ['perm', 'keratin'], ['none'], ['keratin']],
    },
    {
      file: 'flows/consultation/skincare.yaml',
      base: { profile_age_range: 30, diag_skintype_morning: 'oily' },
      step: 'concerns',
      choices: [['breakouts'], ['fine_lines', 'lack_firmness'], ['dryness'], ['oiliness', 'redness']],
    },
    {
      file: 'flows/feedback/haircare.yaml',
      base: { overall_experience: 4, product_shampoo_satisfaction: 4, product_shampoo_impact: 'clean' },
      step: 'product_conditioner_satisfaction',
      choices: [0, 3, 5, 1],
      order: {
        has_shampoo: true,
        has_conditioner: true,
        antibrass_conditioner_days: 30,
        antibrass_ingredient: 'purple_v2',
        hair_products_fragranced: true,
        fragrance: 'arcadia',
        fragrance_sold_out: false,
        sold_out_fragrances: [],
      },
      context: { 'consultation.diag_hair_length': 'long', 'consultation.diag_hair_texture': 'type_2b' },
    },
  ];

export async function engineBench(): Promise<EngineFigures> {
  const readFile = readFromRoot(process.cwd());
  const compile = flowFiles('flows').map((file) => {
    const text = readFileSync(file, 'utf8');
    for (let i = 0; i < 5; i++) compileFlowSource(text, file, { readFile }); // warm up
    const s = summarize(timeEach(40, () => compileFlowSource(text, file, { readFile })));
    return { flow: file, median_ms: s.median / 1000, p99_ms: s.p99 / 1000 };
  });
  const answers = [];
  for (const c of cases) answers.push({ flow: c.file, ...(await answerBench(compileFlowSource(readFileSync(c.file, 'utf8'), c.file, { readFile }).flow!, c)) });
  return { compile, answers };
}

async function answerBench(flow: CompiledFlow, c: (typeof cases)[number]): Promise<{ answer: Timing; roundTrip: Timing }> {
  const runtime = createFlowRuntime(
    flow,
    anonymousEnvironment({ session: 'authenticated', user: { hasNames: true }, order: c.order ?? {}, context: c.context ?? {} }),
  );
  const stepIndex = runtime.steps.findIndex((s) => s.name === c.step);
  const route = runtime.steps[stepIndex]!.route;

  // Apply an answer (through the machine) and work out the next step, synchronously.
  const actor = createActor(createFlowMachine(runtime), { input: { runtime, answers: c.base, route } }).start();
  const answer = timeEach(50_000, (i) => {
    actor.send({ type: 'ANSWER', selection: c.choices[i % c.choices.length]! });
    const { context } = actor.getSnapshot();
    nextStepIndex(runtime, stepIndex, { answers: context.answers, env: context.env, variants: runtime.variants });
  }).slice(5_000);
  actor.stop();

  // The whole round trip through the machine: answer, NEXT, save (resolving at once), arrive on the next step.
  const machine = createFlowMachine(runtime).provide({ actors: { saveAnswers: fromPromise<SaveResult | void, SaveRequest>(async () => ({})) } });
  const roundTrip: number[] = [];
  for (let i = 0; i < 3000; i++) {
    const a = createActor(machine, { input: { runtime, answers: c.base, route } }).start();
    const t0 = process.hrtime.bigint();
    a.send({ type: 'ANSWER', selection: c.choices[i % c.choices.length]! });
    a.send({ type: 'NEXT' });
    await waitFor(a, (s) => !flowBusy(s));
    roundTrip.push(Number(process.hrtime.bigint() - t0) / 1000);
    a.stop();
  }
  const timing = (values: number[]): Timing => {
    const s = summarize(values);
    return { median_us: s.median, p99_us: s.p99, n: s.n };
  };
  return { answer: timing(answer), roundTrip: timing(roundTrip.slice(300)) };
}
