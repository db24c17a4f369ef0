import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
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
  type CompiledStep,
  type CompleteRequest,
  type FlowEnvironment,
  type FlowRuntime,
  type SaveRequest,
  type SaveResult,
  type ScreenFacts,
  type Selection,
} from '#engine';
import { StepView, type StepComponentTable, type StepFacts, type StepServices } from '../../renderer/index';
import { PageStatus } from '../shell/page-status';
import { problemText } from './problem-words';
import { useFlowContent } from './use-flow-content';
import { reportError } from '../report-error';

/** Where a flow stands, for the adapters that follow it (the exit capture, a checkout's abandonment). */
export interface FlowState {
  runtime: FlowRuntime;
  /** The step on screen, or null at the results. */
  step: CompiledStep | null;
  answers: Answers;
  env: FlowEnvironment;
}

/**
 * What a flow kind supplies to the runner (app/flow/README.md): how its answers are saved and its completion
 * recorded, the facts its steps need from elsewhere, what follows the shopper's progress, and its results screen.
 * Every hook here is called on every render, so each must be the same function for the life of a page.
 */
export interface FlowAdapters {
  /** Saves one step's answers; may bring back facts for later screens (the consultation's city after the zip code). */
  save(request: SaveRequest): Promise<SaveResult | void>;
  /** Told of each answer as it is given, before any save (to fetch what saving needs while the shopper reads). */
  onAnswer?(): void;
  /** Records that the results were reached (the consultation's completed status; a checkout's order). */
  complete(request: CompleteRequest): Promise<void>;
  /**
   * Facts a step needs when it opens without them (after a reload), or undefined when it needs none; the runner
   * hands them to the machine.
   */
  missingFacts?(step: CompiledStep, facts: ScreenFacts): Promise<ScreenFacts | undefined> | undefined;
  /** Facts a step shows that are fetched each time it opens (a ranking), beside the flow's own facts. */
  useStepFacts?(step: CompiledStep | null, runtime: FlowRuntime): Partial<StepFacts>;
  /** Follows the flow's state on every render (the consultation's exit capture). */
  useFlowState?(state: FlowState): void;
  /** The screen at the flow's results route. */
  results(state: FlowState & { step: null }): ReactNode;
  /** Components of the step kinds this flow kind brings (a checkout's). */
  kinds?: StepComponentTable;
  /** Loads the code of the flow's other steps once the shopper starts answering (default: the consultations' kinds). */
  preload?: () => Promise<unknown>;
}

export interface FlowRunnerProps {
  flow: CompiledFlow;
  env: FlowEnvironment;
  answers: Answers;
  /** Open at the first unanswered step (a returning shopper). */
  resume: boolean;
  services: StepServices;
  /** The shopper's own facts shown on screens (a first name). */
  facts: Pick<StepFacts, 'firstName' | 'accountEmail'>;
  adapters: FlowAdapters;
  /** The flow kind's words while a step's texts load, and while the results' load. */
  loading: { step: string; results: string };
  /** The flow kind's words when a part of the flow cannot be loaded. */
  loadFailed: string;
}

const noStepFacts = () => ({});
const noFlowState = () => undefined;

/**
 * Runs any compiled flow (a consultation, a checkout, a feedback flow): the flow machine decides which step shows,
 * the URL follows it both ways (a deep link, the back button and a reload land on the same step, pre-filled), the
 * renderer draws the step, and the flow kind's adapters save, complete and supply facts. It knows nothing of any
 * one flow kind.
 */
export function FlowRunner({ flow, env, answers, resume, services, facts, adapters, loading, loadFailed }: FlowRunnerProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const [{ machine, input }] = useState(() => {
    const runtime = createFlowRuntime(flow, env);
    return {
      machine: createFlowMachine(runtime).provide({
        actors: {
          saveAnswers: fromPromise<SaveResult | void, SaveRequest>(({ input }) => adapters.save(input)),
          completeFlow: fromPromise<void, CompleteRequest>(({ input }) => adapters.complete(input)),
        },
      }),
      input: { runtime, answers, route: location.pathname, resume },
    };
  });
  const actor = useActorRef(machine, { input });

  const snapshot = useSelector(actor, (s) => s);
  const { runtime, env: currentEnv } = snapshot.context;
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
  const synced = useRef<string | null>(null);
  useEffect(() => {
    const here = routePath(location.pathname);
    if (route !== synced.current) {
      const first = synced.current === null;
      synced.current = route;
      if (here !== route) navigate(`${route}${search}`, { replace: first || snapshot.context.replace });
      return;
    }
    if (here !== route) actor.send({ type: 'GO_TO_ROUTE', route: here });
  }, [route, location.pathname, search, navigate, actor, snapshot.context.replace]);

  // The session can change while the flow runs (signing up on a sign-in step).
  useEffect(() => {
    if (env.session !== currentEnv.session || env.user.hasNames !== currentEnv.user.hasNames) {
      actor.send({ type: 'SESSION', session: env.session, user: env.user });
    }
  }, [actor, env, currentEnv]);

  // Facts a step needs that a reload lost come from the flow kind again.
  const flowFacts = snapshot.context.facts;
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

  const useStepFacts = adapters.useStepFacts ?? noStepFacts;
  const stepFacts = useStepFacts(step, runtime);
  const useFlowState = adapters.useFlowState ?? noFlowState;
  useFlowState({ runtime, step, answers: snapshot.context.answers, env: currentEnv });

  // The words of the step on screen (the results need them all); the rest load once the shopper answers.
  const [answering, setAnswering] = useState(false);
  const content = useFlowContent(flow, step?.name ?? null, answering);

  if (content.failed) {
    return (
      <PageStatus role="alert">
        <p>{loadFailed}</p>
        <button type="button" className="button" onClick={content.retry}>
          Try again
        </button>
      </PageStatus>
    );
  }
  if (!content.ready) return <PageStatus>{step ? loading.step : loading.results}</PageStatus>;

  if (!step) return adapters.results({ runtime, step: null, answers: snapshot.context.answers, env: snapshot.context.env });

  const scope = { answers: snapshot.context.answers, env: snapshot.context.env, variants: runtime.variants };
  const screen = describeStep(runtime, step, scope, { ...facts, ...flowFacts });
  return (
    <div className="page page--flow">
      <StepView
        kinds={adapters.kinds}
        preload={adapters.preload}
        screen={screen as never}
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
        error={problemText(flowProblem(snapshot))}
        services={services}
        facts={{
          firstName: facts.firstName,
          accountEmail: facts.accountEmail,
          city: typeof flowFacts.city === 'string' ? flowFacts.city : undefined,
          aggressors: flowFacts.aggressors as StepFacts['aggressors'],
          ...stepFacts,
        }}
      />
    </div>
  );
}
