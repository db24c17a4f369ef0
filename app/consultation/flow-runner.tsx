import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useActorRef, useSelector } from '@xstate/react';
import {
  createFlowMachine,
  createFlowRuntime,
  describeStep,
  routePath,
  type Answers,
  type CompiledFlow,
  type FlowEnvironment,
  type FlowSnapshot,
  type Selection,
} from '#engine';
import { StepView, type GeoAggressor, type StepServices } from '../../renderer/index';
import { consultationActors, type ConsultationDeps } from './consultation-actors';
import { PageStatus } from '../shell/page-status';

const ConsultationResults = lazy(() => import('./consultation-results').then((m) => ({ default: m.ConsultationResults })));

export interface FlowRunnerProps {
  flow: CompiledFlow;
  env: FlowEnvironment;
  answers: Answers;
  deps: ConsultationDeps;
  /** Open at the first unanswered step (a returning shopper, ?is-returning=true). */
  resume: boolean;
  services: StepServices;
  /** The shopper's own facts shown on screens. */
  facts: { firstName?: string };
  /** Fetches the aggressors when the geo-aggressors step opens without them (after a reload). */
  loadAggressors?: () => Promise<{ city: string; aggressors: GeoAggressor[] } | undefined>;
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
export function FlowRunner({ flow, env, answers, deps, resume, services, facts, loadAggressors }: FlowRunnerProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const [{ machine, input }] = useState(() => {
    const runtime = createFlowRuntime(flow, env);
    return {
      machine: createFlowMachine(runtime).provide({ actors: consultationActors(deps) }),
      input: { runtime, answers, route: location.pathname, resume },
    };
  });
  const actor = useActorRef(machine, { input });

  const snapshot = useSelector(actor, (s) => s);
  const { runtime, env: currentEnv } = snapshot.context;
  const stepName = currentStepName(snapshot);
  const step = stepName ? runtime.steps.find((s) => s.name === stepName) : undefined;
  const route = step ? step.route : flow.routes.results;
  const query = useMemo(() => (flow.query ? `?${new URLSearchParams(flow.query)}` : ''), [flow.query]);

  // The URL and the machine follow each other: the machine moved -> go there; the URL moved -> tell the machine.
  const synced = useRef<string | null>(null);
  useEffect(() => {
    const here = routePath(location.pathname);
    if (route !== synced.current) {
      const first = synced.current === null;
      synced.current = route;
      if (here !== route) navigate(`${route}${query || location.search}`, { replace: first || snapshot.context.replace });
      return;
    }
    if (here !== route) actor.send({ type: 'GO_TO_ROUTE', route: here });
  }, [route, location.pathname, location.search, query, navigate, actor, snapshot.context.replace]);

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
      .catch((error) => console.error('loading aggressors failed', error));
    return () => void (live = false);
  }, [step?.kind, city, loadAggressors, actor]);

  if (!step) {
    return (
      <Suspense fallback={<PageStatus>Loading your results…</PageStatus>}>
        <ConsultationResults runtime={runtime} answers={snapshot.context.answers} env={snapshot.context.env} />
      </Suspense>
    );
  }

  const scope = { answers: snapshot.context.answers, env: snapshot.context.env, variants: runtime.variants };
  const screen = describeStep(runtime, step, scope, { ...facts, ...snapshot.context.facts });
  const busy = snapshot.matches({ [`step:${step.name}`]: 'waiting' }) || snapshot.matches({ [`step:${step.name}`]: 'saving' });
  return (
    <div className="page page--flow">
      <StepView
        screen={screen as never}
        onChange={(selection: Selection) => actor.send({ type: 'ANSWER', selection })}
        onNext={() => actor.send({ type: 'NEXT' })}
        busy={busy}
        error={snapshot.context.error ?? undefined}
        services={services}
        facts={{
          firstName: facts.firstName,
          city: typeof city === 'string' ? city : undefined,
          aggressors: snapshot.context.facts.aggressors as GeoAggressor[] | undefined,
        }}
      />
    </div>
  );
}
