import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  createFlowMachine,
  createFlowRuntime,
  describeStep,
  exitModalText,
  loadAllContent,
  routePath,
  type Answers,
  type CompiledFlow,
  type FlowEnvironment,
  type FlowSnapshot,
  type SaveRequest,
  type SaveResult,
  type Selection,
} from '#engine';
import { lazyComponent, StepView, type GeoAggressor, type RankedItem, type RankingFacts, type StepServices } from '../../renderer/index';
import type { ConsultationDeps } from './consultation-actors';
import type { RankingSource } from './rankings';
import { useExitCapture } from './exit-capture';
import { PageStatus } from '../shell/page-status';
import { useFlowContent } from './use-flow-content';
import { reportError } from '../report-error';

const results = lazyComponent(() => import('./consultation-results').then((m) => m.ConsultationResults));
const ConsultationResults = results.component;

/**
 * Loads the results page's code (and, for a signed-in shopper, the code of what is derived from their answers)
 * before it is drawn: a component that suspends is revealed only after React's fallback pause (300 ms).
 */
export function preloadResults(signedIn: boolean): Promise<unknown> {
  return results.preload().then(() => (signedIn ? import('./consultation-results').then((m) => m.preloadDerivedSections()) : undefined));
}
/** Saving loads its code with the first answer: a first visit downloads only what draws the step. */
const savingCode = () => import('./consultation-actors');

export interface FlowRunnerProps {
  flow: CompiledFlow;
  env: FlowEnvironment;
  answers: Answers;
  deps: ConsultationDeps;
  /** Open at the first unanswered step (a returning shopper, ?is-returning=true). */
  resume: boolean;
  services: StepServices;
  /** The shopper's own facts shown on screens. */
  facts: { firstName?: string; accountEmail?: string };
  /** Fetches the aggressors when the geo-aggressors step opens without them (after a reload). */
  loadAggressors?: () => Promise<{ city: string; aggressors: GeoAggressor[] } | undefined>;
  /** Fetches a ranked-fragrance or textures step's ranking, fresh since the last save (signed-in shoppers only; spec 000 §3.5-3.6, §4.3). */
  loadRanking?: (ranking: RankingSource, category: string) => Promise<RankedItem[]>;
}

/** The step the machine is on, or null at the results. */
function currentStepName(snapshot: FlowSnapshot): string | null {
  const value = snapshot.value;
  if (typeof value === 'string') return null;
  const key = Object.keys(value)[0] ?? '';
  return key.startsWith('step:') ? key.slice(5) : null;
}

/**
 * Runs one consultation: the flow machine drives which step shows, and the URL follows it both
 * ways (a deep link, the back button and a reload land on the same step, pre-filled).
 */
export function FlowRunner({ flow, env, answers, deps, resume, services, facts, loadAggressors, loadRanking }: FlowRunnerProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const [{ machine, input }] = useState(() => {
    const runtime = createFlowRuntime(flow, env);
    return {
      machine: createFlowMachine(runtime).provide({
        actors: {
          saveAnswers: fromPromise<SaveResult | void, SaveRequest>(({ input }) => savingCode().then((m) => m.saveStepAnswers(deps, input))),
          completeFlow: fromPromise<void, { flowId: string; category: string; values: Answers; env: FlowEnvironment }>(({ input }) => savingCode().then((m) => m.completeConsultation(deps, input))),
        },
      }),
      input: { runtime, answers, route: location.pathname, resume },
    };
  });
  const actor = useActorRef(machine, { input });

  const snapshot = useSelector(actor, (s) => s);
  const { runtime, env: currentEnv } = snapshot.context;
  const stepName = currentStepName(snapshot);
  const step = stepName ? runtime.steps.find((s) => s.name === stepName) : undefined;
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

  // The session can change while the flow runs (signing up on the sign-in step).
  useEffect(() => {
    if (env.session !== currentEnv.session || env.user.hasNames !== currentEnv.user.hasNames) {
      actor.send({ type: 'SESSION', session: env.session, user: env.user });
    }
  }, [actor, env, currentEnv]);

  // After a reload on geo-aggressors, the city comes from the server again.
  const city = snapshot.context.facts.city;
  useEffect(() => {
    if (step?.kind !== 'geo-aggressors' || city || !loadAggressors) return;
    let live = true;
    loadAggressors()
      .then((found) => live && found && actor.send({ type: 'FACTS', facts: { city: found.city, aggressors: found.aggressors } }))
      .catch((error) => reportError('loading aggressors', error));
    return () => void (live = false);
  }, [step?.kind, city, loadAggressors, actor]);

  // A ranked step's ranking, asked for each time the step opens (the loader fetches again only after a save, spec 000 §4.3).
  const ranking = step && 'ranking' in step && loadRanking ? step.ranking : undefined;
  const [ranked, setRanked] = useState<{ step?: string; facts: RankingFacts }>();
  useEffect(() => {
    if (!ranking) return;
    let live = true;
    const show = (facts: RankingFacts) => live && setRanked({ step: stepName!, facts });
    show({ status: 'loading' });
    loadRanking!(ranking, runtime.flow.category).then(
      (items) => show({ status: 'ready', items }),
      () => show({ status: 'error' }),
    );
    return () => void (live = false);
  }, [ranking, stepName, loadRanking, runtime]);

  // The words of the step on screen (the results need them all); the rest load once the shopper answers.
  const [answering, setAnswering] = useState(false);
  const content = useFlowContent(flow, stepName, answering);

  // Leaving mid-way asks an anonymous visitor for an e-mail, with the flow's words (spec 000 §2.7).
  useExitCapture({
    armed: Boolean(step) && currentEnv.session !== 'authenticated',
    category: runtime.flow.category,
    prepare: () => loadAllContent(flow),
    copy: () => runtime.flow.exitModal && { ...runtime.flow.exitModal, ...exitModalText(runtime, { answers: snapshot.context.answers, env: currentEnv, variants: runtime.variants }) },
  });

  if (content.failed) {
    return (
      <PageStatus role="alert">
        <p>We couldn't load this part of your consultation. Please check your connection.</p>
        <button type="button" className="button" onClick={content.retry}>
          Try again
        </button>
      </PageStatus>
    );
  }
  if (!content.ready) return <PageStatus>{step ? 'Loading your consultation…' : 'Loading your results…'}</PageStatus>;

  if (!step) {
    return (
      <Suspense fallback={<PageStatus>Loading your results…</PageStatus>}>
        <ConsultationResults runtime={runtime} answers={snapshot.context.answers} env={snapshot.context.env} />
      </Suspense>
    );
  }

  const scope = { answers: snapshot.context.answers, env: snapshot.context.env, variants: runtime.variants };
  const screen = describeStep(runtime, step, scope, { ...facts, ...snapshot.context.facts });
  return (
    <div className="page page--flow">
      <StepView
        screen={screen as never}
        onChange={(selection: Selection) => {
          void savingCode();
          setAnswering(true);
          actor.send({ type: 'ANSWER', selection });
        }}
        onNext={() => {
          setAnswering(true);
          actor.send({ type: 'NEXT' });
        }}
        busy={snapshot.matches({ [`step:${step.name}`]: 'waiting' }) || snapshot.matches({ [`step:${step.name}`]: 'saving' })}
        error={snapshot.context.error ?? undefined}
        services={services}
        facts={{
          firstName: facts.firstName,
          accountEmail: facts.accountEmail,
          city: typeof city === 'string' ? city : undefined,
          aggressors: snapshot.context.facts.aggressors as GeoAggressor[] | undefined,
          ranking: ranking && (ranked?.step === stepName ? ranked.facts : { status: 'loading' }),
        }}
      />
    </div>
  );
}
