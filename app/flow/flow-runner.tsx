import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  createFlowMachine,
  createFlowRuntime,
  describeStep,
  flowBusy,
  flowProblem,
  flowStep,
  routePath,
  type Answers,
  type CompiledFlow,
  type CompleteRequest,
  type FlowEnvironment,
  type SaveRequest,
  type SaveResult,
  type Selection,
  type StepKind,
} from '#engine';
import type { StepFacts, StepServices } from '../../renderer/index';
import { StepView } from '../../renderer/step-view';
import { PageStatus } from '../shell/page-status';
import { problemText } from './problem-words';
import { useFlowContent } from './use-flow-content';
import { reportError } from '../report-error';
import { whenTrackingStarted } from '../tracking/app-tracking';
import type { FlowAdapters, FlowKind, FlowState } from './flow-kind';

export interface FlowRunnerProps<F extends StepFacts, K extends StepKind> {
  /** The flow kind: its components, the code it preloads, its words. */
  kind: FlowKind<F, K>;
  /** What the kind does on this page: saves, completion, its steps' facts, its results. */
  adapters: FlowAdapters<F>;
  flow: CompiledFlow;
  env: FlowEnvironment;
  answers: Answers;
  /** Facts known before any save (the order a checkout page was opened for). */
  facts?: Partial<F>;
  /** Open at the first unanswered step (a returning shopper). */
  resume: boolean;
  services: StepServices;
}

const noExit = () => undefined;

/**
 * Runs any compiled flow of any flow kind: the flow machine decides which step shows, the URL follows it both ways
 * (a deep link, the back button and a reload land on the same step, pre-filled), the renderer draws the step with
 * the kind's components and facts, and the kind's adapters save, complete and draw the results. It knows no kind.
 */
export function FlowRunner<F extends StepFacts, K extends StepKind>(props: FlowRunnerProps<F, K>) {
  const { kind, adapters, flow, env, answers, facts, resume, services } = props;
  const location = useLocation();
  const navigate = useNavigate();
  // The machine's actors call the page's latest adapters (kept after each render, never during one).
  const latest = useRef(adapters);
  useEffect(() => {
    latest.current = adapters;
  }, [adapters]);
  const [{ machine, input }] = useState(() => {
    const runtime = createFlowRuntime(flow, env);
    return {
      machine: createFlowMachine<F>(runtime).provide({
        actors: {
          saveAnswers: fromPromise<SaveResult<F> | void, SaveRequest>(({ input }) => latest.current.save(input)),
          completeFlow: fromPromise<void, CompleteRequest>(({ input }) => latest.current.complete(input)),
        },
      }),
      input: { runtime, answers, facts, route: location.pathname, resume },
    };
  });
  const actor = useActorRef(machine, { input });

  const snapshot = useSelector(actor, (s) => s);
  const { runtime, env: currentEnv, facts: flowFacts } = snapshot.context;
  const step = flowStep(snapshot);
  // A question set (?questionSet=) has its own results route, and its query stays on every route (spec 000 §2.3, §2.6).
  const route = step ? step.route : runtime.flow.routes.results;
  const search = useMemo(() => {
    const params = new URLSearchParams(location.search);
    for (const [key, value] of Object.entries(runtime.flow.query ?? {})) params.set(key, value);
    const text = `${params}`;
    return text ? `?${text}` : '';
  }, [location.search, runtime.flow.query]);

  // The URL and the machine follow each other: the machine moved -> go there; the URL moved -> tell the machine.
  // Each back or forward press checks again (`pops`): one pressed while the router still draws the runner's own push
  // reaches the router in the same transition as that push, so the location it draws is the one it drew before, and
  // the step the shopper left would stay on screen under the URL of the step before.
  const synced = useRef<string | null>(null);
  const pops = useHistoryPops();
  useEffect(() => {
    const here = routePath(location.pathname);
    if (route !== synced.current) {
      const first = synced.current === null;
      synced.current = route;
      if (here !== route) navigate(`${route}${search}`, { replace: first || snapshot.context.replace });
      return;
    }
    if (here !== route) actor.send({ type: 'GO_TO_ROUTE', route: here });
  }, [route, location.pathname, search, navigate, actor, snapshot.context.replace, pops]);

  // The session can change while the flow runs (signing up on a sign-in step, or on a checkout's first step).
  useEffect(() => {
    if (env.session !== currentEnv.session || env.user.hasNames !== currentEnv.user.hasNames) {
      actor.send({ type: 'SESSION', session: env.session, user: env.user });
    }
  }, [actor, env, currentEnv]);

  // Facts a step needs that a reload lost come from the flow kind again.
  useEffect(() => {
    if (!step) return;
    const loading = adapters.missingFacts?.(step, flowFacts);
    if (!loading) return;
    let live = true;
    loading.then(
      (found) => live && found && actor.send({ type: 'FACTS', facts: found }),
      (error: unknown) => reportError(`loading the facts of step ${step.name}`, error),
    );
    return () => void (live = false);
  }, [step, flowFacts, adapters, actor]);

  // A kind that leaves on such an error goes to its flow's fallback route when the next step cannot be worked out (spec
  // 002 §2.8: /account/feedback); otherwise the shopper stays on the step, told that something went wrong.
  const fallback = kind.leaveOnNextStepError ? runtime.flow.routes.fallback : undefined;
  const failedNext = flowProblem(snapshot)?.code === 'next_step_failed';
  useEffect(() => {
    if (failedNext && fallback) void navigate(fallback, { replace: true });
  }, [failedNext, fallback, navigate]);

  // A new step starts at the top of the page: a button low on a long step would otherwise leave the next one scrolled,
  // its progress under the sticky header. (The first step opened keeps where the browser put it.)
  const shownStep = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    const name = step?.name ?? null;
    if (shownStep.current !== undefined && shownStep.current !== name) (document.scrollingElement ?? document.documentElement).scrollTop = 0;
    shownStep.current = name;
  }, [step?.name]);

  // Each step shown (and the results) is tracked once, with the flow's variants: the drop-off report's rows (app/tracking/).
  const flowId = runtime.flow.id;
  const stepName = step?.name ?? null;
  const variants = runtime.variants;
  // The view waits for the page's tracking, which starts once the page has loaded and the browser is idle: the tracker's
  // code is then no part of a flow page's first download (1.5 KB gzipped), and the view is queued after the page's own.
  useEffect(() => {
    void whenTrackingStarted()
      .then(() => import('../tracking/flow-tracking'))
      .then(({ trackFlowStep }) => trackFlowStep(kind.name, flowId, stepName, variants))
      .catch(() => undefined);
  }, [kind.name, flowId, stepName, variants]);

  const state: FlowState<F> = { runtime, step, answers: snapshot.context.answers, env: currentEnv, facts: flowFacts };
  const stepFacts = adapters.useFacts(state);
  const useExit = adapters.useExit ?? noExit;
  useExit(state);

  // The words of the step on screen (the results need them all); the rest load once the shopper answers.
  const [answering, setAnswering] = useState(false);
  const content = useFlowContent(flow, step?.name ?? null, answering);

  if (content.failed) {
    return (
      <PageStatus role="alert">
        <p>{kind.words.loadFailed}</p>
        <button type="button" className="button" onClick={content.retry}>
          Try again
        </button>
      </PageStatus>
    );
  }
  if (!content.ready) return <PageStatus>{step ? kind.words.loadingStep : kind.words.loadingResults}</PageStatus>;

  if (!step) return adapters.results({ ...state, step: null });

  const scope = { answers: state.answers, env: state.env, variants: runtime.variants };
  const problem = flowProblem(snapshot);
  const standard = problemText(problem);
  return (
    <div className="page page--flow">
      <StepView<StepKind, F>
        components={kind.components}
        preload={kind.preload}
        screen={describeStep(runtime, step, scope, stepFacts)}
        onChange={(selection: Selection) => {
          adapters.onAnswer?.();
          setAnswering(true);
          actor.send({ type: 'ANSWER', selection });
        }}
        onNext={() => {
          setAnswering(true);
          actor.send({ type: 'NEXT' });
        }}
        busy={flowBusy(snapshot)}
        error={problem && kind.problemText ? kind.problemText(problem, standard) : standard}
        saveError={problem?.code === 'save_failed' ? problem.cause : undefined}
        services={services}
        facts={stepFacts}
      />
    </div>
  );
}

/**
 * How many times the browser has gone back or forward (popstate) while the runner is on the page. It is a state of its
 * own, drawn at once, where the router's location is drawn in a transition.
 */
function useHistoryPops(): number {
  const [pops, setPops] = useState(0);
  useEffect(() => {
    const count = () => setPops((n) => n + 1);
    window.addEventListener('popstate', count);
    return () => window.removeEventListener('popstate', count);
  }, []);
  return pops;
}
